// How to run `npm …` from a test on every system without a shell where possible. Under npm (npm test, npx vitest)
// npm_execpath names npm's own CLI script: Node runs it directly, arguments pass untouched. Otherwise `npm` is a
// program on POSIX, but on Windows a batch file (npm.cmd), which Node only starts through a shell (since the
// CVE-2024-27980 fix), so each argument is quoted for cmd.exe.

export interface NpmCommand {
  file: string;
  args: string[];
  shell: boolean;
}

/** cmd.exe quoting: the argument in double quotes, each quote inside doubled. */
export function quoteForCmd(arg: string): string {
  return `"${arg.replace(/"/g, '""')}"`;
}

export function npmCommand(
  args: readonly string[],
  { platform, env, execPath }: { platform: NodeJS.Platform; env: NodeJS.ProcessEnv; execPath: string },
): NpmCommand {
  const cli = env.npm_execpath;
  if (cli && /\.[cm]?js$/.test(cli)) return { file: execPath, args: [cli, ...args], shell: false };
  if (platform === 'win32') return { file: 'npm.cmd', args: args.map(quoteForCmd), shell: true };
  return { file: 'npm', args: [...args], shell: false };
}
