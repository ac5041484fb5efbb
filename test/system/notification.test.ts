// A reminder from the core reaches the desktop: engine → Notifier (node-notifier) → notify-send → dunst, under
// xvfb in a private D-Bus session; the Notify call is seen on the bus with dbus-monitor, with our app name, icon,
// and exactly the title and body the core asked for.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requireTools } from './support/tools';

const run = promisify(execFile);
const root = process.cwd();
const dirs: string[] = [];
/** The script's `RESULT {json}` line: the notifications it saw delivered and the shift's start. */
const DeliveryResultSchema = z.object({
  delivered: z.array(z.object({ title: z.string(), body: z.string(), atMs: z.number() })),
  shiftStart: z.string(),
});
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

/** The string arguments of each Notify call in dbus-monitor's output: app, icon, summary, body. */
function notifyCalls(monitor: string): Array<{ app: string; icon: string; summary: string; body: string }> {
  return monitor
    .split(/^(?=method call )/m)
    .filter((block) => block.includes('member=Notify'))
    .map((block) => {
      const strings = [...block.matchAll(/^ {3}string "((?:[^"\\]|\\.)*)"$/gm)].map((m) => m[1] ?? '');
      return { app: strings[0] ?? '', icon: strings[1] ?? '', summary: strings[2] ?? '', body: strings[3] ?? '' };
    });
}

describe.skipIf(process.platform !== 'linux')('reminder delivered as a desktop notification (Linux)', () => {
  beforeAll(() => requireTools(['xvfb-run', 'dbus-run-session', 'dbus-monitor', 'dbus-send', 'dunst', 'notify-send']));

  it("shows the core's 15-minute reminder through notify-send and dunst, as seen on the bus", async () => {
    const out = await mkdtemp(join(tmpdir(), 'oncall-notify-'));
    dirs.push(out);
    const icon = join(root, 'build', 'icon.png');
    const { DBUS_SESSION_BUS_ADDRESS: _bus, DISPLAY: _display, ...env } = process.env;
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
        '--import',
        'tsx',
        'test/system/support/reminder-delivery.ts',
        icon,
      ],
      { cwd: root, env: { ...env, HOME: out }, timeout: 60_000 },
    );
    const script = await readFile(join(out, 'script.out'), 'utf8');
    const line = script.split('\n').find((l) => l.startsWith('RESULT '));
    expect(line, script).toBeDefined();
    const result = DeliveryResultSchema.parse(JSON.parse(line?.slice(7) ?? '{}'));
    // The only lead time is 15 min, so there is exactly one notification, at its instant (± 1 s).
    expect(result.delivered, JSON.stringify(result)).toHaveLength(1);
    const reminder = result.delivered[0];
    expect(reminder?.title).toBe('On call in 15 min');
    expect(reminder?.body).toMatch(/^Systems primary /);
    expect(Math.abs((reminder?.atMs ?? 0) - (Date.parse(result.shiftStart) - 15 * 60_000))).toBeLessThanOrEqual(1000);

    const calls = notifyCalls(await readFile(join(out, 'monitor.txt'), 'utf8'));
    expect(calls).toEqual([{ app: 'OnCall Tray', icon, summary: reminder?.title, body: reminder?.body }]);
  }, 60_000);
});
