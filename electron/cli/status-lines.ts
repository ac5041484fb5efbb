// The `status` summary's words for a source's freshness, the coverage requests and my on-call load (status-format.ts
// puts them together). What was never loaded is unknown, never "none"; saved data says from when.
import { coveredGroups } from '../shared/covered-words';
import { knownAsks, maybePartsWords, unsureGroups } from '../shared/ask-basis-words';
import { asksCountWords, asksStatement } from '../shared/asks-you';
import { askedOfMe } from '../shared/asked-of-me';
import { hasData, savedAt } from '../shared/freshness';
import { withAccount } from '../shared/accounts';
import { savedDataFrom } from '../shared/saved-words';
import { coverageIssuesText } from '../shared/knowledge';
import { coverageSavedBasis } from '../shared/coverage-words';
import { formatDayTime, formatWindow } from '../shared/format';
import { formatDate } from '../shared/day-word';
import { loadFigure, loadFigures, loadScope } from '../shared/load-text';
import type { AppState, CoverageView, AccountLoad, LoadPeriod, SourceStatus } from '../shared/view-state';

export interface FormatOptions {
  nowMs: number;
  localZone: string;
}

export function statusText(status: SourceStatus, o: FormatOptions): string {
  const saved = savedAt(status);
  const savedNote = saved ? `; showing ${savedDataFrom(saved, o)}` : '';
  switch (status.kind) {
    case 'fresh':
      return 'fresh';
    case 'loading':
      return 'unknown (not loaded)';
    case 'not_read':
      return `not read: ${status.reason}`;
    case 'stale':
      // The reason is the sentence its maker wrote, said whole after what is shown (never cut into a clause).
      return `stale${savedNote}: ${status.reason}`;
    case 'error':
      return `couldn't load: ${status.reason}`;
    case 'not_found': {
      const since = status.since ? ` since ${formatDayTime(status.since, o)}` : '';
      return `not found on the service${since}${savedNote}`;
    }
  }
}

/** The list's freshness; with several accounts' saved lists, each account's own time (coverageSavedBasis) and
 *  each its own reason (the combined reason names each account before its own), never one said of all. */
function coverageStatusText(state: AppState, o: FormatOptions): string {
  const status = state.coverage.status;
  const basis = status.kind === 'stale' && state.coverage.savedLists ? coverageSavedBasis(state, o) : undefined;
  return basis && status.kind === 'stale' ? `stale; showing ${basis}: ${status.reason}` : statusText(status, o);
}

/** A request under "asking you" names first the shift that asks me (shared/asked-of-me.ts), as the popover does;
 *  elsewhere (mine, covered by me) its first shift. */
function coverageLine(state: AppState, c: CoverageView, o: FormatOptions, asking = false): string {
  const ofMe = askedOfMe(state, c);
  const first = asking ? (ofMe.asked[0] ?? ofMe.others[0]) : c.shifts[0];
  const when = first
    ? ` — ${withAccount(state, c.accountId, first.scheduleName)} ${formatWindow(first.start, first.end, o)}`
    : '';
  // A part whose time isn't read fresh only may ask me: named apart, after the part that asks (adv47 r23 #1).
  const maybe = asking ? ofMe.maybe : [];
  const rest = c.shifts.length - 1 - maybe.length;
  const more = rest > 0 ? ` (+${rest} more)` : '';
  const maybeWords = maybePartsWords(maybe, (p) => formatWindow(p.start, p.end, o), o);
  return `  ${c.requester.name}: ${c.reason}${when}${more}${maybeWords ? ` (${maybeWords})` : ''}`;
}

export function coverageLines(state: AppState, o: FormatOptions): string[] {
  const { mine, askingMe, coveredByMe, status } = state.coverage;
  if (!hasData(status)) return [`Coverage requests: ${statusText(status, o)}`];
  const freshness = status.kind === 'fresh' ? '' : ` (${coverageStatusText(state, o)})`;
  const issues = coverageIssuesText(state);
  if (mine.length === 0 && askingMe.length === 0 && coveredByMe.length === 0) {
    // "None" from a saved list is said as the saved data's, never as a fresh "none pending".
    const none = savedAt(status) ? 'none pending in the saved data' : 'none pending';
    return [issues ? `Coverage requests: ${issues}${freshness}` : `Coverage requests: ${none}${freshness}`];
  }
  const lines = [`Coverage requests${freshness}:`];
  if (issues) lines.push(` ${issues}`);
  // The one total every surface gives, its saved parts scoped to their accounts (shared/asks-you.ts, adv49 r28);
  // under it the requests read fresh, then the rest grouped by their basis (fix47ah).
  // The header ends in a colon only over rows read fresh: with none, it is the total alone, the groups follow.
  const known = knownAsks(askingMe);
  if (askingMe.length > 0)
    lines.push(` asking you (${asksCountWords(asksStatement(state), o)})${known.length > 0 ? ':' : ''}`);
  lines.push(...known.map((c) => coverageLine(state, c, o, true)));
  for (const g of unsureGroups(askingMe, o))
    lines.push(` may ask you, ${g.words} (${g.items.length}):`, ...g.items.map((c) => coverageLine(state, c, o, true)));
  if (mine.length > 0) lines.push(` yours (${mine.length}):`, ...mine.map((c) => coverageLine(state, c, o)));
  for (const g of coveredGroups(coveredByMe, o))
    lines.push(` ${g.words} (${g.items.length}):`, ...g.items.map((c) => coverageLine(state, c, o)));
  return lines;
}

/** "My on-call load:" then this month so far and last month, each scoped to what was read; with several accounts,
 *  each account's apart (over its own span). */
export function loadLines(state: AppState, o: FormatOptions): string[] {
  const load = state.me.load;
  if (!load) return [];
  const words = {
    dateTime: (iso: string): string => formatDate(iso, { ...o, clock: true }),
    time: (iso: string) => formatDayTime(iso, o),
  };
  const period = (label: string, p: LoadPeriod | null, of: AccountLoad): string[] => {
    if (!p) return [];
    const scope = loadScope(p, of, words);
    const per = p.schedules.map((s) => `${s.scheduleName} ${loadFigure(s.hours, s.unreadableHours)}`).join(', ');
    return [
      ` ${label} ${p.month}: ${loadFigures(p)}${scope === '' ? '' : ` (${scope})`}${per === '' ? '' : ` — ${per}`}`,
    ];
  };
  const accounts = load.byAccount ?? [{ ...load, label: '' }];
  const lines = accounts.flatMap((a) => {
    const prefix = a.label === '' ? '' : `${a.label} `;
    return [...period(`${prefix}this month`, a.thisMonth, a), ...period(`${prefix}last month`, a.lastMonth, a)];
  });
  if (lines.length === 0) return [];
  const apart = load.byAccount ? ', each service counted apart' : '';
  return [`My on-call load (from the shifts read${apart}):`, ...lines];
}
