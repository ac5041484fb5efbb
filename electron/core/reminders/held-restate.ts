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
import { intersect, subtract } from '../sync/kept';
import type { CorrectionStatement } from './types';
import type { Covering } from './covering';

interface Span {
  startMs: number;
  endMs: number;
}

/** What is known now, from the latest read (saved data where it could not read). */
export interface KnownNow {
  /** My blocks from now on. */
  mine: readonly ShiftRef[];
  /** Who other than me is on call during a span of a schedule. */
  /** By name and by user id (./covering). */
  coveringOf: (scheduleId: string, span: Span) => Covering;
  /** My blocks of a schedule as known now, past ones included (a past correction's block is over when shown). */
  myBlocksOf: (scheduleId: string) => readonly Span[];
  /** The time a schedule's known data covers (read now, or kept with its read time). */
  coversOf: (scheduleId: string) => readonly { fromMs: number; toMs: number }[];
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
    ...(lostAll && lostSpan.startMs < lostSpan.endMs ? now.coveringOf(scheduleId, lostSpan) : { coverers: [] }),
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

/** A held correction of my own override as it would be made now: time lost up to a block of mine starting inside
 *  it now (./corrections), who covers that as read now; one whose later block went away says the whole block. */
function ownCorrectionNow(c: CorrectionStatement, now: KnownNow): CorrectionStatement {
  const { was } = c;
  const inside = now.mine.find(
    (m) => m.scheduleId === was.scheduleId && m.startMs > was.startMs && m.startMs < was.endMs,
  );
  const lostEndMs = inside?.startMs ?? was.endMs;
  const covering = now.coveringOf(was.scheduleId, { startMs: was.startMs, endMs: lostEndMs });
  // The block kept is named in the correction only if it was when made; else its own change line tells it.
  const later = c.later && inside ? { later: inside } : {};
  const { later: _was, ...rest } = c;
  return { ...rest, lostEndMs, ...covering, ...later };
}

/** A held past correction as known now: the time of the block up to when it was found, less what is mine now,
 *  each part with who had it (./past-corrections); undefined when none of it was lost after all. The statement as
 *  made when the data known now no longer covers that time (nothing to restate it from). */
function pastCorrectionNow(c: CorrectionStatement, h: HeldMessage, now: KnownNow): CorrectionStatement | undefined {
  const past = c.past;
  if (!past) return c;
  const id = c.was.scheduleId;
  const range = { fromMs: c.was.startMs, toMs: Math.min(c.was.endMs, Math.max(h.atMs, c.lostEndMs)) };
  const known = intersect([range], now.coversOf(id));
  if (known.length !== 1 || known[0]?.fromMs !== range.fromMs || known[0].toMs !== range.toMs) return c;
  const mine = now.myBlocksOf(id).map((b) => ({ fromMs: b.startMs, toMs: b.endMs }));
  const lost = subtract([range], mine);
  const first = lost[0];
  if (!first) return undefined;
  const covering = lost.map((l) => now.coveringOf(id, { startMs: l.fromMs, endMs: l.toMs }));
  const spans = lost.map((l, i) => ({ ...l, coverers: covering[i]?.coverers ?? [] }));
  const lostEndMs = lost[lost.length - 1]?.toMs ?? first.toMs;
  const coverers = [...new Set(covering.flatMap((s) => s.coverers))];
  const covererIds = [...new Set(covering.flatMap((s) => s.covererIds))];
  return { ...c, lostEndMs, coverers, covererIds, past: { ...past, lostStartMs: first.fromMs, spans } };
}

/** A held correction worded from what is known when shown (issue 47, adversarial round 18); none if no longer so. */
function restateCorrection(h: HeldMessage, now: KnownNow): HeldMessage[] {
  const c = h.correction;
  if (!c) return [h];
  const restated = c.past ? pastCorrectionNow(c, h, now) : ownCorrectionNow(c, now);
  return restated ? [{ ...h, correction: restated }] : [];
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
    if (h.kind === 'correction' && now.restatable(h)) return restateCorrection(h, now);
    if (!isChange(h)) return [h];
    const id = h.scheduleId ?? '';
    const first = bySchedule.get(id)?.[0] === h;
    return first ? (restated.get(id) ?? []) : [];
  });
}

/** A held change or correction naming each schedule as it is named now (adv47 r24 #2: "your Ops shift" after the
 *  service renamed it "Ops EU", while every other surface said "Ops EU"); a schedule not known now keeps its name. */
export function withScheduleNamesNow(h: HeldMessage, nameOf: (scheduleId: string) => string | undefined): HeldMessage {
  const named = <R extends ShiftRef>(r: R): R => ({ ...r, scheduleName: nameOf(r.scheduleId) ?? r.scheduleName });
  const { change: ch, correction: co } = h;
  const change = ch ? { change: { ...ch, before: ch.before.map(named), after: ch.after.map(named) } } : {};
  const later = co?.later ? { later: named(co.later) } : {};
  const correction = co ? { correction: { ...co, was: named(co.was), ...later } } : {};
  return { ...h, ...change, ...correction };
}
