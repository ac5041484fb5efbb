// electron-builder.yml is checked with electron-builder's own loader and JSON-schema validation (for every target:
// deb, AppImage, dmg, nsis), plus the promises the app relies on at run time. packaging-build.test.ts packages it.
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
// electron-builder first: app-builder-lib's modules import each other in a cycle that only its index resolves.
import { MacPackager } from 'electron-builder';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { DebugLogger } from 'builder-util/out/DebugLogger';
import { describe, expect, it } from 'vitest';
import { APP_ID, DESKTOP_ENTRY } from '../../electron/adapters/app-paths';
import { textContaining, textMatching } from '../support/matchers';

const root = process.cwd();
// Electron's fuse sentinel (@electron/fuses); the wire after it is read and written by position.
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

describe('electron-builder configuration', () => {
  it('is valid for electron-builder and packages only built files', async () => {
    // Validation normalises the config in place, so it gets its own copy.
    await validateConfiguration(await getConfig(root, null, null), new DebugLogger(false));
    const config = await getConfig(root, null, null);
    expect(config.appId).toBe(APP_ID); // Windows toasts are attributed by this id (notifier appID)
    // The loader normalises `files` into file sets ({ filter }); what matters is the one set's patterns.
    expect(JSON.stringify(config.files)).toBe(
      JSON.stringify([
        {
          filter: [
            'dist/**',
            '!dist/**/*.map',
            'package.json',
            '!node_modules/zod/**',
            '!node_modules/luxon/**',
            '!node_modules/node-notifier/vendor/mac.noindex/**',
            '!node_modules/node-notifier/vendor/notifu/**',
          ],
        },
      ]),
    );
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toEqual(expect.arrayContaining(['dist/icons/**', 'node_modules/keytar/**']));
  });

  it('builds a menu-bar app on macOS and the expected targets with icons from build/', async () => {
    const config = await getConfig(root, null, null);
    expect(config.mac?.extendInfo).toMatchObject({ LSUIElement: true });
    expect(config.mac?.target).toBe('dmg');
    expect(config.win?.target).toBe('nsis');
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    for (const icon of [config.mac?.icon, config.win?.icon, config.linux?.icon]) {
      expect(icon && existsSync(join(root, icon)), String(icon)).toBe(true);
    }
  });

  it('sets the Electron fuses at package time (security checklist item 19)', async () => {
    const config = await getConfig(root, null, null);
    expect(config.electronFuses).toEqual({
      resetAdHocDarwinSignature: true,
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  // Proven with electron-builder's own fuse step (MacPackager's doAddElectronFuses, as it runs after packing a
  // darwin app) on a stand-in "OnCall Tray.app" whose framework carries a fuse wire, and a stand-in `codesign` first on
  // PATH that records how it is called: the fuses are flipped, and then the .app is ad-hoc signed again.
  it.skipIf(process.platform === 'win32')(
    'flips the fuses of a macOS app and then ad-hoc signs the .app again (skipped on Windows: the stand-in codesign is a shell script)',
    async () => {
      const work = await mkdtemp(join(tmpdir(), 'oncall-fuses-'));
      try {
        const app = join(work, 'OnCall Tray.app');
        const framework = join(app, 'Contents', 'Frameworks', 'Electron Framework.framework', 'Electron Framework');
        await mkdir(dirname(framework), { recursive: true });
        const wire = Buffer.concat([Buffer.from(SENTINEL), Buffer.from([1, 8]), Buffer.from('10110001')]);
        await writeFile(framework, Buffer.concat([Buffer.from('stand-in framework'), wire]));
        const bin = join(work, 'bin');
        await mkdir(bin);
        await writeFile(join(bin, 'codesign'), `#!/bin/sh\nprintf '%s\\n' "$@" > '${join(work, 'codesign-args')}'\n`);
        await chmod(join(bin, 'codesign'), 0o755);
        const config = await getConfig(root, null, null);
        const packager: unknown = Object.create(MacPackager.prototype);
        Object.assign(packager as object, { info: { config }, appInfo: { productFilename: 'OnCall Tray' } });
        const step: unknown = Reflect.get(MacPackager.prototype, 'doAddElectronFuses');
        if (typeof step !== 'function') throw new Error("electron-builder's fuse step is not where it was");
        const path = process.env.PATH;
        process.env.PATH = `${bin}${delimiter}${path ?? ''}`;
        try {
          await Reflect.apply(step, packager, [{ appOutDir: work, electronPlatformName: 'darwin' }]);
        } finally {
          process.env.PATH = path;
        }
        const flipped = await readFile(framework);
        const at = flipped.indexOf(SENTINEL) + SENTINEL.length + 2;
        expect(flipped.subarray(at, at + 8).toString()).toBe('01001100');
        expect((await readFile(join(work, 'codesign-args'), 'utf8')).trim().split('\n')).toEqual([
          '--sign',
          '-',
          '--force',
          '--preserve-metadata=entitlements,requirements,flags,runtime',
          '--deep',
          app,
        ]);
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
  );

  it('has the metadata the deb needs and a desktop entry tied to the window class and the notifier', async () => {
    const config = await getConfig(root, null, null);
    const { readFile } = await import('node:fs/promises');
    const pkg: unknown = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
    expect(pkg).toMatchObject({
      homepage: textMatching(/^https:\/\//),
      author: { email: textContaining('@') },
      desktopName: `${DESKTOP_ENTRY}.desktop`,
    });
    expect(config.linux?.maintainer).toMatch(/^.+ <[^@\s]+@[^@\s]+>$/);
    expect(config.linux?.desktop?.entry).toMatchObject({ StartupWMClass: DESKTOP_ENTRY });
    expect(config.linux?.executableName).toBe(DESKTOP_ENTRY);
  });

  it('matches package.json: main is the bundle the build writes', async () => {
    const { readFile } = await import('node:fs/promises');
    const pkg: unknown = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
    expect(pkg).toMatchObject({ main: 'dist/main/main.cjs', scripts: { build: 'node scripts/build.mjs' } });
  });
});
