// The tray menu's section per schedule: its title with the data's freshness, who is on call now and next, and the
// uncovered lines. What was never loaded reads "unknown", never "nobody on call"; saved data says from when.
import { untilPhrase } from '../../shared/basis';
import type { AppState, Person, ScheduleView, ShiftView } from '../../shared/view-state';
import { hasData, savedAt } from '../../shared/freshness';
import { savedDataFrom } from '../../shared/saved-words';
import { isolate } from '../../shared/bidi';
import { myEmailOn, withAccount } from '../../shared/accounts';
import {
  basisAt,
  whoAt,
  nothingPlannedUntil,
  nowEnd,
  savedMark,
  thenUnknown,
  uncoveredNow,
  type Uncovered,
} from '../../shared/knowledge';
import { dayOpts, fmt, type Fmt, type TrayLabel } from './tray-fmt';

const MAX_NAMES_CHARS = 48;

/** Whether I am among the people of a now/next row. */
export function includesMe(state: AppState, schedule: ScheduleView, shift: ShiftView | null): boolean {
  const me = myEmailOn(state, schedule.accountId);
  return me !== '' && !!shift?.users.some((u) => u.email.toLowerCase() === me);
}

/** My schedules (whose rotation I am in) first, otherwise in the user's order: as the popover lists them. */
export function orderedSchedules(state: AppState): ScheduleView[] {
  const isMine = (s: ScheduleView): boolean =>
    myEmailOn(state, s.accountId) !== '' &&
    (s.users.some((u) => u.email.toLowerCase() === myEmailOn(state, s.accountId)) ||
      includesMe(state, s, s.now) ||
      includesMe(state, s, s.next));
  return [...state.schedules.filter(isMine), ...state.schedules.filter((s) => !isMine(s))];
}

/** "Uncovered: Platform primary until 17:00" for each schedule whose data covers now with nobody on call; from saved
 *  data it says so on the same line ("(saved data from 14:02)"), as every other line about that schedule does. */
export function uncoveredLines(state: AppState, f: Fmt): string[] {
  return state.schedules.flatMap((s) => {
    const uncovered = uncoveredNow(s, f.nowMs);
    if (!uncovered) return [];
    const mark = savedMark(uncovered.basis, (iso) => fmt(iso, f));
    return [`Uncovered: ${withAccount(state, s.accountId, s.name)} ${untilText(uncovered, s, f)}${mark}`];
  });
}

/** "until 13:00", or "until 13:00, then unknown" where what is known stops there. */
function untilText(u: Uncovered, s: ScheduleView, f: Fmt): string {
  return `until ${fmt(u.until, f, s.timeZone)}${thenUnknown(u.after)}`;
}

function names(users: readonly Person[]): string {
  if (users.length === 0) return 'nobody';
  const text = users.map((u) => u.name).join(', ');
  if (text.length <= MAX_NAMES_CHARS) return users.map((u) => isolate(u.name)).join(', ');
  // Cut at a name, never inside one, and say how many more: a cut must not hide anyone silently.
  let shown = 0;
  let length = 0;
  for (const u of users) {
    if (shown > 0 && length + u.name.length + 2 > MAX_NAMES_CHARS - 8) break;
    length += u.name.length + (shown > 0 ? 2 : 0);
    shown++;
  }
  const cut = users
    .slice(0, shown)
    .map((u) => isolate(u.name))
    .join(', ');
  // One name longer than the limit is shown whole: there is no one more to count ("+0 more").
  return shown === users.length ? cut : `${cut} +${users.length - shown} more`;
}

function statusSuffix(schedule: ScheduleView, f: Fmt): string {
  const st = schedule.status;
  const saved = savedAt(st);
  switch (st.kind) {
    case 'stale':
      return ` (${savedDataFrom(st.since, dayOpts(f))})`;
    case 'error':
      return " (couldn't load)";
    case 'not_found': {
      const since = st.since ? ` since ${fmt(st.since, f)}` : '';
      return ` (not found on the service${since}${saved ? `; ${savedDataFrom(saved, dayOpts(f))}` : ''})`;
    }
    case 'loading':
      return ' (loading…)';
    case 'not_read':
      return ` (not read: ${st.reason})`;
    case 'fresh':
      return '';
  }
}

/** What a schedule's data says about a time it holds no shift for: nothing, or unknown where the data stops. */
function emptyLine(prefix: 'Now' | 'Next', s: ScheduleView, f: Fmt): string {
  if (prefix === 'Next') {
    const until = nothingPlannedUntil(s, f.nowMs);
    return until
      ? `Next: nothing planned until ${fmt(until.until, f, s.timeZone)}${thenUnknown(until.after)}`
      : 'Next: unknown';
  }
  return whoAt(
    basisAt(s, f.nowMs),
    () => {
      // A warning, as in the popover: "Uncovered until Sat 22:09" (", then unknown" where the known stops).
      const uncovered = uncoveredNow(s, f.nowMs);
      return uncovered ? `Now: ⚠ uncovered ${untilText(uncovered, s, f)}` : 'Now: unknown';
    },
    () => {
      const ended = s.known && Date.parse(s.known.to) <= f.nowMs ? ` (saved data ends ${fmt(s.known.to, f)})` : '';
      return `Now: unknown${ended}`;
    },
  );
}

function shiftLine(prefix: 'Now' | 'Next', shift: ShiftView | null, s: ScheduleView, f: Fmt, me: boolean) {
  if (!hasData(s.status)) return `${prefix}: unknown`;
  if (!shift) return emptyLine(prefix, s, f);
  // Now's end is stated only where the time after it was read: else "until at least 17:00, then unknown".
  const edge =
    prefix === 'Now'
      ? untilPhrase(nowEnd(s, shift), (iso) => fmt(iso, f, s.timeZone))
      : `from ${fmt(shift.start, f, s.timeZone)}`;
  return `${prefix}: ${names(shift.users)}${me ? ' (you)' : ''} ${edge}`;
}

/** `named`: the title names the account while there are several (not inside the account's own submenu). */
export function scheduleSection(s: ScheduleView, f: Fmt, state?: AppState, named = true): TrayLabel[] {
  const title = isolate(state && named ? withAccount(state, s.accountId, s.name) : s.name);
  const header: TrayLabel = { type: 'label', label: `${title}${statusSuffix(s, f)}` };
  if (s.status.kind === 'not_found' && !hasData(s.status)) return [header];
  return [
    header,
    { type: 'label', label: `  ${shiftLine('Now', s.now, s, f, !!state && includesMe(state, s, s.now))}` },
    { type: 'label', label: `  ${shiftLine('Next', s.next, s, f, !!state && includesMe(state, s, s.next))}` },
  ];
}
