// Corrections of what was said about a block of mine that is over (or running) when a read contradicts it: the
// "On call in 15 min", the shift-start alarm or "Shift ended" told from saved data about a block the service had
// given to someone else meanwhile. Change notices (./changes) compare from now on only, so time already past is
// checked here: a block of mine in the data the messages rested on that the new read, covering that time, says
// was not (all) mine. One correction per block (the key names it, so never twice, restarts included), and only
// when one of its messages is on record as said (delivery's `saidKey`: a reminder, the alarm, "Shift ended").
import { isoOf, type Block } from '../model/segments';
import { intersect, subtract, type Span } from '../sync/kept';
import { saidKey } from './delivery';
import { correctionWords } from './correction-words';
import { coveringOf } from './covering';
import type { CorrectionSides } from './corrections';
import { shiftRef, type PlanInput, type PlannedReminder } from './types';

/** Kept in the plan this long after it is planned: it is said when the read that found it comes in. */
const PAST_CORRECTION_TTL_MS = 24 * 60 * 60 * 1000;

const spanOf = (b: Block): Span => ({ fromMs: b.startMs, toMs: b.endMs });

/** When the data the block's messages rested on was read, if it was saved data (a failed read since, or kept). */
function savedReadOf(sides: CorrectionSides, keptReadAtMs: number | undefined): number | undefined {
  if (keptReadAtMs !== undefined) return keptReadAtMs;
  const readMs = Date.parse(sides.before.shiftsFetchedAt ?? '');
  return sides.before.problem !== null && Number.isFinite(readMs) ? readMs : undefined;
}

/**
 * One correction per block of mine begun before now whose time up to now the new read covers and gives (partly)
 * to others. `both`: time both reads cover; `told`: blocks a change notice already speaks of (never twice).
 */
export function pastCorrections(
  beforeBlocks: readonly Block[],
  afterBlocks: readonly Block[],
  both: readonly Span[],
  told: ReadonlySet<Block>,
  sides: CorrectionSides,
  input: PlanInput,
): PlannedReminder[] {
  const { before, after, beforeSegs, afterSegs, me, zone } = sides;
  const mine = afterBlocks.map(spanOf);
  return beforeBlocks.flatMap((b) => {
    if (b.startMs >= input.nowMs || told.has(b)) return [];
    const past = intersect([{ fromMs: b.startMs, toMs: Math.min(b.endMs, input.nowMs) }], both);
    const lost = subtract(past, mine);
    const first = lost[0];
    if (!first) return [];
    const was = shiftRef(before, beforeSegs, b, zone);
    const lostEndMs = lost[lost.length - 1]?.toMs ?? first.toMs;
    const coveringIn = (spans: readonly Span[]) =>
      coveringOf(
        afterSegs,
        spans.map((l) => ({ startMs: l.fromMs, endMs: l.toMs })),
        me,
      );
    const covering = coveringIn(lost);
    const spans = lost.map((l) => ({ fromMs: l.fromMs, toMs: l.toMs, coverers: coveringIn([l]).coverers }));
    const savedAtMs = savedReadOf(sides, was.keptReadAtMs);
    const key = `correction:${after.id}:${isoOf(b.startMs)}`;
    const correction = {
      was,
      lostEndMs,
      ...covering,
      past: { lostStartMs: first.fromMs, spans, ...(savedAtMs === undefined ? {} : { savedAtMs }) },
    };
    return [
      {
        key,
        atMs: input.nowMs,
        kind: 'correction' as const,
        untilMs: input.nowMs + PAST_CORRECTION_TTL_MS,
        notification: correctionWords(key, correction, input.nowMs, input),
        correction,
        corrects: [saidKey(was.group)],
      },
    ];
  });
}
