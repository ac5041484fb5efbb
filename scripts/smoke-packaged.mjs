// Packaging smoke (CI, after `npx electron-builder --dir`): launches the app electron-builder packed for this
// machine (release/linux-unpacked, release/mac-arm64/OnCall Tray.app, release/win-unpacked, …) with demo data and a
// temporary data folder, as a user's double-click would, fuses and all. Its fuses forbid Node's inspector, so it is
// watched from outside: Chromium's DevTools endpoint (--remote-debugging-port, not an inspector switch) lists the
// popover page loaded from app:// out of the packed asar (integrity-checked on macOS and Windows) with its title,
// i.e. served; then it is asked to quit (SIGTERM, which the app turns into its normal quit) and must exit with code 0
// leaving none of its processes behind. Windows has no quit request a test can send to a tray app (no signals, and
// the app has no other quit path than its tray menu): there it is stopped after the checks, and the line says so.
// Usage: node scripts/smoke-packaged.mjs   (Linux: under xvfb-run -a dbus-run-session -- sh scripts/desktop-session.sh)
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { removeQuietly, stopTree } from './smoke-cleanup.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const POPOVER = 'app://renderer/index.html?window=popover';
const START_MS = 90_000;
const QUIT_MS = 30_000;

const say = (line) => console.log(`packaged smoke: ${line}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where electron-builder's --dir target put the app for this platform and architecture. */
function packagedExecutable() {
  const suffix = process.arch === 'x64' ? '' : `-${process.arch}`;
  const release = join(root, 'release');
  switch (process.platform) {
    case 'linux':
      return join(release, `linux${suffix}-unpacked`, 'oncall-tray');
    case 'darwin':
      return join(release, `mac${suffix}`, 'OnCall Tray.app', 'Contents', 'MacOS', 'OnCall Tray');
    case 'win32':
      return join(release, `win${suffix}-unpacked`, 'OnCall Tray.exe');
    default:
      throw new Error(`no packaged app for ${process.platform}`);
  }
}

/** Every process below pid (POSIX), from one `ps` listing. */
function descendants(pid) {
  const rows = execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number))
    .filter((row) => row.length === 2 && row.every(Number.isInteger));
  const found = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const [child, ppid] of rows)
      if (ppid === parent && !found.includes(child)) (found.push(child), queue.push(child));
  }
  return found;
}

/** Whether a process is still there; a zombie (Linux: exited, not reaped, as under a container's PID 1) has ended. */
function alive(pid) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return error?.code === 'EPERM';
  }
  if (process.platform !== 'linux') return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
}

async function until(ms, what, check) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`${what}: not within ${ms / 1000} s`);
    await sleep(250);
  }
}

async function main() {
  const exe = packagedExecutable();
  if (!existsSync(exe))
    throw new Error(`no packaged app at ${relative(root, exe)}: run \`npx electron-builder --dir\` first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'oncall-packaged-'));
  const args = [
    '--demo',
    `--user-data-dir=${dataDir}`,
    '--remote-debugging-port=0',
    ...(process.platform === 'linux' ? ['--no-sandbox'] : []),
  ];
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  delete env.ONCALL_DEMO;
  const child = spawn(exe, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let exited;
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve((exited = { code, signal }))));
  say(`started ${relative(root, exe)} --demo (pid ${child.pid})`);
  try {
    const stillRunning = () => {
      if (exited) throw new Error(`the app exited during start-up (code ${exited.code}, signal ${exited.signal})`);
    };
    // The DevTools port: Chromium prints it, and writes it to DevToolsActivePort in the data folder.
    const port = await until(START_MS, 'the DevTools endpoint', () => {
      stillRunning();
      const printed = /DevTools listening on ws:\/\/[^:/]+:(\d+)\//.exec(output)?.[1];
      const file = join(dataDir, 'DevToolsActivePort');
      return printed ?? (existsSync(file) ? readFileSync(file, 'utf8').split('\n')[0]?.trim() || undefined : undefined);
    });
    const popover = await until(START_MS, 'the popover page', async () => {
      stillRunning();
      const targets = await fetch(`http://127.0.0.1:${port}/json/list`).then(
        (r) => r.json(),
        () => [],
      );
      const failed = targets.find((t) => typeof t.url === 'string' && t.url.startsWith('chrome-error://'));
      if (failed) throw new Error(`a window failed to load: ${JSON.stringify(failed)}`);
      return targets.find((t) => t.type === 'page' && t.url?.startsWith(POPOVER) && t.title === 'OnCall Tray');
    });
    say(`popover served from ${popover.url} (title "${popover.title}")`);
    if (/could not start/.test(output)) throw new Error('the app logged that it could not start');
    stillRunning();
    say(
      `running; its log so far: ${
        output
          .split('\n')
          .filter((l) => l.startsWith('[oncall]'))
          .join(' | ') || '(no [oncall] lines)'
      }`,
    );

    if (process.platform === 'win32') {
      // taskkill refuses a process that is already gone: only one still running after it is a failure.
      const stopped = stopTree(child.pid);
      await Promise.race([exit, sleep(10_000)]);
      if (!exited) throw new Error(stopped ? 'the app did not exit after taskkill' : 'taskkill could not stop the app');
      say(
        'quit on request: not checked on Windows (no signal reaches a tray app there, and it has no other quit path than its menu); stopped with taskkill',
      );
      return;
    }
    const children = descendants(child.pid);
    child.kill('SIGTERM');
    const { code, signal } = await until(QUIT_MS, 'the app to quit after SIGTERM', () => exited);
    if (code !== 0) throw new Error(`the app quit with code ${code}, signal ${signal}, not 0`);
    const left = await until(10_000, 'its processes to end', () => {
      const remaining = children.filter(alive);
      return remaining.length === 0 ? [] : undefined;
    }).catch(() => children.filter(alive));
    if (left.length > 0) throw new Error(`processes left behind: ${left.join(', ')}`);
    say(
      `quit on SIGTERM with exit code 0; its ${children.length} child process${children.length === 1 ? '' : 'es'} ended with it`,
    );
  } catch (error) {
    console.error(`packaged smoke failed: ${error instanceof Error ? error.message : String(error)}`);
    console.error(`--- the app's output ---\n${output.slice(-4000)}`);
    if (!exited) {
      if (process.platform === 'win32') stopTree(child.pid);
      else child.kill('SIGKILL');
    }
    process.exitCode = 1;
  } finally {
    await Promise.race([exit, sleep(5_000)]);
    removeQuietly(dataDir);
  }
}

await main().catch((error) => {
  console.error(`packaged smoke failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
