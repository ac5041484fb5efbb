// A held change notice is restated when the summary after quiet time is shown (issue 47, adversarial round 17): what a
// change said when it was made may be untrue by then (given to Bob, then to Alice; removed, then partly or wholly given
// back). Per schedule, the held changes about my blocks are replaced by what differs between my blocks as they were
// before the first of them (what I was last told) and my blocks as known now, over the time they spoke of: one
// statement per change found, who covers worded from the read now. heldLine then words each, with its basis.
import type { HeldMessage } from '../storage/fired-store';
import { isoOf } from '../model/segments';
import { componentsOf, type Component } from './changes';
import type { ShiftRef } from './messages';
import type { ShiftChange } from './notice-messages';
import { maxOf } from '../../shared/extremes';

interface Span {
  startMs: number;
  endMs: number;
}

/** What is known now, from the latest read (saved data where it could not read). */
export interface KnownNow {
  /** My blocks from now on. */
  mine: readonly ShiftRef[];
  /** Who other than me is on call during a span of a schedule. */
  coverersOf: (scheduleId: string, span: Span) => string[];
  /** Whether a held change may be restated (one the file can't vouch for is left as it is, to be dropped). */
  restatable: (h: HeldMessage) => boolean;
}

const overlaps = (a: Span, b: Span): boolean => a.startMs < b.endMs && b.startMs < a.endMs;

/** My blocks before the first held change of each span they spoke of, and the spans they spoke of. */
function toldBefore(changes: readonly HeldMessage[]): { told: ShiftRef[]; spoke: Span[] } {
  const told: ShiftRef[] = [];
  const spoke: Span[] = [];
  for (const h of [...changes].sort((a, b) => a.atMs - b.atMs)) {
    const blocks = [...(h.change?.before ?? []), ...(h.change?.after ?? [])];
    // A later change's "before" over time an earlier one spoke of is what that one made, not what I was told.
    told.push(...(h.change?.before ?? []).filter((b) => !spoke.some((s) => overlaps(s, b))));
    if (blocks.length > 0)
      spoke.push({
        startMs: Math.min(...blocks.map((b) => b.startMs)),
        endMs: maxOf(
          blocks.map((b) => b.endMs),
          0,
        ),
      });
  }
  return { told: told.sort((a, b) => a.startMs - b.startMs), spoke };
}

const spanKey = (refs: readonly ShiftRef[]): string =>
  refs.length === 0 ? 'none' : refs.map((r) => `${isoOf(r.startMs)}-${isoOf(r.endMs)}`).join(',');

/** One restated change, held as the first of its schedule's was (its time, so the checks of a held change apply). */
function heldOf(first: HeldMessage, c: Component<ShiftRef>, now: KnownNow, nowMs: number): HeldMessage {
  const scheduleId = first.scheduleId ?? '';
  const lostAll = c.after.every((b) => b.endMs <= nowMs);
  const last = c.before[c.before.length - 1];
  const lostSpan = {
    startMs: Math.max(
      nowMs,
      c.before[0]?.startMs ?? 0,
      maxOf(
        c.after.map((b) => b.endMs),
        0,
      ),
    ),
    endMs: last?.endMs ?? 0,
  };
  const change: ShiftChange = {
    before: c.before,
    after: c.after,
    coverers: lostAll && lostSpan.startMs < lostSpan.endMs ? now.coverersOf(scheduleId, lostSpan) : [],
  };
  const next = c.after.find((r) => r.endMs > nowMs);
  const { startsAtMs: _was, ...rest } = first;
  return {
    ...rest,
    key: `change:${scheduleId}:${spanKey(c.before)}>${spanKey(c.after)}`,
    change,
    untilMs: maxOf(
      [...c.before, ...c.after].map((b) => b.endMs),
      first.untilMs,
    ),
    ...(next ? { startsAtMs: next.startMs } : {}),
  };
}

/** The held messages with each schedule's held changes restated against what is known now (in the first one's
 *  place); a change restated to nothing (removed, then given back whole) is no longer there to tell. */
export function restateHeldChanges(held: readonly HeldMessage[], now: KnownNow, nowMs: number): HeldMessage[] {
  const isChange = (h: HeldMessage): boolean =>
    h.kind === 'change' && h.change !== undefined && h.scheduleId !== undefined && now.restatable(h);
  const bySchedule = new Map<string, HeldMessage[]>();
  for (const h of held.filter(isChange))
    bySchedule.set(h.scheduleId ?? '', [...(bySchedule.get(h.scheduleId ?? '') ?? []), h]);
  const restated = new Map<string, HeldMessage[]>();
  for (const [id, changes] of bySchedule) {
    const { told, spoke } = toldBefore(changes);
    const mine = now.mine.filter((m) => m.scheduleId === id && spoke.some((s) => overlaps(s, m)));
    const first = changes[0];
    const found = componentsOf(told, mine, { startMs: nowMs, endMs: Infinity });
    restated.set(id, first ? found.map((c) => heldOf(first, c, now, nowMs)) : []);
  }
  return held.flatMap((h) => {
    if (!isChange(h)) return [h];
    const id = h.scheduleId ?? '';
    const first = bySchedule.get(id)?.[0] === h;
    return first ? (restated.get(id) ?? []) : [];
  });
}
