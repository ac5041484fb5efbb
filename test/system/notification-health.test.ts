// The readiness check reads the real notification server: on a private D-Bus session under xvfb, a running dunst is
// ok, and dunst paused (`dunstctl set-paused true`) is a problem that says so.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requireTools } from './support/tools';
import { textMatching } from '../support/matchers';

const run = promisify(execFile);
const dirs: string[] = [];
/** One `RESULT {json}` line of the script: what the check answered for a label. */
const AnswerLineSchema = z.object({ label: z.string(), answer: z.object({ result: z.string(), message: z.string() }) });
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe.skipIf(process.platform !== 'linux')('readiness: can notifications be shown (Linux, real dunst)', () => {
  beforeAll(() => requireTools(['xvfb-run', 'dbus-run-session', 'dbus-send', 'dunst', 'dunstctl']));

  it('says ok with dunst running, then paused once dunst is paused', async () => {
    const home = await mkdtemp(join(tmpdir(), 'oncall-health-'));
    dirs.push(home);
    const { DBUS_SESSION_BUS_ADDRESS: _bus, DISPLAY: _display, ...env } = process.env;
    const { stdout } = await run(
      'xvfb-run',
      [
        '-a',
        'dbus-run-session',
        '--',
        'sh',
        'test/system/support/notification-health-session.sh',
        process.execPath,
        '--import',
        'tsx',
        'test/system/support/notification-health.ts',
      ],
      { cwd: process.cwd(), env: { ...env, HOME: home }, timeout: 60_000 },
    );
    const answers = Object.fromEntries(
      stdout
        .split('\n')
        .filter((l) => l.startsWith('RESULT '))
        .map((l) => {
          const r = AnswerLineSchema.parse(JSON.parse(l.slice(7)));
          return [r.label, r.answer];
        }),
    );
    expect(answers['running']).toEqual({ result: 'ok', message: 'Notifications can be shown (dunst).' });
    expect(answers['paused']).toMatchObject({
      result: 'problem',
      // The server answered and is paused: dunst holds even the critical alarm notification (adv50 r18 #2).
      message: textMatching(/^Notifications are paused \(dunst\): the alarm notification waits until they resume;/),
    });
  }, 90_000);
});
