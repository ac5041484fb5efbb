// The tray's words for the coverage list: its freshness line, the coverage action's label and count.
import type { AppState } from '../../shared/view-state';
import { hasData } from '../../shared/freshness';
import { coverageGlanceBasis, coverageGlanceText } from '../../shared/coverage-words';
import { askBasisShort, knownAsks, unsureAsks } from '../../shared/ask-basis-words';
import { dayOpts, type Fmt } from './tray-fmt';
import { asksCountWords, asksStatement } from '../../shared/asks-you';

/** The coverage list's freshness, when it is not fresh ("Coverage requests: couldn't load"), or what it couldn't read. */
export function coverageFreshnessLine(state: AppState, f: Fmt): string | undefined {
  return coverageGlanceText(state, dayOpts(f));
}

/** The label of the coverage action: "Asks you (6; Acme's 3 from saved data from 10:06)…", the one statement every
 *  surface words (shared/asks-you.ts), or "unknown" when the list was never read. With nothing asking me, `basis`:
 *  the list's saved-data basis when no line of its own says it (a sync problem line stands in its place, dating the
 *  schedules' read, not the list's): "Coverage requests (0, Acme's saved data from 07:00)…". */
export function coverageActionLabel(state: AppState, f: Fmt, basis?: string): string {
  if (!hasData(state.coverage.status)) return 'Coverage requests (unknown)…';
  const asks = asksStatement(state);
  // The saved parts are scoped to their accounts in the statement itself, never a list's time beside the total.
  if (asks.total > 0) return `Asks you (${asksCountWords(asks, dayOpts(f))})…`;
  const on = basis ? `, ${basis}` : '';
  return `Coverage requests (${coverageCount(state)}${on})…`;
}

/** The coverage list's saved-data basis in the glance's own words ("Acme's saved data from 07:00"), for the menu's
 *  coverage item when the sync problem is shown in place of the list's own line (adv47 r15 #2), worded from the
 *  list's status (coverageGlanceBasis), never cut out of the finished line. */
export function coverageBasisWords(state: AppState, f: Fmt): string | undefined {
  return listDatedByProblem(state) ? undefined : coverageGlanceBasis(state, dayOpts(f));
}

/** The basis the coverage item carries, its list's time said there once: beside a sync problem line (which stands
 *  where the list's line was, coverageBasisWords), and without one too, in place of a line of its own (adv49 r16:
 *  "Coverage requests: saved data from 07:00" and "Coverage requests (0)…" said one list twice at the top level). */
export function coverageItemBasis(state: AppState, f: Fmt, problemShown: boolean): string | undefined {
  return problemShown ? coverageBasisWords(state, f) : coverageGlanceBasis(state, dayOpts(f));
}

/** True when sync problem lines date the coverage list itself (its own time, apart from the schedules'): the
 *  list's basis is then said there, once, not again on its own line or item. With several accounts' lists saved,
 *  only when each one's own problem line dates it: one account's line never stands for another's list (adv47 r19
 *  #2), and the count beside the basis is over all of them, so the basis then names every one. */
export function listDatedByProblem(state: AppState): boolean {
  const dates = (s: AppState['sync']): boolean => 'coverage' in s && s.coverage !== undefined;
  if (dates(state.sync)) return true;
  const lists = state.coverage.savedLists;
  if (!lists) return state.accounts.some((a) => dates(a.sync));
  return lists.every((l) => state.accounts.some((a) => a.id === l.accountId && dates(a.sync)));
}

/** The count in "Coverage requests (2)…": "unknown" when the list was never read; beside it, unreadable requests
 *  ("1 unreadable") and an account's whole list not known ("1 list unknown"), each counted as what it is. */
export function coverageCount(state: AppState): string {
  if (!hasData(state.coverage.status)) return 'unknown';
  const asking = knownAsks(state.coverage.askingMe).length;
  // Each not known to ask me, counted by its basis ("1 may have changed", "1 couldn't check").
  const unsure = new Map<string, number>();
  for (const c of unsureAsks(state.coverage.askingMe))
    unsure.set(askBasisShort(c), (unsure.get(askBasisShort(c)) ?? 0) + 1);
  // An issue with neither id nor requester is a whole account's list (see shared/knowledge.ts coverageIssuesText).
  const lists = state.coverage.issues.filter((i) => i.id === null && i.requester === null).length;
  const requests = state.coverage.issues.length - lists;
  // My own open requests, which `status` lists under the same heading: counted apart, each number saying what it
  // counts ("0 asking you, 1 yours"), never a bare "0" beside one listed there (adv47 r28 #2).
  const yours = state.coverage.mine.length;
  return [
    yours > 0 ? `${asking} asking you` : String(asking),
    ...[...unsure].map(([words, n]) => `${n} ${words}`),
    ...(yours > 0 ? [`${yours} yours`] : []),
    ...(requests > 0 ? [`${requests} unreadable`] : []),
    ...(lists > 0 ? [`${lists} ${lists === 1 ? 'list' : 'lists'} unknown`] : []),
  ].join(', ');
}
