// The oracle of the away changes-property (support/changes-world.ts plays the world): the service's own override
// list, judged with a model of its rule (the override created last wins) checked against what it reads back.
import fc from 'fast-check';
import { expect } from 'vitest';
import type { HandoffItem } from '../../../../electron/shared/handoff';
import { BLOCKS, DAY, emailOf, PEOPLE, SAMPLES, windowOf, type Change, type Fault, type play } from './changes-world';

type Played = Awaited<ReturnType<typeof play>>;
type Ov = { id: string; startMs: number; endMs: number; userIds: readonly string[] };
const emailsOf = (o: Ov) => o.userIds.map((u) => emailOf(u.replace(/^usr_/, ''))).sort();
/** The model: the baseline, with the override created last over an instant winning (the service's rule). */
const holders = (base: Map<number, string[]>, list: readonly Ov[], t: number): string[] => {
  const last = list.filter((o) => o.startMs <= t && t < o.endMs).at(-1);
  return last ? emailsOf(last) : (base.get(t) ?? []);
};

export function judge(r: Played, changes: Change[]) {
  const items: HandoffItem[] = r.run?.items ?? [];
  const mine = r.list.filter((o) => !r.manager.has(o.id));
  // The model agrees with what the service reads back.
  for (const t of SAMPLES) expect([t, r.final.get(t)]).toEqual([t, holders(r.base, r.list, t)]);
  for (const o of mine) {
    const k = r.list.indexOf(o);
    const item = items.find((i) => Date.parse(i.start) === o.startMs && Date.parse(i.end) === o.endMs);
    // Only over a block chosen, once.
    expect(item, `override ${o.startMs} is not a block chosen`).toBeDefined();
    expect(mine.filter((x) => x.startMs === o.startMs && x.endMs === o.endMs)).toHaveLength(1);
    if (!item) continue;
    // Written while the service held exactly what was planned: me and the others kept.
    for (const t of SAMPLES.filter((s) => o.startMs <= s && s < o.endMs))
      expect([t, holders(r.base, r.list.slice(0, k), t)]).toEqual([t, ['me@example.com', ...item.others].sort()]);
    expect(emailsOf(o)).toEqual([item.email, ...item.others].sort());
  }
  for (const item of items) {
    const [a, b] = [Date.parse(item.start), Date.parse(item.end)];
    const written = mine.find((o) => o.startMs === a && o.endMs === b);
    if (item.state !== 'handed_off')
      expect([item.start, item.state, written]).toEqual([item.start, item.state, undefined]);
    // Touched: a change over the block, or right beside it (it may have grown the block).
    const touched = changes.some((c) => windowOf(c)[0]! < b && windowOf(c)[1]! >= a);
    if (!touched) expect([item.start, item.state]).not.toEqual([item.start, 'changed']);
    if (!written) continue;
    const k = r.list.indexOf(written);
    // The block as planned when written: not grown (me put on the hours just before it, where I was off call).
    for (const t of SAMPLES.filter((s) => a - DAY / 4 <= s && s < a && !r.base.get(s)?.includes('me@example.com')))
      expect([t, holders(r.base, r.list.slice(0, k), t).includes('me@example.com')]).toEqual([t, false]);
    // The intended people at every instant chosen, unless the manager changed it after the write.
    for (const t of SAMPLES.filter((s) => a <= s && s < b)) {
      const later = r.list.slice(k + 1).some((o) => o.startMs <= t && t < o.endMs);
      if (!later) expect([t, r.final.get(t)]).toEqual([t, [item.email, ...item.others].sort()]);
    }
  }
  // Nobody else removed: outside the blocks written, what the service holds is the baseline and the manager's.
  const others = r.list.filter((o) => r.manager.has(o.id));
  const inWritten = (t: number) => mine.some((o) => o.startMs <= t && t < o.endMs);
  for (const t of SAMPLES.filter((s) => !inWritten(s)))
    expect([t, r.final.get(t)]).toEqual([t, holders(r.base, others, t)]);
}

export const chosenArb = fc.subarray([0, 1, 2, 3], { minLength: 1 }).chain((blocks) =>
  fc.tuple(
    ...blocks.map((block) =>
      fc
        .constantFrom('bob', 'alice', 'carol')
        .filter((p) => p !== BLOCKS[block]!.partner)
        .map((cover) => ({ block, cover })),
    ),
  ),
);
export const changeArb = fc.record({
  phase: fc.constantFrom(0 as const, 1 as const, 2 as const),
  block: fc.integer({ min: 0, max: 3 }),
  half: fc.constantFrom('whole' as const, 'first' as const, 'second' as const, 'before' as const),
  people: fc.subarray([...PEOPLE], { minLength: 1, maxLength: 2 }),
});
/** The faults of a write; `slow` adds a 502 and a lost answer the service applies 40 s later. */
export const faultArb = (slow = false) =>
  slow
    ? fc.constantFrom<Fault>('none', 'fail_502', 'lost', 'slow_502', 'slow_lost')
    : fc.constantFrom<Fault>('none', 'fail_502', 'lost');
