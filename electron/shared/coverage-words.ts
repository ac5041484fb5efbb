// The coverage list's freshness line, one wording for the tray menu and the popover (its sync notes, the Coverage
// view), naming whose list it is with several accounts. Its own file: the popover needs it only after its first
// frame, so it is in the chunk loaded then (vite.config.ts), not the first load. Zod-free (the popover imports it).
import type { DayFormatOptions } from './format';
import { hasData, savedAt } from './freshness';
import { coverageIssuesText } from './knowledge';
import { savedDataFrom } from './saved-words';
import type { AppState } from './view-state';

/** The coverage list's freshness when it is not fresh: "Coverage requests: Acme's saved data from Wed 13:00",
 *  "Coverage requests: couldn't load (…)"; its issues when it is read; undefined otherwise. `brief` leaves out why. */
export function coverageFreshnessText(state: AppState, opts: DayFormatOptions, brief = false): string | undefined {
  const st = state.coverage.status;
  const issues = coverageIssuesText(state);
  if (st.kind === 'fresh' || st.kind === 'loading')
    return issues && hasData(st) ? `Coverage requests: ${issues}` : undefined;
  const basis = coverageSavedBasis(state, opts);
  if (basis) return `Coverage requests: ${basis}`;
  // Not read (no key yet): no load was tried, so never "couldn't load" (adv49 r38).
  const missed = st.kind === 'not_read' ? 'not read' : "couldn't load";
  if (brief) return `Coverage requests: ${missed}`;
  // The reason is the sentence its maker wrote, said whole (as `status` says it), never cut into a clause.
  return 'reason' in st ? `Coverage requests: ${missed}: ${st.reason}` : "Coverage requests: couldn't load (unknown)";
}

/** The list's saved-data basis, when it shows saved data: "Acme's saved data from 07:00" (whose with several
 *  accounts); undefined when fresh, loading or nothing saved. The freshness line and the menu's count say it. */
export function coverageSavedBasis(
  state: AppState,
  opts: DayFormatOptions,
  toldApart: ReadonlySet<string> = new Set(),
): string | undefined {
  const st = state.coverage.status;
  const saved = st.kind === 'fresh' || st.kind === 'loading' ? undefined : savedAt(st);
  if (!saved) return undefined;
  const lists = state.coverage.savedLists;
  if (lists) return savedListsBasis(lists, opts, toldApart);
  // With several accounts, whose lists are saved data (the combined reason starts with their names).
  const whose = st.kind === 'stale' && state.accounts.length > 1 ? /^([^:]+): /.exec(st.reason)?.[1] : undefined;
  return `${whose ? `${whose}'s ` : ''}${savedDataFrom(saved, opts)}`;
}

/** Each account's saved list by its own time: "Work, Acme's saved data from 13:00" when they share one, else
 *  "Work's saved data from 13:00, Acme's saved data from 13:20"; the accounts in `toldApart` (whose own problem line
 *  already dates the list) left out, undefined when none is left. */
function savedListsBasis(
  lists: NonNullable<AppState['coverage']['savedLists']>,
  opts: DayFormatOptions,
  toldApart: ReadonlySet<string>,
): string | undefined {
  const byTime = new Map<string, string[]>();
  for (const l of lists) {
    if (toldApart.has(l.accountId)) continue;
    byTime.set(l.since, [...(byTime.get(l.since) ?? []), l.label]);
  }
  const parts = [...byTime].sort(([a], [b]) => a.localeCompare(b));
  if (parts.length === 0) return undefined;
  return parts.map(([since, labels]) => `${labels.join(', ')}'s ${savedDataFrom(since, opts)}`).join(', ');
}

/** The basis as the glance says it: left out where the sync problem stands for the list (coverageGlanceText). */
export function coverageGlanceBasis(state: AppState, opts: DayFormatOptions): string | undefined {
  return failing(state.sync.kind) ? undefined : coverageSavedBasis(state, opts);
}

const failing = (kind: AppState['sync']['kind']): boolean =>
  kind === 'offline' || kind === 'error' || kind === 'key_rejected';

/** The coverage line at a glance (tray tooltip and menu, popover's first screen): what the sync problem says with
 *  its fix (the service unreachable, the key refused, an account that couldn't be read) is left out of it, so one
 *  problem is said once. The coverage view itself still says why its list is missing (coverageFreshnessText). */
export function coverageGlanceText(state: AppState, opts: DayFormatOptions, brief = false): string | undefined {
  if (failing(state.sync.kind)) return undefined;
  const downAccounts = state.accounts.filter((a) => failing(a.sync.kind));
  if (downAccounts.length === 0) return coverageFreshnessText(state, opts, brief);
  const st = state.coverage.status;
  // Read nowhere, with an account down (a refused key, say): its problem says why. Every account down: nothing more
  // to say; another up: its list is unknown too, said without the down one's why (judged from the accounts' states,
  // never from the reason's words).
  if (!hasData(st))
    return downAccounts.length === state.accounts.length ? undefined : "Coverage requests: couldn't load";
  const down = new Set<string>(downAccounts.map((a) => a.id));
  const told = (i: AppState['coverage']['issues'][number]): boolean =>
    down.has(i.accountId) && i.id === null && i.requester === null;
  const coverage = { ...state.coverage, issues: state.coverage.issues.filter((i) => !told(i)) };
  return coverageFreshnessText({ ...state, coverage }, opts, brief);
}
