// What "my next shift is X" rests on. It says more than X: that nothing of mine comes before X. On a watched
// schedule shown from saved data that rests on its saved read (a block given me since would come first, adv47 r48
// #1), so the statement's basis is derived here once, in main, and every surface words it as it words any basis
// ("saved data from 18:00") through the fields the renderer already reads. Unknown time before X is the gap rule's
// (shared/knowledge.ts gapsBefore: "next known"), not this one's.
import { freshnessBasis } from '../../shared/basis';
import type { Basis, MyShift, ScheduleView } from '../../shared/view-state';

const rank = (b: Basis): number => (b.kind === 'fresh' ? 0 : b.kind === 'saved' ? 1 : 2);

/** Saved data's read time; null (no time known) counts as the oldest, so a later time is never said over it. */
const savedMs = (b: Basis): number => (b.kind === 'saved' && b.savedAt !== null ? Date.parse(b.savedAt) : -Infinity);

/** The weaker of two bases: unknown over saved over fresh; of saved data, the oldest read. */
function weaker(a: Basis, b: Basis): Basis {
  if (rank(a) !== rank(b)) return rank(a) > rank(b) ? a : b;
  return a.kind === 'saved' && savedMs(b) < savedMs(a) ? b : a;
}

/** My next shift with the basis of "next": its own, weakened by every watched schedule whose saved data covers time
 *  in [now, its start) (the oldest read), since whether a block of mine there comes first was read only then. Saved
 *  data not reaching that time is unknown time there, the gap rule's. The same object where nothing weakens it. */
export function nextOverSaved(
  next: MyShift,
  views: readonly Pick<ScheduleView, 'status' | 'known'>[],
  nowMs: number,
): MyShift {
  const startMs = Date.parse(next.start);
  let basis = next.basis;
  for (const view of views) {
    const read = freshnessBasis(view.status, null);
    const over = view.known !== null && Date.parse(view.known.to) > nowMs && Date.parse(view.known.from) < startMs;
    if (read.kind === 'saved' && over) basis = weaker(basis, read);
  }
  return basis === next.basis ? next : { ...next, basis };
}
