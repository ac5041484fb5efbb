// On a real notification server (dunst, private D-Bus session under xvfb), as seen on the bus with dbus-monitor: the
// shift-start alarm goes out with critical urgency and no timeout (0: never expires), while an ordinary reminder
// keeps normal urgency and its 10 s timeout.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireTools } from './support/tools';

const run = promisify(execFile);
const root = process.cwd();
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

/** Each Notify call's summary, urgency hint (0 low, 1 normal, 2 critical) and expire timeout (ms; 0 never). */
function notifyCalls(monitor: string): { summary: string; urgency?: number; expireMs?: number }[] {
  return monitor
    .split(/^(?=method call )/m)
    .filter((block) => block.includes('member=Notify'))
    .map((block) => {
      const strings = [...block.matchAll(/^ {3}string "((?:[^"\\]|\\.)*)"$/gm)].map((m) => m[1] ?? '');
      const urgency = /string "urgency"\s+variant\s+byte (\d+)/.exec(block)?.[1];
      const expire = [...block.matchAll(/^ {3}int32 (-?\d+)$/gm)].pop()?.[1];
      return {
        summary: strings[2] ?? '',
        ...(urgency === undefined ? {} : { urgency: Number(urgency) }),
        ...(expire === undefined ? {} : { expireMs: Number(expire) }),
      };
    });
}

describe.skipIf(process.platform !== 'linux')('the shift-start alarm on a real notification server (Linux)', () => {
  beforeAll(() => requireTools(['xvfb-run', 'dbus-run-session', 'dbus-monitor', 'dbus-send', 'dunst', 'notify-send']));

  it('the alarm is critical with no timeout; the reminder stays normal with 10 s', async () => {
    const out = await mkdtemp(join(tmpdir(), 'oncall-alarm-'));
    dirs.push(out);
    const { DBUS_SESSION_BUS_ADDRESS: _bus, DISPLAY: _display, ...env } = process.env;
    const args = ['--import', 'tsx', 'test/system/support/alarm-delivery.ts', out, join(root, 'build', 'icon.png')];
    await run(
      'xvfb-run',
      [
        '-a',
        'dbus-run-session',
        '--',
        'sh',
        'test/system/support/notification-session.sh',
        out,
        process.execPath,
        ...args,
      ],
      {
        cwd: root,
        env: { ...env, HOME: out },
        timeout: 60_000,
      },
    );
    const calls = notifyCalls(await readFile(join(out, 'monitor.txt'), 'utf8'));
    expect(calls).toEqual([
      { summary: 'On call in 15 min', urgency: 1, expireMs: 10_000 },
      { summary: 'On call now — Systems primary', urgency: 2, expireMs: 0 },
    ]);
  }, 60_000);
});
