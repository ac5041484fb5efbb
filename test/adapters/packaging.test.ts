// electron-builder.yml is checked with electron-builder's own loader and JSON-schema validation (for every target:
// deb, AppImage, dmg, nsis), plus the promises the app relies on at run time. packaging-build.test.ts packages it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { DebugLogger } from 'builder-util/out/DebugLogger';
import { describe, expect, it } from 'vitest';
import { APP_ID, DESKTOP_ENTRY } from '../../electron/adapters/app-paths';

const root = process.cwd();

describe('electron-builder configuration', () => {
  it('is valid for electron-builder and packages only built files', async () => {
    // Validation normalises the config in place, so it gets its own copy.
    await validateConfiguration(await getConfig(root, null, null), new DebugLogger(false));
    const config = await getConfig(root, null, null);
    expect(config.appId).toBe(APP_ID); // Windows toasts are attributed by this id (notifier appID)
    // The loader normalises `files` into file sets ({ filter }); what matters is the one set's patterns.
    expect(JSON.stringify(config.files)).toBe(
      JSON.stringify([
        { filter: ['dist/**', '!dist/**/*.map', 'package.json', '!node_modules/zod/**', '!node_modules/luxon/**'] },
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
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('has the metadata the deb needs and a desktop entry tied to the window class and the notifier', async () => {
    const config = await getConfig(root, null, null);
    const { readFile } = await import('node:fs/promises');
    const pkg: unknown = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
    expect(pkg).toMatchObject({
      homepage: expect.stringMatching(/^https:\/\//),
      author: { email: expect.stringContaining('@') },
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
