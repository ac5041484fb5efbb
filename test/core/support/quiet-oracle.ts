// Judges a played quiet world (./quiet-world) from the issue's words, with none of the app's code: quiet time is
// computed here with luxon from the settings and the pauses; the rule is the issue's ("an on-call start is never
// silenced, so neither is the one reminder that would warn of it when 'at the start' is off"; a change to a shift
// starting before quiet time ends speaks at once); promises are read back from the words shown.
//   1. Every promise a notice made holds: each reminder a heads-up or the pause label says "still comes" is shown
//      at its time (awake) or by the start (slept through), unless a change to that shift came first.
//   2. Each heads-up says exactly what the rule lets through, and comes at the start of quiet hours.
//   3. Each reminder of an unchanged shift speaks at its time unless quiet time holds it, and then its own words
//      never come; a summary comes only where quiet time ends.
//   4. No change to a shift of mine is held past its start; one to a shift starting before quiet time ends is
//      told within the time it takes to read it.
import { DateTime } from 'luxon';
import type { Shown } from './engine-harness';
import type { Block } from './truth';
import {
  berlin,
  END,
  HOUR,
  LEARN_MS,
  MIN,
  SCHEDULES,
  T0,
  ZONE,
  type Choice,
  type Interval,
  type Played,
} from './quiet-world';

const GRACE_MS = 2 * MIN;
/** After a wake the app reads first, then speaks. */
const WAKE_MS = 3 * MIN;
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');
const groupOf = (b: Pick<Block, 'scheduleId' | 'startMs'>) => `shift:${b.scheduleId}:${iso(b.startMs)}`;
const inside = (t: number, i: Interval) => i.fromMs <= t && t < i.toMs;

/** Quiet-hours stretches (evenings on the chosen weekdays) over the world, in Berlin wall time. */
export function quietStretches(p: Played): Interval[] {
  const { start, end, days } = p.world.quiet;
  const at = (d: DateTime, hhmm: string) => {
    const [hh, mm] = hhmm.split(':').map(Number);
    return d.set({ hour: hh ?? 0, minute: mm ?? 0 });
  };
  const out: Interval[] = [];
  let day = DateTime.fromMillis(T0, { zone: ZONE }).startOf('day').minus({ days: 1 });
  while (day.toMillis() < END + 24 * HOUR) {
    if (days.length === 0 || days.includes(day.weekday)) {
      const from = at(day, start);
      let to = at(day, end);
      if (to <= from) to = at(day.plus({ days: 1 }), end);
      out.push({ fromMs: from.toMillis(), toMs: to.toMillis() });
    }
    day = day.plus({ days: 1 });
  }
  return out;
}

/** Quiet time: quiet hours and pauses, joined where they touch. */
export function quietTime(p: Played): Interval[] {
  const all = [...quietStretches(p), ...p.pauses].sort((a, b) => a.fromMs - b.fromMs);
  const out: Interval[] = [];
  for (const i of all) {
    const last = out[out.length - 1];
    if (last && i.fromMs <= last.toMs) last.toMs = Math.max(last.toMs, i.toMs);
    else out.push({ fromMs: i.fromMs, toMs: i.toMs });
  }
  return out;
}

interface Item {
  block: Block;
  kind: 'lead' | 'start';
  leadMin: number;
  atMs: number;
  /** The last lead, with no "On call now" after it. */
  last: boolean;
}

function itemsOf(block: Block, c: Choice): Item[] {
  const leads = [...new Set(c.leadTimesMin)].sort((a, b) => b - a);
  const items: Item[] = leads.map((leadMin, i) => ({
    block,
    kind: 'lead',
    leadMin,
    atMs: block.startMs - leadMin * MIN,
    last: !c.atStart && i === leads.length - 1,
  }));
  if (c.atStart) items.push({ block, kind: 'start', leadMin: 0, atMs: block.startMs, last: false });
  return items;
}

export class QuietOracle {
  readonly failures: string[] = [];
  /** How many statements were judged, by kind (a world that judges nothing proves nothing). */
  readonly judged = { promised: 0, headsUps: 0, reminders: 0, held: 0, summaries: 0, changes: 0 };
  private readonly quiet: Interval[];
  private readonly stretches: Interval[];

  constructor(private readonly p: Played) {
    this.quiet = quietTime(p);
    this.stretches = quietStretches(p);
  }

  judge(): string[] {
    this.promisesHold();
    this.headsUps();
    this.reminders();
    this.summaries();
    this.changes();
    return this.failures;
  }

  private choice(scheduleId: string): Choice {
    return this.p.world.choices[SCHEDULES.findIndex((id) => id === scheduleId)] ?? this.p.world.choices[0];
  }
  private quietEndAt(t: number): number | undefined {
    return this.quiet.find((i) => inside(t, i))?.toMs;
  }
  /** The issue's rule: does a reminder due at its time speak? */
  private speaks(it: Item): boolean {
    const end = this.quietEndAt(it.atMs);
    if (end === undefined || it.kind === 'start') return true;
    if (it.block.startMs - it.atMs <= HOUR) return true;
    return it.last && end >= it.block.startMs;
  }
  private asleep(fromMs: number, toMs: number): Interval | undefined {
    return this.p.sleeps.find((s) => s.fromMs <= toMs && fromMs <= s.toMs);
  }
  /** Unchanged by every change made before `beforeMs` (or by any, when undefined). */
  private untouched(b: Block, beforeMs = Infinity): boolean {
    return this.p.changes
      .filter((c) => c.atMs < beforeMs)
      .every((c) =>
        c.after.some((a) => a.scheduleId === b.scheduleId && a.startMs === b.startMs && a.endMs === b.endMs),
      );
  }
  private shownIn(prefix: string, fromMs: number, toMs: number): Shown[] {
    return this.p.shown.filter((s) => s.id.startsWith(prefix) && s.atMs >= fromMs && s.atMs <= toMs);
  }
  private fail(what: string): void {
    this.failures.push(what);
  }
  /** A reminder the app owes at `atMs` for `block`: shown then (awake), or after the wake by the start. */
  private owed(block: Block, atMs: number, why: string): void {
    if (!this.untouched(block, atMs + GRACE_MS) || atMs < T0 + 5 * MIN || atMs > END - GRACE_MS) return;
    const group = `${groupOf(block)}:`;
    const sleep = this.asleep(atMs - MIN, atMs + GRACE_MS);
    if (why.includes('promised')) this.judged.promised++;
    else this.judged.reminders++;
    if (!sleep) {
      if (this.shownIn(group, atMs, atMs + GRACE_MS).length === 0) this.fail(`${why}: nothing at ${berlin(atMs)}`);
      return;
    }
    if (sleep.toMs >= block.startMs - MIN) return; // woke at (or after) the start: "On call now" is another promise
    if (this.shownIn(group, sleep.toMs, block.startMs).length === 0)
      this.fail(`${why}: slept through ${berlin(atMs)}, nothing from the wake at ${berlin(sleep.toMs)} to the start`);
  }

  /** 1: read each promise back from the words shown and check it came. */
  private promisesHold(): void {
    // A heads-up caught up late (after a sleep) speaks as a lead ("On call in 13 min") and promises nothing.
    for (const s of this.p.shown.filter((x) => x.id.endsWith(':heads-up') && x.title.startsWith('On call at'))) {
      const m = /^shift:(sch_\w+):(.+):heads-up$/.exec(s.id);
      const clause = /It starts during quiet hours; (.*)\.$/.exec(s.body)?.[1];
      if (!m || clause === undefined) {
        this.fail(`heads-up ${s.id} at ${berlin(s.atMs)} without a promise: ${s.body}`);
        continue;
      }
      const block = this.p.first.find((b) => b.scheduleId === m[1] && b.startMs === Date.parse(m[2] ?? ''));
      if (!block) continue; // a shift a change gave me: its start reminders are judged under 3 and 4
      for (const t of promisedTimes(clause, block.startMs))
        this.owed(block, t, `heads-up ${berlin(s.atMs)} promised ${berlin(t)}`);
    }
    for (const pause of this.p.pauses) {
      const m = /\((.*) for your (.+) shift still comes?\)$/.exec(pause.label);
      if (!m) {
        if (!pause.label.endsWith('(the last reminder before a shift starts still comes)'))
          this.fail(`pause at ${berlin(pause.fromMs)}: "${pause.label}"`);
        continue;
      }
      const startMs = wallInstant(m[2] ?? '', pause.fromMs, 'after');
      const blocks = this.p.versions[this.p.versions.length - 1]?.filter((b) => b.startMs === startMs) ?? [];
      const candidates = this.p.first.filter((b) => b.startMs === startMs);
      if (candidates.length === 0 && blocks.length === 0) this.fail(`pause names a shift at ${m[2]} that is not mine`);
      const block = candidates[0];
      if (block)
        for (const t of promisedTimes(m[1] ?? '', startMs))
          this.owed(block, t, `pause ${berlin(pause.fromMs)} promised ${berlin(t)}`);
    }
  }

  /** 2: the heads-up at the start of quiet hours, with exactly the rule's promise. */
  private headsUps(): void {
    for (const q of this.stretches) {
      if (q.fromMs < T0 + 5 * MIN || q.fromMs > END - GRACE_MS || this.asleep(q.fromMs - MIN, q.fromMs + GRACE_MS))
        continue;
      for (const b of this.p.first.filter(
        (x) => q.fromMs < x.startMs && x.startMs < q.toMs && this.untouched(x, q.fromMs + GRACE_MS),
      )) {
        const items = itemsOf(b, this.choice(b.scheduleId));
        if (items.length === 0) continue;
        const shown = this.shownIn(`${groupOf(b)}:heads-up`, q.fromMs, q.fromMs + GRACE_MS)[0];
        if (!shown) {
          this.fail(`no heads-up at ${berlin(q.fromMs)} for ${b.scheduleId} at ${berlin(b.startMs)}`);
          continue;
        }
        this.judged.headsUps++;
        const coming = items.filter((i) => i.atMs > q.fromMs && this.speaks(i));
        const want = promiseText(coming, b.startMs);
        if (!shown.body.endsWith(`It starts during quiet hours; ${want}.`))
          this.fail(`heads-up at ${berlin(q.fromMs)}: "${shown.body}", expected to end "${want}."`);
      }
    }
  }

  /** 3: reminders of unchanged shifts speak at their time, or wait and never come in their own words. */
  private reminders(): void {
    for (const b of this.p.first.filter((x) => x.startMs > T0 && this.untouched(x))) {
      for (const it of itemsOf(b, this.choice(b.scheduleId))) {
        if (it.atMs < T0 + 5 * MIN || it.atMs > END - GRACE_MS) continue;
        const what = `${it.kind === 'start' ? 'start' : `${it.leadMin}-min lead`} of ${b.scheduleId} ${berlin(b.startMs)}`;
        if (this.speaks(it)) this.owed(b, it.atMs, `${what} (due ${berlin(it.atMs)})`);
        else if (!this.asleep(it.atMs - MIN, it.atMs + GRACE_MS)) {
          this.judged.held++;
          const own = this.p.shown.filter((s) => s.id === `${groupOf(b)}:lead${it.leadMin}`);
          if (own.length > 0) this.fail(`${what} spoke at ${berlin(own[0]?.atMs ?? 0)} during quiet time`);
        }
      }
    }
  }

  /** "Until …": what waited is summed up where quiet time ends (or right after a wake past that end). */
  private summaries(): void {
    for (const s of this.p.shown.filter((x) => x.title.endsWith('while notifications were quiet'))) {
      this.judged.summaries++;
      const atEnd = this.quiet.some((q) => {
        if (s.atMs >= q.toMs && s.atMs <= q.toMs + GRACE_MS) return true;
        const sleep = this.asleep(q.toMs, q.toMs);
        return sleep !== undefined && s.atMs >= sleep.toMs && s.atMs <= sleep.toMs + WAKE_MS;
      });
      if (!atEnd) this.fail(`summary at ${berlin(s.atMs)}, not where quiet time ends`);
    }
  }

  /** 4: a change to my shifts is told before the shift starts; at once when it starts before quiet time ends. */
  private changes(): void {
    for (const c of this.p.changes) {
      if (!this.choice(c.scheduleId).shiftChanges || c.atMs < T0 + 5 * MIN) continue;
      const neighbours = this.p.changes.filter(
        (o) => o !== c && o.scheduleId === c.scheduleId && Math.abs(o.atMs - c.atMs) < 2 * LEARN_MS,
      );
      if (neighbours.length > 0 || this.asleep(c.atMs, c.atMs + LEARN_MS) || c.atMs + LEARN_MS > END) continue;
      const mine = (bs: Block[]) => bs.filter((b) => b.scheduleId === c.scheduleId);
      const [was, is] = [mine(c.before), mine(c.after)];
      const same = (a: Block, x: Block[]) => x.some((b) => b.startMs === a.startMs && b.endMs === a.endMs);
      const touched = [...was.filter((b) => !same(b, is)), ...is.filter((b) => !same(b, was))].filter(
        (b) => b.endMs > c.atMs,
      );
      if (touched.length === 0) continue;
      const firstStart = Math.min(...touched.map((b) => b.startMs));
      this.judged.changes++;
      const quietEnds = this.quiet.filter((q) => q.fromMs < c.atMs + LEARN_MS && c.atMs < q.toMs).map((q) => q.toMs);
      const direct = this.shownIn(`change:${c.scheduleId}:`, c.atMs, c.atMs + LEARN_MS);
      if (quietEnds.length === 0 || firstStart <= Math.min(...quietEnds)) {
        if (direct.length === 0)
          this.fail(`change "${c.label}" at ${berlin(c.atMs)} (a shift at ${berlin(firstStart)}): not told at once`);
        continue;
      }
      if (firstStart <= c.atMs + LEARN_MS) continue;
      const told = this.p.shown.some(
        (s) =>
          s.atMs >= c.atMs &&
          s.atMs < firstStart &&
          (s.id.startsWith(`change:${c.scheduleId}:`) || /^Your shift was/m.test(s.body)),
      );
      if (!told)
        this.fail(`change "${c.label}" at ${berlin(c.atMs)}: not told before its shift at ${berlin(firstStart)}`);
    }
  }
}

/** "the 01:00 reminder", "the Tue 23:30 and 02:45 reminders and “On call now”" → the instants, read relative to the
 *  start's day (a time alone is on the start's date; a weekday names the day within the week before). */
export function promisedTimes(clause: string, startMs: number): number[] {
  if (clause === 'this is its last reminder') return [];
  const out = [...clause.matchAll(/(?:(Mon|Tue|Wed|Thu|Fri|Sat|Sun) )?(\d\d):(\d\d)/g)].map((m) =>
    wallInstant(`${m[1] ? `${m[1]} ` : ''}${m[2]}:${m[3]}`, startMs, 'before'),
  );
  if (clause.includes('“On call now”')) out.push(startMs);
  return out;
}

/** "Wed 03:00" or "03:00" as an instant: on `refMs`'s date (a weekday: that day within a week before or after). */
export function wallInstant(text: string, refMs: number, direction: 'before' | 'after'): number {
  const m = /^(?:(Mon|Tue|Wed|Thu|Fri|Sat|Sun) )?(\d\d):(\d\d)$/.exec(text.trim());
  if (!m) return NaN;
  let d = DateTime.fromMillis(refMs, { zone: ZONE }).set({
    hour: Number(m[2]),
    minute: Number(m[3]),
    second: 0,
    millisecond: 0,
  });
  if (m[1]) {
    const step = direction === 'before' ? -1 : 1;
    for (let i = 0; i < 7 && d.toFormat('ccc') !== m[1]; i++) d = d.plus({ days: step });
  }
  return d.toMillis();
}

/** The promise the rule makes, in the issue's words, for the reminders that still come. */
export function promiseText(coming: readonly Pick<Item, 'kind' | 'atMs'>[], startMs: number): string {
  const day = DateTime.fromMillis(startMs, { zone: ZONE }).toISODate();
  const times = coming
    .filter((i) => i.kind === 'lead')
    .map((i) => DateTime.fromMillis(i.atMs, { zone: ZONE }))
    .map((d) => (d.toISODate() === day ? d.toFormat('HH:mm') : d.toFormat('ccc HH:mm')));
  const list = (xs: string[]) =>
    xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
  const parts = times.length === 0 ? [] : [`the ${list(times)} reminder${times.length > 1 ? 's' : ''}`];
  if (coming.some((i) => i.kind === 'start')) parts.push('“On call now”');
  if (parts.length === 0) return 'this is its last reminder';
  return `${list(parts)} still ${coming.length > 1 ? 'come' : 'comes'}`;
}
