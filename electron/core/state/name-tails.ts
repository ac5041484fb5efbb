// Where each schedule's name starts to differ from the others shown with it (the glance's now-lines, every account's
// together): "Customer Payments Gateway – Primary / – Secondary" share their start, so a line cut at its end would
// show only that start on each and the lines would read alike (issue 49, adv49 r22). The popover keeps the part from
// `nameAt` whole and lets only the shared start before it give way ("Customer Pay…Secondary"). Worked out here in
// main, so the popover's first load carries none of the rule.
import type { AppState } from '../../shared/view-state';

/** A character after which a word starts: a space or the punctuation names are joined with. */
const SEPARATOR = /[\s\-–—/|:·,.()[\]_]/u;

function sharedStart(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** The start of the word where `name` first differs from the name most like it among `others` (0: its first word,
 *  so nothing is shared worth giving way). A name that is the start of another (or equal to one) keeps its last word. */
export function nameTailAt(name: string, others: readonly string[]): number {
  const shared = Math.max(0, ...others.map((o) => sharedStart(name, o)));
  // Where it differs, or its last character when it ends where another goes on.
  const from = Math.min(shared, name.length - 1);
  for (let i = from; i > 0; i--) if (SEPARATOR.test(name[i - 1] ?? '') && !SEPARATOR.test(name[i] ?? '')) return i;
  return 0;
}

/** The state with each schedule's `nameAt` set among all the schedules' names (the glance shows them together). */
export function withNameTails(state: AppState): AppState {
  const names = state.schedules.map((s) => s.name);
  const schedules = state.schedules.map((s, i) => ({
    ...s,
    nameAt: nameTailAt(
      s.name,
      names.filter((_, j) => j !== i),
    ),
  }));
  return { ...state, schedules };
}
