// The tests run `npm run status` on Linux, macOS and Windows: through npm's own CLI script where npm named it, else
// the npm program (POSIX) or npm.cmd through cmd.exe with each argument quoted (Windows).
import { win32 } from 'node:path';
import { describe, expect, it } from 'vitest';
import { npmCommand, quoteForCmd } from './support/npm-command';

const ARGS = ['run', '--silent', 'status', '--', '--base-url', 'https://me:k@x.example/api?key=a&b=1#frag'];

describe('running npm from the CLI tests', () => {
  it("runs npm's CLI script with this Node when npm named it (Windows paths too): no shell, arguments untouched", () => {
    const cli = win32.join('C:\\Program Files\\nodejs', 'node_modules', 'npm', 'bin', 'npm-cli.js');
    expect(
      npmCommand(ARGS, {
        platform: 'win32',
        env: { npm_execpath: cli },
        execPath: 'C:\\Program Files\\nodejs\\node.exe',
      }),
    ).toEqual({ file: 'C:\\Program Files\\nodejs\\node.exe', args: [cli, ...ARGS], shell: false });
    expect(
      npmCommand(ARGS, {
        platform: 'linux',
        env: { npm_execpath: '/usr/lib/node_modules/npm/bin/npm-cli.js' },
        execPath: '/usr/bin/node',
      }),
    ).toEqual({ file: '/usr/bin/node', args: ['/usr/lib/node_modules/npm/bin/npm-cli.js', ...ARGS], shell: false });
  });

  it('without it: npm on POSIX; npm.cmd through cmd.exe on Windows, every argument quoted', () => {
    expect(npmCommand(ARGS, { platform: 'darwin', env: {}, execPath: '/usr/local/bin/node' })).toEqual({
      file: 'npm',
      args: ARGS,
      shell: false,
    });
    // Another package manager's execpath (not a script Node can run) is not taken for npm's.
    const windows = npmCommand(ARGS, {
      platform: 'win32',
      env: { npm_execpath: 'C:\\pnpm\\pnpm.exe' },
      execPath: 'node.exe',
    });
    expect(windows.file).toBe('npm.cmd');
    expect(windows.shell).toBe(true);
    expect(windows.args).toEqual(ARGS.map((a) => `"${a}"`));
    expect(quoteForCmd('say "hi" & exit')).toBe('"say ""hi"" & exit"');
  });
});
