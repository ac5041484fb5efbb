// Issue 27, case 1: a hole is not a removal. A shift the service sends in a form the app can't read leaves a hole
// (unknown time); only time that two reads both cover can yield a change. My shift stays, its reminders still
// come, and they say they rest on the last read that covered it. Real engine, simulator over loopback, fake clock;
// what the app read is recorded at its client, so the expected wording comes from the reads, not from the app.
import { describe, expect, it } from 'vitest';
import type { OncallClient } from '../../../electron/api/client-types';
import { createHarness, seedSettings, type Harness, type Shown } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { timelineModel } from '../../../renderer/src/lib/timeline';
import { DAY, HOUR, MIN } from '../../support/time';

const SID = 'sch_ops';
// Eight-hour shifts from 04:00 UTC, Alice, me, Bob in turn: mine are 12:00–20:00 UTC every day.
const OPS = {
  id: SID,
  name: 'Ops',
  zone: 'Etc/UTC',
  rotationStart: '2026-03-01T04:00:00Z',
  userIds: ['usr_alice', 'usr_me', 'usr_bob'],
  length: { amount: 8, unit: 'hours' as const },
};
const seed = seedOf([OPS]);
const SHIFT_MS = OPS.length.amount * HOUR;
const START = Date.parse('2026-03-21T06:00:00Z');
/** "My shift tomorrow 12:00–20:00 UTC". */
const MINE = { fromMs: Date.parse('2026-03-22T12:00:00Z'), toMs: Date.parse('2026-03-22T20:00:00Z') };
const GROUP = 'shift:sch_ops:2026-03-22T12:00:00Z';
const UNREADABLE_FROM = Date.parse('2026-03-21T07:10:00Z');

interface Read {
  atMs: number;
  /** The read covered my shift tomorrow: it answered, and with no hole over it. */
  coversMine: boolean;
}

let h: Harness | undefined;
async function running(): Promise<{ h: Harness; reads: Read[]; engine: ReturnType<Harness['engine']> }> {
  h = await createHarness({ startMs: START, seed });
  const harness = h;
  await seedSettings(h, { email: ME, scheduleIds: [SID] });
  const reads: Read[] = [];
  const wrapClient = (c: OncallClient): OncallClient => ({
    ...c,
    listAllShifts: async (...a) => {
      const atMs = harness.clock.now();
      const r = await c.listAllShifts(...a);
      const holes = r.ok ? r.value.holes : [];
      const over = holes.some((x) => Date.parse(x.from) < MINE.toMs && Date.parse(x.to) > MINE.fromMs);
      const window = { from: Date.parse(a[1].from), to: Date.parse(a[1].to) };
      reads.push({ atMs, coversMine: r.ok && !over && window.from <= MINE.fromMs && window.to >= MINE.toMs });
      return r;
    },
  });
  // The reminders' own notices are judged; the start alarm is the alarm tests' (issue 50).
  const engine = h.engine({ wrapClient, localZone: 'Etc/UTC', alarms: false });
  await engine.start();
  await h.clock.advance(MIN);
  return { h, reads, engine };
}

const hhmm = (ms: number): string => new Date(ms).toISOString().slice(11, 16);
const brief = (ns: readonly Shown[]): string[] => ns.map((n) => `${hhmm(n.atMs)} ${n.title} | ${n.body}`);

describe('issue 27 case 1: an unreadable shift is not a removal', () => {
  it('my shift sent unreadable from 07:10: no "removed"; its reminders still come, from saved data where the service\'s answer does not name it', async () => {
    const { h, reads } = await running();
    await h.clock.advanceTo(UNREADABLE_FROM);
    h.sim.unreadable.add(SID, MINE);
    await h.clock.advanceTo(MINE.toMs + 5 * MIN);
    const shown = h.notifier.shown.filter((n) => n.atMs >= UNREADABLE_FROM);
    // The app did read the schedule after 07:10, and every such read had a hole over my shift.
    const later = reads.filter((r) => r.atMs >= UNREADABLE_FROM);
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((r) => !r.coversMine)).toBe(true);
    const lastCovering = reads.filter((r) => r.coversMine).at(-1);
    expect(lastCovering).toBeDefined();
    const readMs = lastCovering?.atMs ?? 0;
    // The read's time as a person reads it on the day of the message: "06:00" that day, "Sat 06:00" the next.
    const saved = (onDay: string) => {
      const sameDay = new Date(readMs).toISOString().slice(0, 10) === onDay;
      // A past day carries its date (the one formatter since adv49 r19: "21 Mar, 06:00").
      const day = new Date(readMs).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
      return `According to saved data from ${sameDay ? '' : `${day}, `}${hhmm(readMs)}, `;
    };

    expect(brief(shown.filter((n) => n.id.startsWith('change:')))).toEqual([]);
    expect(brief(shown.filter((n) => /removed|cut short|changed/i.test(n.title)))).toEqual([]);
    const mine = shown.filter((n) => n.id.startsWith(GROUP) || n.id === 'shift:sch_ops:end:2026-03-22T20:00:00Z');
    // Where the service's answer names my shift (its current or next, from the seed's rotation) the reminder is a
    // fresh statement (adv47 r34); elsewhere it rests on the saved read.
    const span = `${hhmm(MINE.fromMs)}–${hhmm(MINE.toMs)}`;
    const day = new Date(MINE.fromMs).toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' });
    const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const at = [MINE.fromMs - DAY, MINE.fromMs - 15 * MIN, MINE.fromMs, MINE.toMs];
    expect(brief(mine)).toEqual([
      `${hhmm(at[0] ?? 0)} On call in 1 d | ${saved(dayOf(at[0] ?? 0))}you are on call: ${OPS.name} ${day} ${span}.`,
      `${hhmm(at[1] ?? 0)} On call in 15 min | ${OPS.name} ${span}`,
      `${hhmm(at[2] ?? 0)} On call now | ${OPS.name} until ${hhmm(MINE.toMs)}`,
      `${hhmm(at[3] ?? 0)} Shift ended | ${saved(dayOf(at[3] ?? 0))}your ${OPS.name} shift ${span} is over.`,
    ]);
    expect(brief(mine).map((l) => !l.includes('saved data'))).toEqual(at.map(answerNamesMine));
  }, 120_000);

  it('sent readable again and given to Alice meanwhile: that is a change between two reads, told once', async () => {
    const { h } = await running();
    await h.clock.advanceTo(UNREADABLE_FROM);
    h.sim.unreadable.add(SID, MINE);
    await h.clock.advanceTo(UNREADABLE_FROM + 3 * HOUR);
    h.sim.state.addOverride(SID, { startMs: MINE.fromMs, endMs: MINE.toMs, userIds: ['usr_alice'] }, h.clock.now());
    h.sim.unreadable.clear(SID);
    await h.clock.advanceTo(MINE.fromMs - 2 * HOUR);
    const changes = h.notifier.shown.filter((n) => n.id.startsWith('change:'));
    expect(brief(changes)).toEqual([
      expect.stringMatching(/ Your shift was removed \| Alice Doe is covering your Ops shift Sun 12:00–20:00/),
    ]);
    expect(h.notifier.shown.filter((n) => n.id.startsWith(`${GROUP}:lead15`))).toEqual([]);
  }, 120_000);
});

describe('issue 35: the week shows the read the reminders rest on', () => {
  it('my shift sent unreadable: the week says unknown there with the saved read of "On call in 1 d"; once the service names it next, mine', async () => {
    const { h, engine } = await running();
    await h.clock.advanceTo(UNREADABLE_FROM);
    h.sim.unreadable.add(SID, MINE);
    // A day before my shift the service's answer names the shift now (mine today) and Bob's after it: not tomorrow's.
    await h.clock.advanceTo(MINE.fromMs - DAY + MIN);
    const lead = h.notifier.shown.find((n) => n.id === `${GROUP}:lead1440`);
    const said = /According to saved data from (.*?\d\d:\d\d),/.exec(lead?.body ?? '')?.[1];
    expect(said, lead?.body).toBeDefined();
    // The week as the popover draws it, at the same moment: my shift's time is unknown (the latest read couldn't
    // read it), and it names the read the reminder spoke from, with me on call in it.
    const at = (): ReturnType<typeof segmentAtMine> => segmentAtMine(engine.getState(), h.clock.now());
    expect(at()?.kind).toBe('unknown');
    expect(at()?.text).toContain(`saved data from ${said ?? '?'}: `);
    expect(at()?.text).toMatch(/saved data from [^:]+:\d\d: [^,]*\(you\)/);
    // From 04:00 the shift before mine is the service's current, and mine its next ("the following shift", the
    // seed's next eight hours): a fresh statement over exactly its span, so the week says me there, not saved data.
    await h.clock.advanceTo(MINE.fromMs - 14 * MIN);
    expect([at()?.kind, at()?.startMs, at()?.endMs]).toEqual(['person', MINE.fromMs, MINE.toMs]);
    expect(at()?.text).toContain('(you)');
    expect(at()?.text).not.toContain('saved data');
  }, 120_000);
});

/** Whether the service's answer at `atMs` names my shift as its current or next, from the seed's rotation alone. */
function answerNamesMine(atMs: number): boolean {
  const rotMs = Date.parse(OPS.rotationStart);
  const currentMs = rotMs + Math.floor((atMs - rotMs) / SHIFT_MS) * SHIFT_MS;
  return MINE.fromMs === currentMs || MINE.fromMs === currentMs + SHIFT_MS;
}

function segmentAtMine(state: ReturnType<ReturnType<Harness['engine']>['getState']>, nowMs: number) {
  const row = timelineModel(state, { nowMs, locale: 'en-GB', localZone: 'Etc/UTC' }).rows.find((r) =>
    r.id.endsWith(SID),
  );
  return row?.segments.find((x) => x.startMs <= MINE.fromMs && MINE.fromMs < x.endMs);
}
