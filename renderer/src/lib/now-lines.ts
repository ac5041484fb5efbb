// "Who is on call now", one compact line per watched schedule, for the top of the popover: its name, the people on
// call, until when, and whether one of them is me. Worded as the schedule's card words it (cardLines), so the
// glance and the card never disagree; unknown reads as unknown. Pure, so it is unit-tested without a browser.
import type { AppState, ScheduleView } from '../../../electron/shared/view-state';
import { accountHeading, severalAccounts } from './accounts';
import type { FormatContext } from './format-context';
import { includesMe, orderedSchedules, uncoveredText } from './glance';
import { cardLines, namesOf } from './status-model';

export interface NowLine {
  id: string;
  name: string;
  /** The names on call now; undefined when nobody is (uncovered) or it is unknown. */
  people: string | undefined;
  you: boolean;
  /** "until Mon 18:00", "Uncovered until 22:00", "Unknown", "Showing saved data from 14:02". */
  when: string;
  tone: 'ok' | 'uncovered' | 'unknown';
  /** The schedule's data is saved, not fresh. */
  saved: boolean;
}

export interface NowGroup {
  /** Undefined with one account: the lines stand alone, nothing is named. */
  id: string | undefined;
  heading: string | undefined;
  problem: boolean;
  lines: NowLine[];
}

export function nowLine(state: AppState, schedule: ScheduleView, ctx: FormatContext, brief = false): NowLine {
  // Local time only: the schedule's own clock ("(03:57 New York)") is on its card; here it would cost a second row.
  const lines = cardLines({ ...schedule, timeZone: null }, ctx, brief);
  const base = { id: schedule.id, name: schedule.name, saved: schedule.status.kind === 'stale' };
  if (!lines.known) return { ...base, people: undefined, you: false, when: lines.now, tone: 'unknown' };
  const uncovered = uncoveredText(schedule, ctx);
  if (uncovered) return { ...base, people: undefined, you: false, when: uncovered, tone: 'uncovered' };
  // Read, and nobody on call now ("No one is on call"): a warning, as on the card.
  if (!schedule.now) return { ...base, people: undefined, you: false, when: lines.now, tone: 'uncovered' };
  return {
    ...base,
    people: namesOf(schedule.now),
    you: includesMe(state, schedule, schedule.now),
    when: lines.now,
    tone: 'ok',
  };
}

/** The lines in the order the cards come (mine first), grouped by account when there are several. */
export function nowGroups(state: AppState, ctx: FormatContext, brief = false): NowGroup[] {
  const ordered = orderedSchedules(state);
  if (!severalAccounts(state))
    return [
      {
        id: undefined,
        heading: undefined,
        problem: false,
        lines: ordered.map((s) => nowLine(state, s, ctx, brief)),
      },
    ];
  // One account failing: the stale line says its problem once, with the fix; its heading then only names it.
  const failing = state.accounts.filter((a) => a.sync.kind !== 'ok');
  const saidBelow = failing.length === 1 && state.sync.kind !== 'ok' && state.sync.kind !== 'needs_setup';
  return state.accounts.map((account) => ({
    id: account.id,
    heading: saidBelow && failing[0] === account ? account.label : accountHeading(account),
    problem: account.sync.kind !== 'ok' && !(saidBelow && failing[0] === account),
    lines: ordered.filter((s) => s.accountId === account.id).map((s) => nowLine(state, s, ctx, brief)),
  }));
}
