// Packages the app for real with electron-builder (`--linux dir`), using the project's electron-builder.yml,
// but with a stand-in Electron distribution (electronDist): Electron's binary can't be downloaded here. The
// stand-in "binary" carries a fuse wire, so the fuses electron-builder flips can be read back. After packing,
// electron-builder's own deb checks and desktop-entry generation run on the same packager.
// Linux only (support/packaging-host.ts says why, and the skipped suite's name says it on macOS and Windows).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { listPackage } from '@electron/asar';
// electron-builder first: app-builder-lib's modules import each other in a cycle that only its index resolves.
import { Arch, build, LinuxPackager, Platform } from 'electron-builder';
import FpmTarget from 'app-builder-lib/out/targets/FpmTarget';
import { LinuxTargetHelper } from 'app-builder-lib/out/targets/LinuxTargetHelper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packagingHost } from './support/packaging-host';
import { textMatching } from '../support/matchers';

const root = process.cwd();
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
// Electron's fuse order: RunAsNode, CookieEncryption, NODE_OPTIONS, CLI inspect, asar integrity, only-asar,
// browser V8 snapshot, file:// privileges. This wire is Electron's default setting of each.
const DEFAULT_WIRE = '10110001';
const host = packagingHost(process.platform, process.arch);

let work = '';
let appDir = '';
let asarFiles: string[] = [];
let debMeta: unknown;
let desktopEntry = '';

async function standInElectron(dir: string): Promise<void> {
  await mkdir(join(dir, 'resources'), { recursive: true });
  const wire = Buffer.concat([Buffer.from(SENTINEL), Buffer.from([1, DEFAULT_WIRE.length]), Buffer.from(DEFAULT_WIRE)]);
  await writeFile(join(dir, 'electron'), Buffer.concat([Buffer.from('#!/bin/sh\necho stand-in Electron\n'), wire]));
  await chmod(join(dir, 'electron'), 0o755);
  await writeFile(join(dir, 'LICENSE'), 'stand-in');
  await writeFile(join(dir, 'version'), '41.7.1');
}

/** The deb target's metadata checks and the .desktop file, as electron-builder computes them for this packager. */
async function linuxChecks(packager: unknown, outDir: string): Promise<void> {
  if (!(packager instanceof LinuxPackager)) throw new Error('expected the Linux packager');
  const helper = new LinuxTargetHelper(packager);
  debMeta = await new FpmTarget('deb', packager, helper, outDir).checkOptions();
  desktopEntry = await readFile(await helper.writeDesktopEntry(packager.platformSpecificBuildOptions), 'utf8');
}

const topModules = () =>
  new Set(asarFiles.filter((f) => /^\/node_modules\/[^/]+$/.test(f)).map((f) => f.split('/')[2]));

describe('choosing what packaging-build can package on this machine', () => {
  it('packages for Linux x64 and arm64 (in the folder electron-builder names), and says why it skips elsewhere', () => {
    expect(packagingHost('linux', 'x64')).toEqual({
      kind: 'package',
      platform: 'linux',
      arch: 'x64',
      appDirName: 'linux-unpacked',
    });
    expect(packagingHost('linux', 'arm64')).toMatchObject({ kind: 'package', appDirName: 'linux-arm64-unpacked' });
    expect(packagingHost('darwin', 'arm64')).toEqual({
      kind: 'skip',
      reason: textMatching(/^skipped on darwin: .*Mach-O keytar\.node cannot go in one; CI packages this host/),
    });
    expect(packagingHost('win32', 'x64')).toEqual({
      kind: 'skip',
      reason: textMatching(/^skipped on win32: .*PE keytar\.node cannot go in one/),
    });
    expect(packagingHost('linux', 'ia32')).toMatchObject({ kind: 'skip', reason: /^skipped on linux-ia32: / });
  });
});

describe.skipIf(host.kind !== 'package')(
  `packaged app (linux dir, stand-in Electron)${host.kind === 'skip' ? ` — ${host.reason}` : ''}`,
  () => {
    beforeAll(async () => {
      if (host.kind !== 'package') return;
      const { arch, appDirName } = host;
      work = await mkdtemp(join(tmpdir(), 'oncall-package-'));
      // dist/renderer comes from the tests' global setup; main, preload and icons are built here.
      const env = { ...process.env, NODE_ENV: 'production' };
      await promisify(execFile)(process.execPath, ['scripts/build.mjs', '--no-renderer'], { cwd: root, env });
      await standInElectron(join(work, 'electron'));
      const output = join(work, 'release');
      await build({
        projectDir: root,
        targets: Platform.LINUX.createTarget('dir', Arch[arch]),
        publish: 'never',
        config: {
          electronDist: join(work, 'electron'),
          directories: { output },
          afterPack: (context) => linuxChecks(context.packager, output),
        },
      });
      appDir = join(output, appDirName);
      asarFiles = listPackage(join(appDir, 'resources', 'app.asar'), { isPack: false });
    }, 180_000);

    afterAll(() => rm(work, { recursive: true, force: true }));

    it('has an asar with the built dist/ and package.json only: no sources, tests or source maps', () => {
      expect(new Set(asarFiles.filter((f) => /^\/[^/]+$/.test(f)))).toEqual(
        new Set(['/dist', '/node_modules', '/package.json']),
      );
      for (const file of [
        '/dist/main/main.cjs',
        '/dist/main/preload.cjs',
        '/dist/renderer/index.html',
        '/dist/renderer/start-after-paint.js',
        '/dist/renderer-ssr/prerender.cjs',
        '/dist/icons/app.png',
      ]) {
        expect(asarFiles, file).toContain(file);
      }
      const outsideModules = asarFiles.filter((f) => !f.startsWith('/node_modules/'));
      expect(
        outsideModules.filter(
          (f) => /\.(ts|map|svelte)$/.test(f) || /^\/(electron|renderer|test|scripts|bench)\//.test(f),
        ),
      ).toEqual([]);
    });

    it('carries the runtime dependencies and none of the development ones', () => {
      const modules = topModules();
      expect(modules.has('keytar') && modules.has('node-notifier')).toBe(true);
      // Bundled into main.cjs (zod, luxon) or only needed to build and test.
      for (const dev of [
        'zod',
        'luxon',
        'electron',
        'electron-builder',
        'vitest',
        'vite',
        'typescript',
        'svelte',
        'esbuild',
        'playwright-core',
      ]) {
        expect(modules.has(dev), dev).toBe(false);
      }
    });

    it("unpacks keytar's native module and the notification icons; of node-notifier's helpers only SnoreToast is there", () => {
      const unpacked = join(appDir, 'resources', 'app.asar.unpacked');
      expect(existsSync(join(unpacked, 'node_modules', 'keytar', 'build', 'Release', 'keytar.node'))).toBe(true);
      expect(existsSync(join(unpacked, 'dist', 'icons', 'app.png'))).toBe(true);
      const vendor = (name: string) => existsSync(join(unpacked, 'node_modules', 'node-notifier', 'vendor', name));
      // macOS notifies through Electron's Notification, so the x86_64 terminal-notifier is dead weight; notifu too.
      expect(['snoreToast', 'mac.noindex', 'notifu'].filter(vendor)).toEqual(['snoreToast']);
    });

    it('names the executable oncall-tray and flips the fuses in it', async () => {
      const binary = await readFile(join(appDir, 'oncall-tray'));
      const at = binary.indexOf(SENTINEL) + SENTINEL.length + 2;
      // RunAsNode off, cookies encrypted, NODE_OPTIONS off, --inspect off, asar integrity on, only asar on,
      // V8 snapshot left as Electron ships it, no extra file:// privileges.
      expect(binary.subarray(at, at + 8).toString()).toBe('01001100');
    });

    it("passes electron-builder's deb checks and writes the desktop entry users see", () => {
      expect(debMeta).toMatchObject({
        name: 'oncall-tray',
        maintainer: textMatching(/^.+ <[^@\s]+@[^@\s]+>$/),
        url: textMatching(/^https:\/\//),
      });
      expect(desktopEntry).toContain('Name=OnCall Tray');
      expect(desktopEntry).toContain('StartupWMClass=oncall-tray');
      expect(desktopEntry).toMatch(/^Categories=Utility;$/m);
      expect(desktopEntry).toContain('Exec="/opt/OnCall Tray/oncall-tray" %U');
      expect(desktopEntry).toMatch(/^Comment=.+/m);
    });
  },
);
