// Issue 19, case 3 through the whole engine: a service that echoes the key (whole, split by a space, zero-width
// characters or line breaks, cut, in capitals) in error bodies of every kind, 401 and 5xx included, and in the
// names and reasons of its data. No piece of the key (8+ characters in a row) may reach any output the app has:
// state pushes, IPC answers, notifications, the log and the files it writes.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Fault } from '../../../electron/simulator/faults';
import type { AppState } from '../../../electron/shared/view-state';
import { leaks } from '../../api/support/key-pieces';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { textContaining } from '../../support/matchers';
import { MAIN_ACCOUNT_ID } from '../../../electron/shared/accounts';
import { HOUR } from '../../support/time';

const KEY = 'ocs_SECRET_CANARY_123';
const START = Date.parse('2026-03-25T06:00:00Z');

const ECHO = {
  whole: `key ${KEY} is not allowed`,
  spaced: 'key ocs_SECRET _CANARY_123 is not allowed',
  zeroWidth: 'key ocs_SEC\u200bRET_CAN\u200dARY_123 is not allowed',
  lines: 'key ocs_SECRET\n_CANARY\r\n_123 is not allowed',
  cut: `key ${KEY.slice(0, 12)}`,
  capitals: `KEY ${KEY.toUpperCase()}`,
};

/** The three-zone world, answering to KEY, with the key echoed in a schedule name, a person's name and a reason. */
function echoingSeed() {
  const seed = threeZoneSeed();
  return {
    ...seed,
    api_keys: [{ key: KEY, user_id: 'usr_me' }],
    users: seed.users.map((u) => (u.id === 'usr_alice' ? { ...u, name: `Alice ${KEY.slice(2, 13)}` } : u)),
    schedules: seed.schedules.map((s) =>
      s.id === 'sch_berlin' ? { ...s, name: `Berlin ${KEY.slice(0, 9)} ${KEY.slice(9)}` } : s,
    ),
    coverage_requests: seed.coverage_requests.map((c) => ({ ...c, reason: `Trip ${KEY.slice(3, 18)}` })),
  };
}

let h: Harness | undefined;
async function filesUnder(dir: string): Promise<Array<{ name: string; text: string }>> {
  const out: Array<{ name: string; text: string }> = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else out.push({ name: path, text: await readFile(path, 'utf8') });
  }
  return out;
}

describe('engine: a service that echoes the key', () => {
  it('leaves no piece of it in state pushes, IPC answers, notifications, the log or files', async () => {
    h = await createHarness({ startMs: START, seed: echoingSeed(), files: 'fs' });
    const harness = h;
    await seedSettings(harness, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork', 'sch_tokyo'] });
    const logs: string[] = [];
    const pushes: AppState[] = [];
    const answers: Array<[string, unknown]> = [];
    const fault = (route: Parameters<typeof harness.sim.faults.set>[0], f: Fault): void =>
      harness.sim.faults.set(route, f);
    fault('listCoverageRequests', { status: 422, body: { message: ECHO.spaced }, times: 1 });
    fault('getSchedule', { status: 503, body: ECHO.zeroWidth, pathIncludes: 'sch_tokyo', times: 1 });
    fault('listShifts', { status: 400, body: ECHO.lines, pathIncludes: 'sch_newyork', times: 1 });
    const engine = harness.engine({ log: (m) => logs.push(m) });
    engine.subscribe((state) => pushes.push(state));
    await engine.start();
    await harness.clock.advance(1_000);

    const ask = async <T>(name: string, call: Promise<T>): Promise<void> => {
      answers.push([name, await harness.clock.runWhileAdvancing(call)]);
    };
    const bobTwoHours = {
      scheduleId: 'sch_berlin',
      window: { kind: 'next_hours' as const, hours: 2 as const },
      emails: ['bob@example.com'],
    };
    await ask('state:get', engine.handlers['state:get'](null));
    fault('getSchedule', { status: 404, body: { error: ECHO.cut }, pathIncludes: 'sch_nothere', times: 1 });
    await ask(
      'schedule:check 404',
      engine.handlers['schedule:check']({ accountId: MAIN_ACCOUNT_ID, input: 'sch_nothere' }),
    );
    fault('createOverride', { status: 422, body: { errors: [{ field: 'users', message: ECHO.spaced }] }, times: 1 });
    await ask('override:create 422', engine.handlers['override:create'](bobTwoHours));
    fault('createOverride', { status: 500, body: { message: ECHO.whole }, times: 1 });
    await ask('override:create 500', engine.handlers['override:create'](bobTwoHours));
    fault('updateTeam', { status: 409, body: { title: ECHO.capitals, detail: ECHO.lines }, times: 1 });
    await ask(
      'team:update 409',
      engine.handlers['team:update']({ accountId: MAIN_ACCOUNT_ID, teamId: 'tea_core', name: 'Core SRE' }),
    );
    fault('putChatUserGroup', { status: 400, body: ECHO.zeroWidth, times: 1 });
    await ask(
      'chat-group:put 400',
      engine.handlers['chat-group:put']({ scheduleId: 'sch_berlin', name: 'Berlin', handle: 'berlin-oncall' }),
    );
    await ask('override:preview', engine.handlers['override:preview'](bobTwoHours));
    await ask('summary:get', engine.handlers['summary:get'](null));
    await ask('take-over:options', engine.handlers['take-over:options'](null));
    // A 401 whose body carries the key: the key is rejected, and that is all the app says.
    fault('*', { status: 401, body: { message: ECHO.spaced, key: KEY } });
    await ask('sync:refresh 401', engine.handlers['sync:refresh'](null));
    await ask('override:create 401', engine.handlers['override:create'](bobTwoHours));
    await ask('state:get after 401', engine.handlers['state:get'](null));
    harness.sim.faults.clear();
    await ask('key:set', engine.handlers['key:set']({ accountId: MAIN_ACCOUNT_ID, key: KEY }));
    // Past Berlin's 08:00Z handoff: its notices name the schedule and the people, both echoing the key.
    await harness.clock.advance(4 * HOUR);
    await engine.stop();

    const found = [
      ...pushes.flatMap((state) => leaks('state push', state, KEY)),
      ...answers.flatMap(([name, answer]) => leaks(`answer ${name}`, answer, KEY)),
      ...harness.notifier.shown.flatMap((n) => leaks('notification', n, KEY)),
      ...leaks('log', logs, KEY),
      ...(await filesUnder(harness.dir)).flatMap((f) =>
        leaks(`file ${f.name.slice(harness.dir.length + 1)}`, f.text, KEY),
      ),
    ];
    expect([...new Set(found)]).toEqual([]);
    // The echoes did arrive: the app saw the faults, it just did not repeat the key.
    expect(answers.find(([name]) => name === 'sync:refresh 401')?.[1]).toMatchObject({ ok: true });
    expect(engine.getState().schedules.find((s) => s.id === 'sch_berlin')?.name).toBe('Berlin [redacted]');
    expect(answers.find(([name]) => name === 'team:update 409')?.[1]).toMatchObject({
      ok: false,
      error: { message: textContaining('[redacted]') },
    });
    expect(harness.notifier.shown.some((n) => `${n.title} ${n.body}`.includes('Berlin [redacted]'))).toBe(true);
  }, 60_000);
});
