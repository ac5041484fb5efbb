// Types for scripts/native-arch.cjs (electron-builder's beforePack/afterPack hooks and the header reader).

export type BinaryFormat = 'elf' | 'mach-o' | 'pe';

export interface MachineInfo {
  format: BinaryFormat;
  /** Node/electron-builder architecture names ('x64', 'arm64', 'ia32', 'armv7l'), or 'unknown (n)'. */
  arches: string[];
  /** The header field as read, e.g. "ELF e_machine 62". */
  detail: string;
}

/** The format and architectures a native binary's header names; undefined for anything else. */
export function readMachine(header: Buffer): MachineInfo | undefined;
/** The first 64 KiB of a file: enough for every header above. */
export function readHeader(path: string): Buffer;
/** Why the binary cannot load on platform/arch ('universal': a fat Mach-O with x64 and arm64), or undefined. */
export function mismatch(header: Buffer, platform: string, arch: string): string | undefined;
/** The .node files of the packages the app ships (package.json dependencies, transitively). */
export function productionNativeModules(projectDir: string): string[];
/** file relative to baseDir with `/` separators (`api`: path.win32 or path.posix, to test either). */
export function displayPath(
  baseDir: string,
  file: string,
  api?: Pick<typeof import('node:path'), 'relative' | 'sep'>,
): string;
export function nodeFilesUnder(dir: string, options: { skipNodeModules: boolean }): string[];

export interface HookContext {
  packager: { projectDir: string };
  appOutDir: string;
  electronPlatformName: string;
  arch: number | string;
}

export function beforePack(context: HookContext): Promise<void>;
export function afterPack(context: HookContext): Promise<void>;
