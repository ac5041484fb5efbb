// "Asks you", made once and worded per surface (issues 49 and 47): the requests asking me, each account's part with
// its basis, so the popover's heading, the Coverage badge, the tray's menu and tooltip and `status` all give the one
// total, and a part resting on saved data is scoped to its account ("6; Acme's 3 from saved data from 10:06"), never
// a saved time beside a number that leaves that account out (adv49 r28). An account whose list couldn't be read (and
// has nothing saved) is said as unknown, never counted as 0. Zod-free and small: the popover's first load uses it.
import type { DayFormatOptions } from './format';
import { hasData, savedAt } from './freshness';
import { savedDataFrom } from './saved-words';
import type { AppState } from './view-state';

/** A part of the total not read fresh: an account's requests over saved data from `since` (null: saved, time not
 *  known), or whose asked time couldn't be checked. `label` is the account's name, '' with one account. */
export interface AsksPart {
  label: string;
  count: number;
  basis: 'saved' | 'unchecked';
  since: string | null;
}

export interface AsksStatement {
  /** Every request asking me, whatever it rests on. */
  total: number;
  /** The parts of `total` not read fresh, each with its account. */
  parts: AsksPart[];
  /** Accounts whose list is not known (nothing saved): never counted, said as unknown. */
  unknown: string[];
  /** Requests that couldn't be read: each may ask me, so not known not to. */
  unreadable: number;
}

type Ask = AppState['coverage']['askingMe'][number];

/** The statement: an account's list saved data stands for all of its requests (its own time); else each request's
 *  own basis (its asked time saved or unchecked: shared/ask-basis-words.ts). */
export function asksStatement(state: AppState): AsksStatement {
  const several = state.accounts.length > 1;
  const labelOf = (id: string): string => (several ? (state.accounts.find((a) => a.id === id)?.label ?? id) : '');
  const asking = state.coverage.askingMe;
  // An issue with neither id nor requester is a whole account's list (see shared/knowledge.ts coverageIssuesText).
  const lists = state.coverage.issues.filter((i) => i.id === null && i.requester === null);
  const known = {
    total: asking.length,
    unknown: lists.map((i) => labelOf(i.accountId)),
    unreadable: state.coverage.issues.length - lists.length,
  };
  const st = state.coverage.status;
  const listSince = st.kind === 'fresh' || st.kind === 'loading' ? undefined : savedAt(st);
  const saved = state.coverage.savedLists;
  // The list saved data with no account's own time (one account): the whole count rests on it.
  if (listSince !== undefined && !saved)
    return { ...known, parts: [{ label: '', count: asking.length, basis: 'saved', since: listSince }] };
  const ids = [...new Set([...state.accounts.map((a) => String(a.id)), ...asking.map((c) => String(c.accountId))])];
  const parts = ids.flatMap((id): AsksPart[] => {
    const asks = asking.filter((c) => c.accountId === id);
    const since = saved?.find((l) => l.accountId === id)?.since;
    return since === undefined
      ? requestParts(asks, labelOf(id))
      : [{ label: labelOf(id), count: asks.length, basis: 'saved', since }];
  });
  return { ...known, parts };
}

/** An account read fresh: its requests whose asked time is saved (by time) or unchecked, grouped. */
function requestParts(asks: readonly Ask[], label: string): AsksPart[] {
  const groups = new Map<string, AsksPart>();
  for (const c of asks) {
    const b = c.askBasis;
    if (b === undefined || b.kind === 'fresh') continue;
    const since = b.kind === 'saved' ? b.savedAt : null;
    const key = `${b.kind}|${since ?? ''}`;
    const part = groups.get(key) ?? { label, count: 0, basis: b.kind === 'saved' ? 'saved' : 'unchecked', since };
    part.count += 1;
    groups.set(key, part);
  }
  return [...groups.values()];
}

/** The count with its scoping, one phrasing for every surface: "6", "6; Acme's 3 from saved data from 10:06",
 *  "2; 1 couldn't check", "3; Third's list unknown". */
export function asksCountWords(st: AsksStatement, opts: DayFormatOptions): string {
  const whose = (label: string): string => (label ? `${label}'s ` : '');
  const parts = st.parts.map((p) => `${whose(p.label)}${p.count} ${partWords(p, opts)}`);
  // One account, all of it on one basis: the basis is the whole count's ("1, from saved data from 07:30").
  const whole = st.parts.length === 1 && st.parts[0]?.label === '' && st.parts[0].count === st.total;
  const head = whole && st.parts[0] ? `${st.total}, ${partWords(st.parts[0], opts)}` : String(st.total);
  const rest = [
    ...st.unknown.map((l) => `${whose(l)}list unknown`),
    ...(st.unreadable > 0 ? [`${st.unreadable} unreadable`] : []),
  ];
  return [head, ...(whole ? [] : parts), ...rest].join('; ');
}

function partWords(p: AsksPart, opts: DayFormatOptions): string {
  if (p.basis === 'unchecked') return "couldn't check";
  return p.since === null ? 'from saved data' : `from ${savedDataFrom(p.since, opts)}`;
}

/** The Coverage badge, compact but the same total: "6", with "*" when part of it is saved data and "?" when part is
 *  unchecked or a list unknown; undefined when nothing asks me and nothing is unknown. */
export function asksBadge(st: AsksStatement): string | undefined {
  const unsure = st.unknown.length > 0 || st.unreadable > 0 || st.parts.some((p) => p.basis === 'unchecked');
  const saved = st.parts.some((p) => p.basis === 'saved' && p.count > 0);
  if (st.total === 0) return unsure ? '?' : undefined;
  return `${st.total}${unsure ? '?' : saved ? '*' : ''}`;
}

/** The count on the Coverage button: a number only when the list was read, the same total as "Asks you" with its
 *  mark (asksBadge), never a part of it (adv49 r28: "3?" beside a heading of 6). */
export function coverageBadge(state: AppState): string | undefined {
  if (!hasData(state.coverage.status)) return state.coverage.status.kind === 'loading' ? undefined : '?';
  return asksBadge(asksStatement(state));
}

/** The "Asks you" heading: "Asks you (6; Acme's 3 from saved data from 10:06)", bare for one request read fresh. */
export function asksHeading(state: AppState, opts: DayFormatOptions): string {
  const count = asksCountWords(asksStatement(state), opts);
  return count === '1' ? 'Asks you' : `Asks you (${count})`;
}
