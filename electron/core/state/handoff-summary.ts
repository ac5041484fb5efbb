// The hand-off text for chat ("Copy on-call summary", `npm run status -- --summary`): one line per watched schedule
// with who is on call, until when and who follows, then my current and next block. Times are given in my zone with
// its abbreviation and in UTC, since readers in a chat channel sit in other zones. Saved data says from when; a
// schedule that couldn't be loaded is "unknown", never "nobody".
import { assertNever, untilPhrase } from '../../shared/basis';
import { hasData, savedAt } from '../../shared/freshness';
import { basisAt, whoAt, nothingPlannedUntil, nowEnd, thenUnknown, uncoveredNow } from '../../shared/knowledge';
import type { AppState, Person, ScheduleView, ShiftView } from '../../shared/view-state';
import { withAccount } from '../../shared/accounts';
import { handoffTime, type HandoffOptions } from './handoff-time';
import { handoffMyLines } from './handoff-mine';

const names = (people: readonly Person[]): string => people.map((p) => p.name).join(', ');

function unknownReason(s: ScheduleView): string {
  switch (s.status.kind) {
    case 'loading':
      return 'not loaded yet';
    case 'not_read':
      return `not read: ${s.status.reason}`;
    case 'not_found':
      return 'not found on the service';
    default:
      return 'not loaded';
  }
}

function savedNote(s: ScheduleView, o: HandoffOptions): string {
  const saved = savedAt(s.status);
  if (saved === undefined) return '';
  const notFound = s.status.kind === 'not_found' ? 'not found on the service; ' : '';
  // The instant worded as every other in this text ("07:00 CET (06:00 UTC)"): readers sit in other zones, and the
  // same instant worded two ways reads as two (issue 47).
  return ` (${notFound}saved data from ${handoffTime(saved, o)})`;
}

/** After the known people: nothing scheduled up to where the data reaches, or unknown past it. */
function nothingNext(s: ScheduleView, o: HandoffOptions): string {
  const until = nothingPlannedUntil(s, o.nowMs);
  return until ? `nothing scheduled until ${handoffTime(until.until, o)}${thenUnknown(until.after)}` : 'next unknown';
}

function whoText(s: ScheduleView, o: HandoffOptions): string {
  const { now, next } = s;
  if (now) return `${names(now.users)} ${untilThen(s, now, next, o)}`;
  return whoAt(
    basisAt(s, o.nowMs),
    () => {
      // "Until" stops where what is known stops: "nobody on call until 13:00, then unknown".
      const uncovered = uncoveredNow(s, o.nowMs);
      if (next) return `nobody on call, next ${names(next.users)} from ${handoffTime(next.start, o)}`;
      return uncovered
        ? `nobody on call until ${handoffTime(uncovered.until, o)}${thenUnknown(uncovered.after)}`
        : 'unknown';
    },
    () => {
      const ended =
        s.known && Date.parse(s.known.to) <= o.nowMs
          ? `saved data ends ${handoffTime(s.known.to, o)}`
          : 'not known for now';
      return `unknown (${ended})`;
    },
  );
}

/** "until 17:00, then Bob" where the time after `now` ends was read; "until at least 17:00, then unknown" where it
 *  wasn't (a hole, the end of the read): the block may go on, so neither its end nor who follows is stated. */
function untilThen(s: ScheduleView, now: ShiftView, next: ShiftView | null, o: HandoffOptions): string {
  const endMs = Date.parse(now.end);
  const end = nowEnd(s, now);
  const after = end.endBasis;
  switch (after.kind) {
    case 'unknown':
      return untilPhrase(end, (iso) => handoffTime(iso, o));
    case 'fresh':
    case 'saved': {
      const until = `until ${handoffTime(now.end, o)}`;
      if (!next) return `${until}, then ${nothingNext(s, o)}`;
      const gap = Date.parse(next.start) > endMs ? ` from ${handoffTime(next.start, o)}` : '';
      return `${until}, then ${names(next.users)}${gap}`;
    }
    default:
      return assertNever(after);
  }
}

export function scheduleLine(state: AppState, s: ScheduleView, o: HandoffOptions): string {
  const name = withAccount(state, s.accountId, s.name);
  // A failed read's reason is the sentence its maker wrote, said whole after the line, never cut into a clause.
  if (s.status.kind === 'error') return `${name}: unknown, couldn't load: ${s.status.reason}`;
  if (!hasData(s.status)) return `${name}: unknown (${unknownReason(s)})`;
  return `${name}: ${whoText(s, o)}${savedNote(s, o)}`;
}

/** Plain text for chat: a header, one line per watched schedule, then my blocks. Ends with a newline. */
export function buildHandoffSummary(state: AppState, o: HandoffOptions): string {
  const header = `On call as of ${handoffTime(new Date(o.nowMs).toISOString(), o)}:`;
  const schedules =
    state.schedules.length > 0 ? state.schedules.map((s) => scheduleLine(state, s, o)) : ['No schedules watched.'];
  return [header, ...schedules, ...handoffMyLines(state, o)].join('\n') + '\n';
}
