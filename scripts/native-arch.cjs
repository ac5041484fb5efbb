// Native modules must match the package they ship in. electron-builder's native rebuild is replaced by a stub
// (scripts/no-native-rebuild; npmRebuild: false), so a package for another architecture (an arm64 dmg made on an
// x64 Mac, a universal one, an arm64 AppImage made on x64) would carry this machine's keytar.node, which cannot load
// there. electron-builder.yml runs this module as two hooks:
//   beforePack: refuses, before anything is packed, a build whose production native modules (found by walking the
//               `dependencies` of package.json) were built for another platform or architecture than the target;
//   afterPack:  reads every .node file that was actually packed and refuses the same way (what ships is checked).
// The architecture comes from each file's header: ELF e_machine, Mach-O cputype (thin or fat), PE/COFF Machine.
// CommonJS and dependency-free: electron-builder require()s hooks, and the tests import the reader.
'use strict';

const { closeSync, existsSync, lstatSync, openSync, readdirSync, readFileSync, readSync } = require('node:fs');
const path = require('node:path');

const { dirname, join } = path;

// electron-builder's Arch enum (builder-util): ia32 = 0, x64 = 1, armv7l = 2, arm64 = 3, universal = 4.
const BUILDER_ARCHES = ['ia32', 'x64', 'armv7l', 'arm64', 'universal'];

const ELF_MACHINES = { 3: 'ia32', 40: 'armv7l', 62: 'x64', 183: 'arm64' };
const MACHO_CPUTYPES = { 7: 'ia32', 0x01000007: 'x64', 12: 'armv7l', 0x0100000c: 'arm64' };
const PE_MACHINES = { 0x014c: 'ia32', 0x8664: 'x64', 0x01c4: 'armv7l', 0xaa64: 'arm64' };

/** The executable format each platform loads. */
const FORMAT_OF_PLATFORM = { linux: 'elf', darwin: 'mach-o', mas: 'mach-o', win32: 'pe' };
const FORMAT_NAMES = { elf: 'ELF', 'mach-o': 'Mach-O', pe: 'PE' };
const WITH_ARTICLE = { elf: 'an ELF', 'mach-o': 'a Mach-O', pe: 'a PE' };

const HEADER_BYTES = 64 * 1024;

/**
 * What a native binary's header says: its format and the architectures it holds (one, or several for a fat
 * Mach-O), with the raw field for messages. Undefined when the bytes are no ELF, Mach-O or PE image.
 * @param {Buffer} b
 */
function readMachine(b) {
  if (b.length >= 20 && b[0] === 0x7f && b.toString('latin1', 1, 4) === 'ELF') {
    const machine = b[5] === 2 ? b.readUInt16BE(18) : b.readUInt16LE(18);
    return {
      format: 'elf',
      arches: [ELF_MACHINES[machine] ?? `unknown (${machine})`],
      detail: `ELF e_machine ${machine}`,
    };
  }
  if (b.length >= 8) {
    const magicBE = b.readUInt32BE(0);
    if (magicBE === 0xcafebabe || magicBE === 0xcafebabf) {
      // Fat (universal) Mach-O, always big-endian: nfat_arch, then fat_arch (20 bytes) or fat_arch_64 (32 bytes).
      const count = b.readUInt32BE(4);
      const size = magicBE === 0xcafebabe ? 20 : 32;
      if (count > 0 && count < 64 && b.length >= 8 + count * size) {
        const types = [];
        for (let i = 0; i < count; i++) types.push(b.readInt32BE(8 + i * size) >>> 0);
        return {
          format: 'mach-o',
          arches: types.map((t) => MACHO_CPUTYPES[t] ?? `unknown (${t})`),
          detail: `fat Mach-O cputypes ${types.join(', ')}`,
        };
      }
    }
    const magicLE = b.readUInt32LE(0);
    const thin = [0xfeedface, 0xfeedfacf];
    if (thin.includes(magicLE) || thin.includes(magicBE)) {
      const cputype = thin.includes(magicLE) ? b.readUInt32LE(4) : b.readUInt32BE(4);
      return {
        format: 'mach-o',
        arches: [MACHO_CPUTYPES[cputype] ?? `unknown (${cputype})`],
        detail: `Mach-O cputype ${cputype}`,
      };
    }
  }
  if (b.length >= 0x40 && b.toString('latin1', 0, 2) === 'MZ') {
    const pe = b.readUInt32LE(0x3c);
    if (pe + 6 <= b.length && b.toString('latin1', pe, pe + 4) === 'PE\0\0') {
      const machine = b.readUInt16LE(pe + 4);
      return {
        format: 'pe',
        arches: [PE_MACHINES[machine] ?? `unknown (0x${machine.toString(16)})`],
        detail: `PE Machine 0x${machine.toString(16)}`,
      };
    }
  }
  return undefined;
}

/** @param {string} path */
function readHeader(path) {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(HEADER_BYTES);
    return buffer.subarray(0, readSync(fd, buffer, 0, HEADER_BYTES, 0));
  } finally {
    closeSync(fd);
  }
}

/**
 * Why a native module cannot load on platform/arch, or undefined when it can. `arch` is a Node/electron-builder
 * name; 'universal' needs a fat Mach-O holding both x64 and arm64.
 * @param {Buffer} header @param {string} platform @param {string} arch
 */
function mismatch(header, platform, arch) {
  const info = readMachine(header);
  const format = FORMAT_OF_PLATFORM[platform];
  if (!info) return 'is not an ELF, Mach-O or PE binary';
  if (format && info.format !== format)
    return `is ${WITH_ARTICLE[info.format]} binary (${info.detail}), not ${FORMAT_NAMES[format]}`;
  const wanted = arch === 'universal' ? ['x64', 'arm64'] : [arch];
  const missing = wanted.filter((a) => !info.arches.includes(a));
  return missing.length === 0 ? undefined : `is built for ${info.arches.join(' + ')} (${info.detail})`;
}

/** .node files under dir; symbolic links and nested node_modules (other packages) are not followed. */
function nodeFilesUnder(dir, { skipNodeModules }) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) {
      if (!(skipNodeModules && entry.name === 'node_modules')) found.push(...nodeFilesUnder(path, { skipNodeModules }));
    } else if (entry.isFile() && entry.name.endsWith('.node')) found.push(path);
  }
  return found;
}

function dependenciesOf(packageDir) {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  return [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.optionalDependencies ?? {})];
}

/** Node's lookup of a package from a folder: its node_modules, then each parent's, up to the project. */
function packageDir(name, from, projectDir) {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === projectDir || dirname(dir) === dir) return undefined;
  }
}

/** The .node files of the packages the app ships: package.json's dependencies and theirs, not devDependencies. */
function productionNativeModules(projectDir) {
  const seen = new Set();
  const files = [];
  const queue = dependenciesOf(projectDir).map((name) => ({ name, from: projectDir }));
  while (queue.length > 0) {
    const next = queue.shift();
    const dir = next && packageDir(next.name, next.from, projectDir);
    if (!dir || seen.has(dir)) continue;
    seen.add(dir);
    files.push(...nodeFilesUnder(dir, { skipNodeModules: true }));
    for (const name of dependenciesOf(dir)) queue.push({ name, from: dir });
  }
  return files;
}

/**
 * A file under baseDir as messages name it: relative, with `/` on every system (Windows's own is `\`).
 * @param {string} baseDir @param {string} file @param {Pick<typeof path, 'relative' | 'sep'>} [api]
 */
function displayPath(baseDir, file, api = path) {
  return api.relative(baseDir, file).split(api.sep).join('/');
}

/** One message for every file that does not fit, or undefined when all do. */
function refusal(files, platform, arch, baseDir, stage) {
  const problems = files.flatMap((file) => {
    const why = mismatch(readHeader(file), platform, arch);
    return why ? [`${displayPath(baseDir, file)} ${why}`] : [];
  });
  if (problems.length === 0) return undefined;
  const target = `${platform}-${arch}`;
  return [
    `Refusing to package for ${target} (${stage}): native modules are not built for ${target}.`,
    ...problems.map((p) => `  - ${p}`),
    'The native rebuild is switched off (scripts/no-native-rebuild, npmRebuild: false), so the package would ship',
    'a module that cannot load there. Build each architecture on a machine of that architecture (the release',
    `workflow has one runner per target), or first put keytar's prebuilt binary for ${target} in place:`,
    `  (cd node_modules/keytar && rm -rf build && npx prebuild-install --platform ${platform === 'mas' ? 'darwin' : platform} --arch ${arch})`,
  ].join('\n');
}

/** @param {number | string} arch */
function archName(arch) {
  return typeof arch === 'number' ? (BUILDER_ARCHES[arch] ?? String(arch)) : arch;
}

/** electron-builder beforePack hook: checks the production node_modules the package will copy. */
async function beforePack(context) {
  const projectDir = context.packager.projectDir;
  const message = refusal(
    productionNativeModules(projectDir),
    context.electronPlatformName,
    archName(context.arch),
    projectDir,
    'before packing',
  );
  if (message) throw new Error(message);
}

/** electron-builder afterPack hook: checks every .node file that was packed into the app. */
async function afterPack(context) {
  const message = refusal(
    nodeFilesUnder(context.appOutDir, { skipNodeModules: false }),
    context.electronPlatformName,
    archName(context.arch),
    context.appOutDir,
    'after packing',
  );
  if (message) throw new Error(message);
}

module.exports = {
  readMachine,
  readHeader,
  mismatch,
  displayPath,
  productionNativeModules,
  nodeFilesUnder,
  beforePack,
  afterPack,
};
