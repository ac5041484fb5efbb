// Issue 48, adv48 r39 F1+F2: a half swap (my Tue to Carol landed, my cover of her Thu got 502), then a manager put
// others over ALL of my Tue (Carol gone). Check and Hand back say what landed and what holds now, in Retry's words,
// never "Carol Lee still covers your Tue"; the glance's "half done" line is judged on each fresh read: once my
// landed side is replaced it says so once, offers nothing to press, and leaves on the next read.
import { describe, expect, it } from 'vitest';
import { SETTLE_MS } from '../../../electron/core/actions/override-verify';
import { buildTrayMenu, trayTooltip } from '../../../electron/core/state/tray-menu';
import { formatDayTime, formatWindow } from '../../../electron/shared/format';
import { startPairWorld, SWAP, THU, TUE, windowMs as ms } from './support/pair-world';

/** The engine words windows in the harness's zone (Berlin) with the schedule's (UTC) beside it. */
const engineWin = (nowMs: number, w: { start: string; end: string }) =>
  formatWindow(w.start, w.end, { nowMs, localZone: 'Europe/Berlin', scheduleZone: 'Etc/UTC' });
/** The tray below is asked in UTC, the schedules' own zone: the window alone. */
const trayWin = (nowMs: number, w: { start: string; end: string }) =>
  formatWindow(w.start, w.end, { nowMs, localZone: 'Etc/UTC', scheduleZone: 'Etc/UTC' });

/** My side landed, theirs 502; then the manager's change over my Tue (`users`, from `fromIso`), past the settle. */
async function halfThenReplaced(users: string[] | null, fromIso = TUE.start) {
  const { h, engine } = await startPairWorld();
  h.sim.faults.set('createOverride', { status: 502, times: 1, pathIncludes: 'sch_solo' });
  const half = await h.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP));
  if (!half.ok) throw new Error(half.error.message);
  expect([half.value.mine.state, half.value.theirs.state]).toEqual(['handed_off', 'unknown']);
  if (users) h.sim.state.addOverride('sch_pair', { ...ms({ ...TUE, start: fromIso }), userIds: users }, h.clock.now());
  await h.clock.advance(SETTLE_MS + 1000);
  return { h, engine, half: half.value };
}

const tipLines = (tip: string) => tip.split('\n').filter((l) => /^Swap with/.test(l));

describe('a half swap whose landed side a manager replaced, said from what the service holds now', () => {
  it('Hand back says my Tue landed and a later change covers it now, and sends nothing', async () => {
    const { h, engine, half } = await halfThenReplaced(['usr_alice', 'usr_bob']);
    const writes = h.sim.requests.count({ route: 'createOverride' });
    const b = await h.clock.runWhileAdvancing(engine.handlers['swap:settle']({ action: 'hand-back', ...half }));
    if (!b.ok) throw new Error(b.error.message);
    const tue = engineWin(h.clock.now(), TUE);
    expect(b.value.text).toBe(
      `Carol Lee's cover of your ${tue} landed, and a later change covers it now, so handing it back was not sent. Changed since it landed: Alice Doe is now on call with Bob Stone ${tue} (the schedule holds that now).`,
    );
    expect(b.value.back).toBeNull();
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(writes);
  }, 60_000);

  it('Check says the same of my Tue, then that my cover of her Thu did not land', async () => {
    const { h, engine, half } = await halfThenReplaced(['usr_alice', 'usr_bob']);
    const c = await h.clock.runWhileAdvancing(engine.handlers['swap:settle']({ action: 'check', ...half }));
    if (!c.ok) throw new Error(c.error.message);
    const [tue, thu] = [engineWin(h.clock.now(), TUE), engineWin(h.clock.now(), THU)];
    expect(c.value.text).toBe(
      `Carol Lee's cover of your ${tue} landed, and a later change covers it now; your cover of Carol Lee's ${thu} did not land. The schedule does not show it. Changed since it landed: Alice Doe is now on call with Bob Stone ${tue} (the schedule holds that now).`,
    );
  }, 60_000);

  it('Check, when the manager put me back over my Tue, says I am on call again, never "Carol Lee now covers"', async () => {
    const { h, engine, half } = await halfThenReplaced(['usr_me', 'usr_bob']);
    const c = await h.clock.runWhileAdvancing(engine.handlers['swap:settle']({ action: 'check', ...half }));
    if (!c.ok) throw new Error(c.error.message);
    const [tue, thu] = [engineWin(h.clock.now(), TUE), engineWin(h.clock.now(), THU)];
    expect(c.value.text).toBe(
      `Carol Lee's cover of your ${tue} landed, and a later change covers it now; your cover of Carol Lee's ${thu} did not land. The schedule does not show it. Changed since it landed: you are now on call with Bob Stone ${tue} (the schedule holds that now).`,
    );
  }, 60_000);

  it('Hand back over a Tue replaced in part names the part, never Carol over the whole day', async () => {
    const from = '2026-03-24T20:00:00Z';
    const { h, engine, half } = await halfThenReplaced(['usr_alice', 'usr_bob'], from);
    const writes = h.sim.requests.count({ route: 'createOverride' });
    const b = await h.clock.runWhileAdvancing(engine.handlers['swap:settle']({ action: 'hand-back', ...half }));
    if (!b.ok) throw new Error(b.error.message);
    const [tue, part] = [engineWin(h.clock.now(), TUE), engineWin(h.clock.now(), { ...TUE, start: from })];
    expect(b.value.text).toBe(
      `Carol Lee's cover of your ${tue} landed, and a later change covers it now, so handing it back was not sent. Changed since it landed: Alice Doe is now on call with Bob Stone ${part} (the schedule holds that now).`,
    );
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(writes);
  }, 60_000);

  it('the glance says the replacement once, offers nothing to press, then drops the line', async () => {
    const { h, engine } = await halfThenReplaced(['usr_alice', 'usr_bob']);
    const line = `Swap with Carol Lee: a change on the schedule replaced the cover of your ${trayWin(h.clock.now(), TUE)}; nothing is half done now`;
    await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    expect(tipLines(trayTooltip(engine.getState(), h.clock.now(), 'Etc/UTC'))).toEqual([line]);
    const menu = buildTrayMenu(engine.getState(), h.clock.now(), 'Etc/UTC');
    expect(menu.filter((i) => 'label' in i && /^Swap with/.test(i.label))).toEqual([{ type: 'label', label: line }]);
    expect(menu.some((i) => i.type === 'action' && /^Swap with/.test(i.label))).toBe(false);
    // The next fresh read: nothing left to say.
    await h.clock.advance(60_000);
    await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    expect(engine.getState().halfSwaps ?? []).toEqual([]);
    // Two days on (Mon 10:00, both blocks still ahead): still nothing calls me to act.
    await h.clock.advance(2 * 86_400_000);
    await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    expect(tipLines(trayTooltip(engine.getState(), h.clock.now(), 'Etc/UTC'))).toEqual([]);
  }, 120_000);

  it('the glance, when Carol still covers my Tue beside someone new, says the cover changed, never "replaced"', async () => {
    const { h, engine } = await halfThenReplaced(['usr_carol', 'usr_alice']);
    await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    expect(tipLines(trayTooltip(engine.getState(), h.clock.now(), 'Etc/UTC'))).toEqual([
      `Swap with Carol Lee: a change on the schedule changed the cover of your ${trayWin(h.clock.now(), TUE)} since it landed; nothing more is sent for this swap`,
    ]);
  }, 60_000);

  it('after Retry and Hand back were refused, Monday’s glance has no "half done … Retry or hand back"', async () => {
    const { h, engine, half } = await halfThenReplaced(['usr_alice', 'usr_bob']);
    const r = await h.clock.runWhileAdvancing(engine.handlers['swap:settle']({ action: 'retry', ...half }));
    if (!r.ok) throw new Error(r.error.message);
    const b = await h.clock.runWhileAdvancing(engine.handlers['swap:settle']({ action: 'hand-back', ...r.value }));
    if (!b.ok) throw new Error(b.error.message);
    await h.clock.advance(2 * 86_400_000);
    await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    expect(tipLines(trayTooltip(engine.getState(), h.clock.now(), 'Etc/UTC'))).toEqual([]);
    const menu = buildTrayMenu(engine.getState(), h.clock.now(), 'Etc/UTC');
    expect(menu.some((i) => i.type === 'action' && /^Swap with/.test(i.label))).toBe(false);
  }, 120_000);

  it('on a saved read the half-done line stays, dated as saved data', async () => {
    const { h, engine } = await halfThenReplaced(null);
    await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    const status = engine.getState().schedules.find((s) => s.id === 'sch_pair')?.status;
    if (status?.kind !== 'fresh') throw new Error('no fresh read');
    h.sim.faults.set('getSchedule', { status: 500, pathIncludes: 'sch_pair' });
    await h.clock.advance(60_000);
    await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    const now = h.clock.now();
    const saved = formatDayTime(status.at, { nowMs: now, localZone: 'Etc/UTC' });
    expect(tipLines(trayTooltip(engine.getState(), now, 'Etc/UTC'))).toEqual([
      `Swap with Carol Lee half done: your cover of ${trayWin(now, THU)} has an unknown outcome (saved data from ${saved})`,
    ]);
  }, 120_000);
});
