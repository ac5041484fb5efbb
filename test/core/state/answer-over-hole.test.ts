// Issue 47 (adv49 r23, noticed #2): Acme sends its shifts from now+2 h for 3 days without people (a hole). The now-line
// named Erin (me) from the service's fresh answer (current_oncall_shift), while the week chart, My shifts, status and
// the .ics called the whole span of the unreadable records unknown, that shift included. The answer's current shift
// read with the hole is now laid over it once, for every surface, and so is its next shift (next_oncall_shift, "the
// following shift": Frank's day, adv47 r34); after that, unknown. The real engine against two simulators on a fake clock; what is expected comes from Acme's seed (a daily
// rotation of Erin and Frank from its rotation start) and the hole this test makes, not from the app.
import { DateTime } from 'luxon';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatStatus } from '../../../electron/cli/status-format';
import type { AppState } from '../../../electron/shared/view-state';
import { loadPopover, popover } from '../support/popover-text';
import { twoServices, type TwoServices } from '../engine/support/two-services';

const START = Date.parse('2026-03-04T12:00:00Z');
const ZONE = 'Europe/Berlin';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Acme's seed: one layer from this instant, one day each, Erin then Frank. */
const ROTATION_START = Date.parse('2026-03-02T08:00:00Z');
const PEOPLE = ['Erin Person', 'Frank Person'];
/** The span the simulator sends unreadable: every shift overlapping it comes without people. */
const UNREADABLE = { fromMs: START + 2 * HOUR, toMs: START + 74 * HOUR };

const dayOf = (ms: number): number => Math.floor((ms - ROTATION_START) / DAY);
const who = (k: number): string => PEOPLE[k % PEOPLE.length] ?? '';
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');
const local = (ms: number): string => DateTime.fromMillis(ms, { zone: ZONE }).toFormat('ccc HH:mm');

// The world's own answer: the shift now (the service's current), the one after it (its next), and what stays
// unknown (the rest of the unreadable records' span, from the first shift overlapping it to the end of the last).
const k0 = dayOf(START);
const current = { start: ROTATION_START + k0 * DAY, end: ROTATION_START + (k0 + 1) * DAY, name: who(k0) };
const next = { start: current.end, end: current.end + DAY, name: who(k0 + 1) };
const holeEnd = ROTATION_START + (dayOf(UNREADABLE.toMs - 1) + 1) * DAY;
const unknown = { start: next.end, end: holeEnd };

let world: TwoServices | undefined;
beforeAll(loadPopover, 180_000);
afterEach(async () => {
  await world?.engine.stop();
  world = undefined;
});

async function run(): Promise<{ state: AppState; nowMs: number; ics: string }> {
  world = await twoServices(START);
  world.acme.unreadable.add('sch_primary', UNREADABLE);
  await world.engine.start();
  await world.harness.clock.advance(5_000);
  const ics = (await world.engine.calendar(7)).replace(/\r?\n[ \t]/g, '');
  return { state: world.engine.getState(), nowMs: world.harness.clock.now(), ics };
}

describe('the service’s current and next shift over a hole (issue 47)', () => {
  it('chart, My shifts, status and the .ics say Erin (me) now, Frank next, then unknown — one statement', async () => {
    const { state, nowMs, ics } = await run();
    // The world as this test means it: me on call now, someone else next, and the hole running past their shift.
    expect([current.name, next.name]).toEqual(['Erin Person', 'Frank Person']);
    expect(unknown.end).toBeGreaterThan(unknown.start);
    const acme = state.schedules.find((s) => s.accountId === 'acme');
    // The week chart: over the unreadable records' span, the answer's shift, then unknown for the rest.
    const over = (acme?.timeline ?? []).filter(
      (t) => Date.parse(t.end) > current.start && Date.parse(t.start) < holeEnd,
    );
    expect(over.map((t) => ({ kind: t.kind, start: t.start, end: t.end, names: t.users.map((u) => u.name) }))).toEqual([
      { kind: 'people', start: iso(current.start), end: iso(current.end), names: [current.name] },
      { kind: 'people', start: iso(next.start), end: iso(next.end), names: [next.name] },
      { kind: 'unknown', start: iso(unknown.start), end: iso(unknown.end), names: [] },
    ]);
    expect(acme?.now?.end).toBe(iso(current.end));
    // My shifts: my block now, and the hole only where nothing says who is on call.
    const mine = state.me.shifts.filter((m) => m.accountId === 'acme' && Date.parse(m.start) < holeEnd);
    expect(mine.map((m) => [m.start, m.end])).toEqual([[iso(current.start), iso(current.end)]]);
    const gap = state.me.gaps.find((g) => g.accountId === 'acme' && g.kind === 'holes');
    expect(gap?.spans).toEqual([{ from: iso(unknown.start), to: iso(unknown.end) }]);
    // The popover as painted.
    const shown = popover(state, nowMs, ZONE);
    const unknownWindow = `${local(unknown.start)} – ${local(unknown.end)}`;
    // My block now ends where the answer's next shift (Frank's) starts: a known end, not "then unknown". The hole
    // after Frank's shift sits past the list's first rows; the list says it has one, and `status` lists it below.
    const myNow = `${local(current.start)} – ${local(current.end)} 1 d Acme · Platform primary`;
    expect(shown.myShifts).toContain(myNow);
    expect(shown.myShifts).not.toContain('then unknown');
    expect(shown.myShifts).toContain("Some shifts of Acme · Platform primary couldn't be read.");
    expect(shown.myShifts).not.toContain(`${local(current.start)} – ${local(unknown.end)}`);
    // The load counts my time now as read: Erin's days this month up to now, whole hours (none "not readable").
    const erinMs = (k: number): number =>
      who(k) === current.name
        ? Math.max(0, Math.min(nowMs, ROTATION_START + (k + 1) * DAY) - (ROTATION_START + k * DAY))
        : 0;
    const hours = Math.floor(Array.from({ length: k0 + 1 }, (_, k) => erinMs(k)).reduce((x, y) => x + y, 0) / HOUR);
    expect(shown.myShifts).toContain(`Acme ${hours} h · 1 night — each service counted apart`);
    expect(shown.all).toContain(`${current.name} (you), ${local(current.start)} – ${local(current.end)}`);
    expect(shown.all).toContain(`${next.name}, ${local(next.start)} – ${local(next.end)}`);
    expect(shown.all).toContain(`unknown: shifts the service sent couldn't be read, ${unknownWindow}`);
    // `status`: the schedule's line names only the unknown part; now ends where the answer's shift does, and the
    // answer's next follows it.
    const status = formatStatus(state, { nowMs, localZone: ZONE });
    expect(status).toContain(`shifts couldn't be read: ${unknownWindow} —`);
    expect(status).toContain(`  ${unknownWindow} · Acme · Platform primary: couldn't be read — may be yours\n`);
    const row = `${local(current.start)} – ${local(current.end)} · 1 d — Acme · Platform primary`;
    expect(status).toContain(`\n  ${row} — now\n`);
    expect(status).toContain(`now:  ${current.name} until ${local(current.end)}\n`);
    expect(status).toContain(`next: ${next.name} from ${local(next.start)}\n`);
    expect(status).not.toContain('then unknown');
    // The .ics: my block now is an event of its own.
    const events = ics.split('BEGIN:VEVENT').slice(1);
    const stamp = (ms: number): string => iso(ms).replace(/[-:]/g, '');
    const now = events.filter((e) => e.includes(`DTSTART:${stamp(current.start)}`) && e.includes('Acme'));
    expect(now).toHaveLength(1);
    expect(now[0]).toContain(`DTEND:${stamp(current.end)}`);
  }, 120_000);
});
