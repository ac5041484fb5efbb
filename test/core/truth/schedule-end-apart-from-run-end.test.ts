// adv47 round 23 #3: I'm on call until Thu 09:00Z on two schedules; the other schedule's shifts right after are
// unreadable (a hole). My continuous on-call time may go on there, so its end is "until at least …, then unknown";
// but the schedule read whole ends plainly (who follows is known). The tray and `status` said that schedule's line
// as "until at least …, then unknown" while the hand-off said "I'm on call: Ops until …". Each line about a schedule
// now says that schedule's end on every surface, the same as the hand-off; my run's end is said apart. The service's
// answer here names no next shift: where it does, that shift is fresh over its span (adv47 r34) and the end is known.
import { describe, expect, it } from 'vitest';
import { twoServices } from '../engine/support/two-services';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { everyText } from '../../support/text-registry';
import type { Said } from '../../support/text-registry-said';

const at = Date.parse;
const START = at('2026-03-04T12:00:00Z');
const SURFACES = ['tray-tooltip', 'tray-menu', 'status', 'handoff'];
/** The answer's field naming who follows (the interface's "the following shift"), left out where it is unknown. */
const NEXT = 'schedule.next_oncall_shift';

/** The statement each surface makes about `name`'s block now: the text after the name, to the next comma or line. */
function endsOf(texts: readonly Said[], name: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const t of texts.filter((x) => x.accountId === null && SURFACES.includes(x.surface)))
    for (const line of t.text.split('\n').filter((l) => /on call/i.test(l))) {
      const i = line.indexOf(`${name} until`);
      if (i < 0) continue;
      const said = line.slice(i + name.length).match(/^ until (at least )?\S+ \d\d:\d\d/)?.[0] ?? '';
      out.set(t.surface, [...(out.get(t.surface) ?? []), said]);
    }
  return out;
}

describe("a schedule's known end beside a hole on another schedule at my end", () => {
  it('one account (Ops read whole, Data unreadable after): "Ops until …" on every surface, Data "at least"', async () => {
    const spec = (id: string, name: string) => ({
      id,
      name,
      zone: 'Etc/UTC',
      rotationStart: '2026-03-02T09:00:00Z',
      userIds: ['usr_me', 'usr_bob'],
      length: { amount: 1, unit: 'days' as const },
    });
    const h = await createHarness({ startMs: START, seed: seedOf([spec('sch_ops', 'Ops'), spec('sch_data', 'Data')]) });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_ops', 'sch_data'] });
    h.sim.unreadable.add('sch_data', { fromMs: at('2026-03-05T10:00:00Z'), toMs: at('2026-03-06T20:00:00Z') });
    // Its answer names no next shift either: a fresh next_oncall_shift would be Data's known end (adv47 r34).
    h.sim.faults.set('getSchedule', { omit: [NEXT], pathIncludes: '/schedules/sch_data' });
    const e = h.engine({ alarms: false });
    await e.start();
    await h.clock.advance(5_000);
    const texts = everyText({ state: e.getState(), nowMs: h.clock.now(), localZone: 'Europe/Berlin' });
    await e.stop();
    // 09:00Z is Thu 10:00 Berlin.
    const ops = endsOf(texts, 'Ops');
    const data = endsOf(texts, 'Data');
    for (const s of SURFACES) {
      expect(ops.get(s), `${s}: Ops`).toEqual([' until Thu 10:00']);
      expect(data.get(s), `${s}: Data`).toEqual([' until at least Thu 10:00']);
    }
  }, 60_000);

  it('two accounts (Work read whole, Acme unreadable after): "Work · Platform primary until Thu 09:00"', async () => {
    const w = await twoServices(START);
    w.acme.unreadable.add('sch_primary', { fromMs: at('2026-03-05T10:00:00Z'), toMs: at('2026-03-06T20:00:00Z') });
    w.acme.faults.set('getSchedule', { omit: [NEXT] });
    await w.engine.start();
    await w.harness.clock.advance(5_000);
    const state = w.engine.getState();
    const texts = everyText({ state, nowMs: w.harness.clock.now(), localZone: 'Europe/Berlin' });
    await w.engine.stop();
    // Work knows Bob follows me at Thu 09:00 Berlin: its line ends plainly, Acme's "at least".
    expect(state.schedules.find((s) => s.accountId === 'work')?.next?.users.map((u) => u.name)).toEqual(['Bob Person']);
    const work = endsOf(texts, 'Work · Platform primary');
    const acme = endsOf(texts, 'Acme · Platform primary');
    for (const s of SURFACES) {
      expect(work.get(s), `${s}: Work`).toEqual([' until Thu 09:00']);
      expect(acme.get(s), `${s}: Acme`).toEqual([' until at least Thu 09:00']);
    }
  }, 60_000);
});
