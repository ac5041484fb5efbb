// Each package carries native modules for its own platform and architecture. The native rebuild is a stub
// (scripts/no-native-rebuild), so electron-builder.yml's beforePack/afterPack hooks (scripts/native-arch.cjs)
// read every native module's header and refuse a package it does not fit. Proven here: the header reader on
// ELF, Mach-O (thin and fat) and PE headers, and on the host's real keytar.node; a real `--linux dir` build for
// this machine's architecture (a stand-in project and Electron) whose packed keytar.node is checked against the
// target; and the same build for another architecture, refused before anything is packed.
import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix, win32 } from 'node:path';
// electron-builder first: app-builder-lib's modules import each other in a cycle that only its index resolves.
import { Arch, build, Platform } from 'electron-builder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  afterPack,
  beforePack,
  displayPath,
  mismatch,
  nodeFilesUnder,
  productionNativeModules,
  readHeader,
  readMachine,
} from '../../scripts/native-arch.cjs';

const root = process.cwd();
const HOST_ARCH = process.arch;
const OTHER_ARCH = HOST_ARCH === 'arm64' ? 'x64' : 'arm64';

// ---- Minimal headers, as the loaders read them -----------------------------------------------------------------

function elf(machine: number, bigEndian = false): Buffer {
  const b = Buffer.alloc(64);
  b.write('\x7fELF', 0, 'latin1');
  b[4] = 2; // 64-bit
  b[5] = bigEndian ? 2 : 1;
  if (bigEndian) b.writeUInt16BE(machine, 18);
  else b.writeUInt16LE(machine, 18);
  return b;
}

function machO(cputype: number): Buffer {
  const b = Buffer.alloc(32);
  b.writeUInt32LE(0xfeedfacf, 0);
  b.writeUInt32LE(cputype, 4);
  return b;
}

function fatMachO(cputypes: number[]): Buffer {
  const b = Buffer.alloc(8 + 20 * cputypes.length);
  b.writeUInt32BE(0xcafebabe, 0);
  b.writeUInt32BE(cputypes.length, 4);
  cputypes.forEach((t, i) => b.writeUInt32BE(t, 8 + 20 * i));
  return b;
}

function pe(machine: number): Buffer {
  const b = Buffer.alloc(0x100);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  b.writeUInt16LE(machine, 0x84);
  return b;
}

describe('reading a native module header', () => {
  it('names the architecture of ELF, Mach-O and PE images by their machine fields', () => {
    expect(readMachine(elf(62))).toEqual({ format: 'elf', arches: ['x64'], detail: 'ELF e_machine 62' });
    expect(readMachine(elf(183))?.arches).toEqual(['arm64']);
    expect(readMachine(elf(40, true))?.arches).toEqual(['armv7l']);
    expect(readMachine(elf(3))?.arches).toEqual(['ia32']);
    expect(readMachine(machO(0x01000007))).toEqual({
      format: 'mach-o',
      arches: ['x64'],
      detail: `Mach-O cputype ${0x01000007}`,
    });
    expect(readMachine(machO(0x0100000c))?.arches).toEqual(['arm64']);
    expect(readMachine(fatMachO([0x01000007, 0x0100000c]))?.arches).toEqual(['x64', 'arm64']);
    expect(readMachine(pe(0x8664))).toEqual({ format: 'pe', arches: ['x64'], detail: 'PE Machine 0x8664' });
    expect(readMachine(pe(0xaa64))?.arches).toEqual(['arm64']);
    expect(readMachine(pe(0x014c))?.arches).toEqual(['ia32']);
    expect(readMachine(Buffer.from('#!/bin/sh\necho not a binary\n'))).toBeUndefined();
    expect(readMachine(Buffer.alloc(0))).toBeUndefined();
  });

  it('says why a module does not fit a target: wrong architecture, wrong format, a universal build without both', () => {
    expect(mismatch(elf(62), 'linux', 'x64')).toBeUndefined();
    expect(mismatch(elf(62), 'linux', 'arm64')).toBe('is built for x64 (ELF e_machine 62)');
    expect(mismatch(elf(62), 'darwin', 'x64')).toBe('is an ELF binary (ELF e_machine 62), not Mach-O');
    expect(mismatch(machO(0x0100000c), 'darwin', 'arm64')).toBeUndefined();
    expect(mismatch(machO(0x0100000c), 'mas', 'x64')).toMatch(/^is built for arm64 \(Mach-O cputype/);
    expect(mismatch(machO(0x0100000c), 'darwin', 'universal')).toMatch(/^is built for arm64/);
    expect(mismatch(fatMachO([0x01000007, 0x0100000c]), 'darwin', 'universal')).toBeUndefined();
    expect(mismatch(fatMachO([0x01000007, 0x0100000c]), 'darwin', 'arm64')).toBeUndefined();
    expect(mismatch(pe(0x8664), 'win32', 'x64')).toBeUndefined();
    expect(mismatch(pe(0x8664), 'win32', 'arm64')).toBe('is built for x64 (PE Machine 0x8664)');
    expect(mismatch(Buffer.from('text'), 'linux', 'x64')).toBe('is not an ELF, Mach-O or PE binary');
  });

  it("finds the shipped native modules (keytar's) and none from devDependencies, and they fit this machine", () => {
    const files = productionNativeModules(root).map((f) => displayPath(root, f));
    expect(files).toContain('node_modules/keytar/build/Release/keytar.node');
    // Development-only native packages (e.g. @resvg/resvg-js, esbuild) are not shipped, so not checked.
    expect(files.filter((f) => !f.startsWith('node_modules/keytar/'))).toEqual([]);
    for (const file of files) {
      expect(readMachine(readHeader(join(root, file)))?.arches, file).toEqual([HOST_ARCH]);
      expect(mismatch(readHeader(join(root, file)), process.platform, HOST_ARCH), file).toBeUndefined();
    }
  });
});

describe('the electron-builder hooks', () => {
  it('name files in their messages with / on every system (Windows paths as path.win32 gives them)', () => {
    expect(
      displayPath('C:\\b\\oncall', 'C:\\b\\oncall\\node_modules\\keytar\\build\\Release\\keytar.node', win32),
    ).toBe('node_modules/keytar/build/Release/keytar.node');
    expect(displayPath('/b/oncall', '/b/oncall/node_modules/keytar/build/Release/keytar.node', posix)).toBe(
      'node_modules/keytar/build/Release/keytar.node',
    );
  });

  it('let a build for this machine through and refuse one for another architecture, naming file and fix', async () => {
    const context = (arch: number) => ({
      packager: { projectDir: root },
      appOutDir: join(root, 'node_modules', 'keytar'),
      electronPlatformName: process.platform,
      arch,
    });
    const host = Arch[HOST_ARCH === 'arm64' ? 'arm64' : 'x64'];
    const other = Arch[OTHER_ARCH === 'arm64' ? 'arm64' : 'x64'];
    await expect(beforePack(context(host))).resolves.toBeUndefined();
    await expect(afterPack(context(host))).resolves.toBeUndefined();
    const refused = beforePack(context(other));
    await expect(refused).rejects.toThrow(`Refusing to package for ${process.platform}-${OTHER_ARCH} (before packing)`);
    await expect(refused).rejects.toThrow(/node_modules\/keytar\/build\/Release\/keytar\.node is built for/);
    await expect(refused).rejects.toThrow(/prebuild-install --platform \w+ --arch/);
    await expect(afterPack(context(other))).rejects.toThrow(
      `Refusing to package for ${process.platform}-${OTHER_ARCH} (after packing)`,
    );
    // A universal macOS package needs fat binaries; a thin one is refused.
    const universal = { ...context(Arch.universal), electronPlatformName: 'darwin' };
    await expect(beforePack(universal)).rejects.toThrow(/Refusing to package for darwin-universal/);
  });
});

// ---- A real package, for this machine and for another architecture ---------------------------------------------
// electron-builder packs a small stand-in project in a temporary folder, never the shared dist/ (other test files
// rebuild and package that concurrently): a dummy main, a stand-in Electron distribution (as packaging-build.test.ts),
// and a copy of the real keytar with its build/ (the native module under test) and no dependencies of its own. The
// hooks are the project's, given as electron-builder.yml gives them (packaging-build.test.ts runs them from the yml).

let work = '';
let project = '';

async function standInProject(dir: string): Promise<void> {
  const keytarVersion = z
    .object({ version: z.string() })
    .parse(JSON.parse(await readFile(join(root, 'node_modules', 'keytar', 'package.json'), 'utf8'))).version;
  await mkdir(join(dir, 'dist', 'main'), { recursive: true });
  await writeFile(join(dir, 'dist', 'main', 'main.cjs'), '// stand-in main\n');
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({
      name: 'oncall-tray',
      productName: 'OnCall Tray',
      version: '0.0.0',
      description: 'stand-in',
      author: 'stand-in',
      main: 'dist/main/main.cjs',
      dependencies: { keytar: keytarVersion },
    }),
  );
  const keytar = join(dir, 'node_modules', 'keytar');
  // dereference: where node_modules/keytar is a link (a worktree), the copy must not write through it.
  await cp(join(root, 'node_modules', 'keytar'), keytar, {
    recursive: true,
    dereference: true,
    filter: (src) => !src.includes(`${join('keytar', 'node_modules')}`),
  });
  await writeFile(
    join(keytar, 'package.json'),
    JSON.stringify({ name: 'keytar', version: keytarVersion, main: './lib/keytar.js' }),
  );
  const electron = join(dir, 'electron-dist');
  await mkdir(join(electron, 'resources'), { recursive: true });
  await writeFile(join(electron, 'electron'), '#!/bin/sh\necho stand-in Electron\n');
  await chmod(join(electron, 'electron'), 0o755);
  await writeFile(join(electron, 'LICENSE'), 'stand-in');
  await writeFile(join(electron, 'version'), '41.7.1');
}

function packLinux(arch: Arch, output: string): Promise<unknown> {
  return build({
    projectDir: project,
    targets: Platform.LINUX.createTarget('dir', arch),
    publish: 'never',
    config: {
      appId: 'com.oncalltray.native-arch-test',
      electronVersion: '41.7.1',
      electronDist: join(project, 'electron-dist'),
      directories: { output },
      files: ['dist/**', 'package.json'],
      asarUnpack: ['node_modules/keytar/**'],
      npmRebuild: false,
      linux: { executableName: 'oncall-tray' },
      beforePack,
      afterPack,
    },
  });
}

describe.skipIf(process.platform !== 'linux' || !['x64', 'arm64'].includes(HOST_ARCH))(
  'a linux package (stand-in project and Electron)',
  () => {
    beforeAll(async () => {
      work = await mkdtemp(join(tmpdir(), 'oncall-native-arch-'));
      project = join(work, 'project');
      await standInProject(project);
    }, 60_000);

    afterAll(() => rm(work, { recursive: true, force: true }));

    it("for this machine's architecture carries a keytar.node whose header names that architecture", async () => {
      const output = join(work, 'host');
      await packLinux(Arch[HOST_ARCH === 'arm64' ? 'arm64' : 'x64'], output);
      const appDir = join(output, HOST_ARCH === 'arm64' ? 'linux-arm64-unpacked' : 'linux-unpacked');
      const packed = nodeFilesUnder(appDir, { skipNodeModules: false }).map((f) => displayPath(appDir, f));
      expect(packed).toContain('resources/app.asar.unpacked/node_modules/keytar/build/Release/keytar.node');
      for (const file of packed)
        expect(readMachine(readHeader(join(appDir, file))), file).toMatchObject({ format: 'elf', arches: [HOST_ARCH] });
    }, 180_000);

    it('for another architecture is refused before anything is packed, with the reason and the way out', async () => {
      const output = join(work, 'other');
      const refused = packLinux(Arch[OTHER_ARCH === 'arm64' ? 'arm64' : 'x64'], output);
      await expect(refused).rejects.toThrow(`Refusing to package for linux-${OTHER_ARCH} (before packing)`);
      await expect(refused).rejects.toThrow(
        `node_modules/keytar/build/Release/keytar.node is built for ${HOST_ARCH} (ELF e_machine`,
      );
      expect(existsSync(output) ? nodeFilesUnder(output, { skipNodeModules: false }) : []).toEqual([]);
    }, 180_000);
  },
);
