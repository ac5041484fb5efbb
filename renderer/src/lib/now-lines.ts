// "Who is on call now", one compact line per watched schedule, for the top of the popover: its name, the people on
// call, until when, and whether one of them is me. Worded as the schedule's card words it (cardLines), so the
// glance and the card never disagree; unknown reads as unknown. Pure, so it is unit-tested without a browser.
import type { AppState, ScheduleView } from '../../../electron/shared/view-state';
import { accountHeading, severalAccounts } from './accounts';
import type { FormatContext } from './format-context';
import { includesMe, orderedSchedules, savedShort, uncoveredText } from './glance';
import { basisAt } from '../../../electron/shared/knowledge';
import { cardLines, namesOf } from './status-model';

export interface NowLine {
  id: string;
  /** The name's start it shares with others on the glance, cut first, and the rest, where it differs (main's
   *  nameAt): "Customer Pay…Secondary", never only the shared start. */
  head: string;
  tail: string;
  /** The names on call now; undefined when nobody is (uncovered) or it is unknown. */
  people: string | undefined;
  /** Each of them by name (for an account's folded line). */
  names: string[];
  you: boolean;
  /** "until Mon 18:00", "Uncovered until 22:00", "Unknown"; from saved data "until 17:26 · saved 13:24". */
  when: string;
  /** " · saved 13:24" where now is read from saved data, else '' (the fold says it once for its lines). */
  saved: string;
  tone: 'ok' | 'uncovered' | 'unknown';
  /** The whole line in words (the name whole), for a screen reader and as its tooltip: it is shown cut. */
  label: string;
}

export interface NowGroup {
  /** The account's id; empty with one account (the lines stand alone, nothing is named). */
  id: string;
  heading: string | undefined;
  problem: boolean;
  lines: NowLine[];
  /** Set when the account's lines are folded into one (too many to fit the first screen): that line, in words. */
  fold?: string;
  /** With one account, the lines shown before its fold (mine first); the fold then says what it hides ("2 more
   *  schedules — …"). Unset: the whole account is folded. */
  kept?: number;
}

/** The now-lines the first screen holds at most (the dense popover's ten); the popover folds more where fewer fit
 *  (NowLines measures: a two-line until-when, an alarm or a low window leave room for fewer). */
export const NOW_LINES_SHOWN = 10;
/** The id of the one line that folds every account (foldGroups). */
export const ALL_ACCOUNTS = '*';

/**
 * An account's now in one line: "10 schedules — you on none; Bob, Carol". What is not known is counted as unknown,
 * never read as nobody: "you on none of 7 read, 3 unknown".
 */
export function foldLine(lines: NowLine[], more = false): string {
  const count = (tone: NowLine['tone']): number => lines.filter((l) => l.tone === tone).length;
  const [mine, uncovered, unknown] = [lines.filter((l) => l.you).length, count('uncovered'), count('unknown')];
  const known = lines.length - unknown;
  // Nothing read: nothing said of me, only "2 unknown".
  const you = known > 0 ? [`you on ${mine || (unknown ? `none of ${known} read` : 'none')}`] : [];
  const people = [...new Set(lines.flatMap((l) => l.names))].join(', ');
  const counts = [uncovered && `${uncovered} uncovered`, unknown && `${unknown} unknown`].filter(Boolean);
  // Its basis before the names, so the cut ("…") keeps it (adv49 r30 #2): each saved time once, counted where other
  // lines are fresh ("30 schedules · 10 saved 13:24").
  const marks = lines.map((l) => l.saved).filter(Boolean);
  const saved = [...new Set(marks)]
    .map((m) => (marks.length < known ? ` · ${marks.filter((x) => x === m).length}${m.slice(2)}` : m))
    .join('');
  return `${lines.length}${more ? ' more' : ''} schedules${saved} — ${[...you, ...counts].join(', ')}${people && `; ${people}`}`;
}

/** Folds the accounts with the most lines, one by one, until at most `limit` lines show: of equal ones, an account
 *  I am not on call in first, then the later one (mine and the first stay open longest). */
export function foldGroups(groups: NowGroup[], limit = NOW_LINES_SHOWN): NowGroup[] {
  // One account: its first lines stay (mine come first), the rest fold into "N more schedules — …".
  const [only] = groups;
  if (groups.length === 1 && only && only.lines.length > limit && only.lines.length > 1) {
    const kept = Math.max(0, limit - 1);
    only.fold = foldLine(only.lines.slice(kept), kept > 0);
    if (kept > 0) only.kept = kept;
    return groups;
  }
  let shown = groups.reduce((n, g) => n + g.lines.length, 0);
  const mine = (g: NowGroup): number => (g.lines.some((l) => l.you) ? 1 : 0);
  // Reversed, so of equal ones (a stable sort) the later folds first.
  const order = [...groups].reverse().sort((a, b) => b.lines.length - a.lines.length || mine(a) - mine(b));
  for (const group of order) {
    if (shown <= limit || group.lines.length < 2) break;
    group.fold = foldLine(group.lines);
    shown -= group.lines.length - 1;
  }
  // Still too many (a line and a heading each, under a tall top: a problem, a pause, a two-line state): one line for
  // all of them, "3 accounts, 9 schedules — you on 2; …", which opens to every account's lines.
  if (shown <= limit || groups.length < 2) return groups;
  const lines = groups.flatMap((g) => g.lines);
  const fold = `${groups.length} accounts, ${foldLine(lines)}`;
  return [{ id: ALL_ACCOUNTS, heading: undefined, problem: groups.some((g) => g.problem), lines, fold }];
}

export function nowLine(state: AppState, schedule: ScheduleView, ctx: FormatContext, brief = false): NowLine {
  // Local time only (the one exception to "its own time is added", docs/what-it-knows.md): the schedule's own clock
  // ("(03:57 New York)") is on its card right below; on this glance line it would cost a second row at 360 px.
  const local = { ...schedule, timeZone: null };
  const at = schedule.nameAt ?? 0;
  const lines = cardLines(local, ctx, brief);
  // Read, and nobody on call now ("No one is on call", or uncovered): a warning, as on the card.
  const uncovered = lines.known ? uncoveredText(local, ctx) : undefined;
  const now = lines.known && !uncovered ? schedule.now : null;
  const people = now ? namesOf(now) : undefined;
  const you = !!now && includesMe(state, schedule, now);
  // Saved data says so where the line says it, as the tray and my state do (adv49 r30 #2): "until 17:26 · saved 13:24".
  // With several accounts: an opened fold pushes the account's own notice under the bar. One account's one stale
  // line, kept in view above its lines, says it for all of them (each line stays one line at 360 px).
  const saved = lines.known && severalAccounts(state) ? savedShort(basisAt(schedule, ctx.nowMs), ctx) : '';
  const when = `${uncovered ?? lines.now}${saved}`;
  const who = people ? `${people}${you ? ' (you)' : ''}, ` : '';
  return {
    id: schedule.id,
    head: schedule.name.slice(0, at),
    tail: schedule.name.slice(at),
    people,
    names: now ? now.users.map((u) => u.name) : [],
    you,
    when,
    saved,
    tone: now ? 'ok' : lines.known ? 'uncovered' : 'unknown',
    label: `${schedule.name}: ${who}${when}`,
  };
}

/** The lines in the order the cards come (mine first), grouped by account when there are several (folded when
 *  they would not fit the first screen: more than `limit` lines). */
export function nowGroups(state: AppState, ctx: FormatContext, brief = false, limit = NOW_LINES_SHOWN): NowGroup[] {
  const ordered = orderedSchedules(state);
  const line = (s: ScheduleView): NowLine => nowLine(state, s, ctx, brief);
  if (!severalAccounts(state))
    return foldGroups([{ id: '', heading: undefined, problem: false, lines: ordered.map(line) }], limit);
  // The problem lines say each failing account's problem once, with its fix (one per account when several fail,
  // lib/stale-lines.ts); its heading then only names it. One needing setup has its own line there (with its fix).
  const saidAbove = state.sync.kind !== 'ok' && state.sync.kind !== 'needs_setup';
  const groups = state.accounts.map((account) => {
    const kind = account.sync.kind;
    const said = kind === 'needs_setup' || (saidAbove && kind !== 'ok');
    return {
      id: account.id,
      heading: said ? account.label : accountHeading(account),
      problem: kind !== 'ok' && !said,
      lines: ordered.filter((s) => s.accountId === account.id).map(line),
    };
  });
  return foldGroups(groups, limit);
}
