// "Covered by you": a request the schedules show me covering, worded by what that rests on (fresh: ✓; saved: "saved
// data from 07:25", adv47 r16 #1), one wording for `status`, the popover's counts and the Coverage view. Its own
// small file: the popover's first load uses it (the counts), and coverage-words.ts is in the after-glance chunk.
// Zod-free.
import type { DayFormatOptions } from './format';
import { savedDataFrom } from './saved-words';
import type { AppState } from './view-state';

type Covered = AppState['coverage']['coveredByMe'][number];

/** "covered by you ✓" (fresh) or "covered by you (saved data from 07:25)": a request covered per saved schedules is
 *  said as saved, never with ✓ and never as asking me (adv47 r16 #1). */
export function coveredWords(c: Covered, opts: DayFormatOptions, label = false): string {
  // `label`: standing alone (the Coverage view's tag), it opens with a capital, worded here, not patched after.
  const words = label ? 'Covered by you' : 'covered by you';
  const b = c.coveredBasis;
  if (b?.kind !== 'saved') return `${words} ✓`;
  return b.savedAt === null ? `${words} (saved data)` : `${words} (${savedDataFrom(b.savedAt, opts)})`;
}

/** The covered requests grouped by their wording, in first-seen order: "covered by you ✓" and each saved time. */
export function coveredGroups(list: readonly Covered[], opts: DayFormatOptions): { words: string; items: Covered[] }[] {
  const groups = new Map<string, Covered[]>();
  for (const c of list) {
    const words = coveredWords(c, opts);
    groups.set(words, [...(groups.get(words) ?? []), c]);
  }
  return [...groups].map(([words, items]) => ({ words, items }));
}
