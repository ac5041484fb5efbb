// Issue 49, adversarial round 9, F2: a coverage request whose times have seconds (…23:58:01Z–07:58:01Z) answered with
// Cover… → Create. The override form takes times to the minute, so the service holds 23:58:00–07:58:00 and the
// request's last second stays the requester's. Every minute the app shows is mine: the request reads "Covered by you"
// (state, tray, status), not "Asks you" again. A cover that ends a whole minute early still asks. Real engine,
// simulator on loopback, fake clock.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { buildTrayMenu } from '../../../electron/core/state/tray-menu';
import { formatStatus } from '../../../electron/cli/status-format';

const START = Date.parse('2026-11-29T11:58:01Z');
const ASKED = { start: '2026-11-29T23:58:01Z', end: '2026-11-30T07:58:01Z' };
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function coveredTo(end: string) {
  const seed = seedOf(
    [
      {
        id: 'sch_db',
        name: 'Database',
        zone: 'Etc/UTC',
        rotationStart: '2026-11-20T08:00:00Z',
        userIds: ['usr_me', 'usr_alice'],
        length: { amount: 1, unit: 'days' },
      },
    ],
    [{ id: 'cov_1', user_id: 'usr_alice', reason: 'Dentist', shifts: [{ ...ASKED, schedule_id: 'sch_db' }] }],
  );
  h = await createHarness({ startMs: START, seed });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_db'] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  expect(engine.getState().coverage.askingMe.map((r) => r.id)).toEqual(['main:cov_1']);
  // What the form sends for the request: its times as the minute fields hold them.
  const window = { kind: 'custom' as const, start: '2026-11-29T23:58:00.000Z', end };
  const res = await h.clock.runWhileAdvancing(
    engine.handlers['override:create']({ scheduleId: 'sch_db', window, emails: [ME] }),
  );
  expect(res.ok && res.value.status).toMatch(/^created/);
  await h.clock.advance(60_000);
  return engine.getState();
}

describe('Cover… for a request whose times have seconds', () => {
  it('the override cut to the minute covers it: "Covered by you" on every surface, not "Asks you"', async () => {
    const state = await coveredTo('2026-11-30T07:58:00.000Z');
    expect(state.coverage.askingMe).toEqual([]);
    expect(state.coverage.coveredByMe.map((r) => r.id)).toEqual(['main:cov_1']);
    const labels = JSON.stringify(buildTrayMenu(state, h!.clock.now(), 'Etc/UTC'));
    expect(labels).not.toMatch(/Asks you/);
    expect(formatStatus(state, { nowMs: h!.clock.now(), localZone: 'Etc/UTC' })).not.toMatch(/asks you|asking you/i);
  }, 60_000);

  it('a cover ending a whole minute early still asks', async () => {
    const state = await coveredTo('2026-11-30T07:57:00.000Z');
    expect(state.coverage.askingMe.map((r) => r.id)).toEqual(['main:cov_1']);
    expect(state.coverage.coveredByMe).toEqual([]);
  }, 60_000);
});
