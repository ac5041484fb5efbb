// The oracle for holes (issue 27): a notice that I lost time ("removed", "cut short") must be about time the read
// it came from did cover. What a read covered is the world's own record: which spans the simulator was told to send
// unreadable, and when; the notice's lost time is read from its id (my blocks before > after). Nothing is taken
// from the app's code.
import type { Figure, Verdict } from './month-oracle';
import { iso, type Interval } from './month-world';
import type { PartialWorld } from './month-partial-world';

const INSTANT = /(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)-(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)/g;

/** The blocks a change id names on one side of its ">". */
function blocksOf(side: string): Interval[] {
  return [...side.matchAll(INSTANT)].map((m) => ({ fromMs: Date.parse(m[1] ?? ''), toMs: Date.parse(m[2] ?? '') }));
}

/** `a` minus `b`. */
function minus(a: Interval[], b: Interval[]): Interval[] {
  let out = a;
  for (const c of b)
    out = out.flatMap((x) =>
      c.toMs <= x.fromMs || c.fromMs >= x.toMs
        ? [x]
        : [
            ...(x.fromMs < c.fromMs ? [{ fromMs: x.fromMs, toMs: c.fromMs }] : []),
            ...(c.toMs < x.toMs ? [{ fromMs: c.toMs, toMs: x.toMs }] : []),
          ],
    );
  return out;
}

const overlaps = (a: Interval, b: Interval): boolean => a.fromMs < b.toMs && b.fromMs < a.toMs;

export function judgeHoles(world: PartialWorld): Verdict {
  const failures = new Map<string, string[]>();
  const category = 'removals over time not read';
  let checked = 0;
  for (const m of world.rec.shown) {
    const id = /^change:([^:]+):(.*)>(.*)$/.exec(m.id);
    if (!id || !/removed|cut short/.test(m.title)) continue;
    const sid = id[1] ?? '';
    const lost = minus(blocksOf(id[2] ?? ''), blocksOf(id[3] ?? '')).filter((x) => x.toMs > m.atMs - 1);
    // The read the notice came from: the last shifts read of that schedule that answered before it.
    const read = world.rec.syncs
      .filter((s) => s.ok && s.scheduleId === sid && /Shifts$/.test(s.route) && s.order < m.order)
      .at(-1);
    checked++;
    // The schedule's answer read in the same pass (no older than that shifts read) states its current and next shifts
    // afresh: time they cover was read, hole or not (issue 47, adv47 r34).
    const answer = world.rec.syncs
      .filter((s) => s.ok && s.scheduleId === sid && s.route === 'getSchedule' && s.order < m.order)
      .at(-1);
    const stated = answer && read && answer.atMs >= read.atMs - 60_000 ? (answer.answered ?? []) : [];
    const holes = read ? minus(world.holesAt(sid, read.atMs), stated) : [];
    const blind = lost.filter((x) => holes.some((h) => overlaps(h, x)));
    if (blind.length > 0) {
      const spans = blind.map((x) => `${iso(x.fromMs)}–${iso(x.toMs)}`).join(', ');
      const line = `${iso(m.atMs)} ${m.id} "${m.title}" — ${m.body}: ${spans} was unreadable in the read at ${read ? iso(read.atMs) : '?'}`;
      failures.set(category, [...(failures.get(category) ?? []), line]);
    }
  }
  const figure: Figure = { category, checked, failed: failures.get(category)?.length ?? 0 };
  return { figures: [figure], failures };
}
