// Issue 35, case 5: a shift's end is not stated where the time after it was never read. The shift right after mine
// (Alice's, 17:00–01:00) is sent unreadable from the first read on. Where the service's answer doesn't name it either,
// nothing the app read says my block stops at 17:00: the end notification, the tray's tooltip and the hand-off don't
// say it does. Where the fresh answer names it (next_oncall_shift, issue 47 adv47 r34), Alice's span is hers and my
// end is known; the time after her shift that no read covers stays unknown. Real engine, simulator over loopback,
// fake clock. The expected words come from the setup (which span was sent unreadable, the seed), not from the app.
import { describe, expect, it } from 'vitest';
import { buildHandoffSummary } from '../../../electron/core/state/handoff-summary';
import { buildTrayMenu, trayTooltip } from '../../../electron/core/state/tray-menu';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID as SID, opsSeed as seed } from '../support/seeds';
import { MIN } from '../../support/time';
import { trayLabels } from '../support/tray-labels';

const START = Date.parse('2026-03-21T08:00:00Z');
const MY_END = Date.parse('2026-03-21T17:00:00Z');
/** Alice's shift after mine, sent unreadable. */
const AFTER = { fromMs: MY_END, toMs: Date.parse('2026-03-22T01:00:00Z') };
/** Alice's shift and Bob's after it (the seed's eight-hour turns), sent unreadable. */
const AFTER_TWO_END_ISO = '2026-03-22T09:00:00Z';
const AFTER_TWO = { fromMs: MY_END, toMs: Date.parse(AFTER_TWO_END_ISO) };
// Nine simulated hours of the real engine over loopback: 1.3 s in a quiet full run, but 26 s beside other work on a
// loaded 2-core machine, past vitest's 20 s default (it timed out so).
const SLOW_MS = 60_000;

let h: Harness | undefined;
async function run(unreadable: typeof AFTER | null, answerNamesNext = true): Promise<Harness> {
  h = await createHarness({ startMs: START, seed });
  await seedSettings(h, { email: ME, scheduleIds: [SID] });
  if (unreadable) h.sim.unreadable.add(SID, unreadable);
  if (!answerNamesNext) h.sim.faults.set('getSchedule', { omit: ['schedule.next_oncall_shift'] });
  return h;
}

describe('issue 35 case 5: the end of my shift, where what follows was never read', () => {
  it(
    'the answer names no next shift: no "Shift ended" at 17:00, the tooltip and hand-off say "until at least 17:00, then unknown"',
    async () => {
      const h = await run(AFTER, false);
      const engine = h.engine({ localZone: 'Etc/UTC' });
      await engine.start();
      await h.clock.advanceTo(Date.parse('2026-03-21T12:00:00Z'));
      const state = engine.getState();
      const nowMs = h.clock.now();
      const tooltip = trayTooltip(state, nowMs, 'Etc/UTC');
      expect(tooltip).toContain('On call: Ops until at least 17:00, then unknown');
      expect(tooltip).not.toMatch(/left\)/);
      const handoff = buildHandoffSummary(state, { nowMs, localZone: 'Etc/UTC' });
      expect(handoff).toContain("I'm on call: Ops until at least 17:00 UTC, then unknown");
      // The schedule's own line says the same of whoever is on call, not "until 17:00, then next unknown".
      expect(handoff).toMatch(/^Ops: \S.* until at least 17:00 UTC, then unknown$/m);
      expect(handoff).not.toContain('next unknown');
      // The tray's schedule section too.
      const menu = trayLabels(buildTrayMenu(state, nowMs, 'Etc/UTC'));
      expect(menu.join('\n')).toMatch(/^ {2}Now: \S.* \(you\) until at least 17:00, then unknown$/m);
      await h.clock.advanceTo(MY_END + 10 * MIN);
      // Not said at 17:00 on the app's own guess. Once a read after 17:00 brings the service's answer naming Alice
      // on call now over the hole (issue 47: that answer is laid over it), "is over, Alice takes over" is what the
      // service said, and may be told then: later than 17:00, and naming her.
      const ended = h.notifier.shown.filter((n) => n.title === 'Shift ended');
      for (const n of ended) {
        expect(n.atMs).toBeGreaterThan(MY_END);
        expect(n.body).toContain('Alice Doe takes over');
      }
      await engine.stop();
    },
    SLOW_MS,
  );

  it(
    'the fresh answer names Alice next: "until 17:00", "Shift ended" at 17:00 naming her, and unknown after her shift',
    async () => {
      const h = await run(AFTER_TWO);
      const engine = h.engine({ localZone: 'Etc/UTC' });
      await engine.start();
      await h.clock.advanceTo(Date.parse('2026-03-21T12:00:00Z'));
      const state = engine.getState();
      const nowMs = h.clock.now();
      expect(trayTooltip(state, nowMs, 'Etc/UTC')).toContain('On call: Ops until 17:00 (5 h left)');
      const handoff = buildHandoffSummary(state, { nowMs, localZone: 'Etc/UTC' });
      expect(handoff).toMatch(/^Ops: \S.* until 17:00 UTC, then Alice\b/m);
      // Alice's shift is the answer's; Bob's after it no read covers: unknown, never free or Bob's.
      const line = (state.schedules[0]?.timeline ?? []).map((x) => [
        x.kind,
        x.start,
        x.end,
        x.users.map((u) => u.name),
      ]);
      expect(line).toContainEqual(['people', '2026-03-21T17:00:00Z', '2026-03-22T01:00:00Z', ['Alice Doe']]);
      expect(line).toContainEqual(['unknown', '2026-03-22T01:00:00Z', AFTER_TWO_END_ISO, []]);
      await h.clock.advanceTo(MY_END + 10 * MIN);
      const ended = h.notifier.shown.filter((n) => n.title === 'Shift ended');
      expect(ended.map((n) => [n.atMs, /Alice Doe takes over/.test(n.body)])).toEqual([[MY_END, true]]);
      await engine.stop();
    },
    SLOW_MS,
  );

  it(
    'the control: with Alice\'s shift readable, "until 17:00 (5 h left)" and "Shift ended" at 17:00',
    async () => {
      const h = await run(null);
      const engine = h.engine({ localZone: 'Etc/UTC' });
      await engine.start();
      await h.clock.advanceTo(Date.parse('2026-03-21T12:00:00Z'));
      const tooltip = trayTooltip(engine.getState(), h.clock.now(), 'Etc/UTC');
      expect(tooltip).toContain('On call: Ops until 17:00 (5 h left)');
      const handoff = buildHandoffSummary(engine.getState(), { nowMs: h.clock.now(), localZone: 'Etc/UTC' });
      expect(handoff).toMatch(/^Ops: \S.* until 17:00 UTC, then Alice\b/m);
      await h.clock.advanceTo(MY_END + 10 * MIN);
      const ended = h.notifier.shown.filter((n) => n.title === 'Shift ended');
      expect(ended.map((n) => new Date(n.atMs).toISOString())).toEqual(['2026-03-21T17:00:00.000Z']);
      await engine.stop();
    },
    SLOW_MS,
  );
});
