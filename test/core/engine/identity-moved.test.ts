// adv47 r25 #1: the service moves my user to another e-mail (same user id, name and shifts), then back. The read
// lists the user my e-mail last resolved to on every shift of mine: who I am is unsettled, not my shifts removed.
// Oracle: the same world without the e-mail change (a twin engine on its own simulator, the same edits at the same
// instants): every surface and the .ics must read the same, and no shift notice may come but the twin's.
import { describe, expect, it } from 'vitest';
import { trayTooltip } from '../../../electron/core/state/tray-menu';
import { buildHandoffSummary } from '../../../electron/core/state/handoff-summary';
import { formatStatus } from '../../../electron/cli/status-format';
import { myStateLine } from '../../../renderer/src/lib/status-model';
import type { AppState } from '../../../electron/shared/view-state';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

const MIN = 60_000;
const START = Date.parse('2026-03-10T10:00:00Z');
const MOVED = 'mia.meyer@example.com';

function surfaces(state: AppState, nowMs: number) {
  return {
    // The mismatch's own line (the account's problem, its fix the e-mail field) is the twin's difference: told below.
    tooltip: trayTooltip(state, nowMs, 'UTC')
      .split('\n')
      .filter((l) => !state.notices.some((n) => n.message === l))
      .join('\n'),
    popover: myStateLine(state, { nowMs, locale: 'en-GB', localZone: 'UTC' }).title,
    status: formatStatus(state, { nowMs, localZone: 'UTC' }).replace(/\n+Notice: .*/g, ''),
    handoff: buildHandoffSummary(state, { nowMs, localZone: 'UTC' }),
    mine: state.me.shifts.map((s) => `${s.scheduleId} ${s.start}–${s.end}`),
  };
}

const setEmail = (h: Harness, email: string) => {
  const me = h.sim.state.users.get('usr_me');
  if (me) me.email = email;
};

/** An unrelated edit that moves the revision, so the shifts are read again (Bob takes an hour in April). */
const edit = (h: Harness, day: string) =>
  h.sim.state.addOverride(
    OPS_ID,
    { startMs: Date.parse(`${day}T01:00:00Z`), endMs: Date.parse(`${day}T02:00:00Z`), userIds: ['usr_bob'] },
    h.clock.now(),
  );

interface Step {
  state: AppState;
  nowMs: number;
  ics: string;
  told: string[];
}

/** The r25 world; `move` whether the service moves my e-mail at 10:05 and back at 10:25. */
async function world(move: boolean, before?: (h: Harness) => Promise<void>) {
  const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  await before?.(h);
  const e = h.engine();
  await h.clock.runWhileAdvancing(e.start(), 1000, 60);
  await h.clock.advance(5 * MIN);
  const step = async (from: number): Promise<Step> => ({
    state: e.getState(),
    nowMs: h.clock.now(),
    ics: await e.calendar(14),
    told: h.notifier.shown.slice(from).map((n) => `${n.id} | ${n.title} | ${n.body}`),
  });
  const mark = h.notifier.shown.length;
  if (move) setEmail(h, MOVED);
  edit(h, '2026-04-20');
  await h.clock.advance(20 * MIN);
  const moved = await step(mark);
  const mark2 = h.notifier.shown.length;
  if (move) setEmail(h, ME);
  edit(h, '2026-04-21');
  await h.clock.advance(20 * MIN);
  const back = await step(mark2);
  await e.stop();
  return { h, moved, back };
}

const events = (ics: string) =>
  (ics.match(/BEGIN:VEVENT[\s\S]*?END:VEVENT/g) ?? []).map((v) => v.replace(/DTSTAMP:.*\r?\n/, ''));

describe('my e-mail moved at the service (adv47 r25 #1)', () => {
  it('keeps my shifts mine on every surface, tells no shift change, and says the mismatch once, naming the account', async () => {
    const twin = await world(false);
    const real = await world(true);
    const label = new URL(real.h.sim.url).hostname;
    for (const at of ['moved', 'back'] as const) {
      expect(surfaces(real[at].state, real[at].nowMs)).toEqual(surfaces(twin[at].state, twin[at].nowMs));
      expect(events(real[at].ics)).toEqual(events(twin[at].ics));
    }
    // Before the fix: 15 "Your shift was removed | Mia Meyer is covering your Ops shift…", then 15 "…added".
    const problem = `${label} lists you as ${MOVED} now; Settings say ${ME}. Update the e-mail in Settings.`;
    const shiftNotices = (told: string[]) => told.filter((t) => !t.startsWith('identity-moved:'));
    expect(shiftNotices(real.moved.told)).toEqual(twin.moved.told);
    expect(shiftNotices(real.back.told)).toEqual(twin.back.told);
    // The problem: told once (one notification over both reads after the move), said while it holds, then gone.
    expect(real.moved.told.filter((t) => t.startsWith('identity-moved:'))).toEqual([
      `identity-moved:main | Check your e-mail in Settings | ${problem}`,
    ]);
    expect(real.moved.state.notices.map((n) => n.message)).toContain(problem);
    expect(formatStatus(real.moved.state, { nowMs: real.moved.nowMs, localZone: 'UTC' })).toContain(
      `Notice: ${problem}`,
    );
    expect(real.back.state.notices.map((n) => n.message)).not.toContain(problem);
    expect(real.back.told).toEqual(twin.back.told);
  }, 120_000);
});
