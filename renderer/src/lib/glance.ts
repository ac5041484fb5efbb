// The glance, as plain data: my shifts to the horizon, who asks me for cover, the counts every surface agrees on,
// "You" on the rows I'm in, uncovered schedules, my schedules first, the one-line stale/offline note.
// Pure (state + now + locale in, text out) and zod/luxon free, so it is unit-tested without a browser.
import { formatDayTime, formatLength, formatWindow, warmUp } from '../../../electron/shared/format';
import { coveredGroups } from '../../../electron/shared/covered-words';
import { askBasisWords, knownAsks, maybePartsWords } from '../../../electron/shared/ask-basis-words';
import { hasData } from '../../../electron/shared/freshness';
import { myEmailOn } from '../../../electron/shared/account-names';
import { askedOfMe, isMySchedule } from '../../../electron/shared/asked-of-me';
import { coverageIssuesText, thenUnknown, uncoveredNow } from '../../../electron/shared/knowledge';
import type {
  AppState,
  Basis,
  CoverageView,
  MyShift,
  ScheduleView,
  ShiftView,
} from '../../../electron/shared/view-state';
import type { FormatContext } from './format-context';
import { withAccount } from './accounts';

export { showingSavedData, staleLine, type StaleLine } from './glance-stale';

// Every day, time, window and length is worded by shared/format (one vocabulary on every surface, issue 47): the
// functions below are the popover's names for them.
const opts = (ctx: FormatContext) => ({ nowMs: ctx.nowMs, locale: ctx.locale, localZone: ctx.localZone });

/** Builds the day-word formatters while the app waits for its first state, off the first render's path. */
export function warmGlance(locale: string): void {
  warmUp(locale);
}

/** "22:00" today, "Mon 18:00" within a week, "3 Dec, 18:00" further: the one day-and-time wording. */
export function atText(ms: number, ctx: FormatContext, scheduleZone?: string): string {
  return formatDayTime(ms, scheduleZone ? { ...opts(ctx), scheduleZone } : opts(ctx));
}

/** A statement's saved data, short, where a line has no room for the whole "(saved data from 14:02)": " · saved
 *  14:02" (" · saved Wed 13:00" when not today; `whose`, " · Acme saved 14:02"); '' from fresh data. The popover's
 *  headline and My shifts rows. */
export function savedShort(b: Basis, ctx: FormatContext, whose = ''): string {
  return b.kind === 'saved' && b.savedAt ? ` · ${whose}saved ${atText(Date.parse(b.savedAt), ctx)}` : '';
}

/** How long a block is: "8 h", "2 d 4 h", "7 d" (the one length wording, shared/format formatLength). */
export function lengthText(startMs: number, endMs: number, ctx: Pick<FormatContext, 'localZone'>): string {
  return formatLength(startMs, endMs, { localZone: ctx.localZone });
}

/** "23:05–23:55", "Sat 23:05 – Sun 23:05": the one window wording (shared/format formatWindow). */
export function spanText(
  startMs: number,
  endMs: number,
  ctx: FormatContext,
  scheduleZone?: string,
  live?: boolean,
): string {
  return formatWindow(startMs, endMs, { ...opts(ctx), scheduleZone, live });
}

/** "On call Sat 23:05 – Sun 23:05, 1 d": my next block, naming its start and end. */
export function nextBlockLine(shift: MyShift, ctx: FormatContext): string {
  const [startMs, endMs] = [Date.parse(shift.start), Date.parse(shift.end)];
  return `On call ${spanText(startMs, endMs, ctx)}, ${lengthText(startMs, endMs, ctx)}`;
}

/** Whether I am among the people of this now/next row. */
export function includesMe(state: AppState, schedule: ScheduleView, shift: ShiftView | null): boolean {
  const me = myEmailOn(state, schedule.accountId);
  return me !== '' && !!shift?.users.some((u) => u.email.toLowerCase() === me);
}

export { isMySchedule };

/** My schedules first, otherwise in the user's order. */
export function orderedSchedules(state: AppState): ScheduleView[] {
  const mine = state.schedules.filter((s) => isMySchedule(state, s));
  return [...mine, ...state.schedules.filter((s) => !mine.includes(s))];
}

/** "Uncovered until Sat 22:09" when a schedule with data has nobody on call now; undefined otherwise. */
export function uncoveredText(schedule: ScheduleView, ctx: FormatContext): string | undefined {
  const uncovered = uncoveredNow(schedule, ctx.nowMs);
  if (!uncovered) return undefined;
  const ms = Date.parse(uncovered.until);
  // The schedule's own time too where its zone differs, as the card's other lines (adv47 r9 #3).
  const until = `Uncovered until ${atText(ms, ctx, schedule.timeZone ?? undefined)}`;
  // "Until" stops where what is known stops (a hole, the end of what was read).
  return `${until}${thenUnknown(uncovered.after)}`;
}

/** Counts that agree everywhere: asking me (not yet covered by me), mine, covered by me. */
export interface CoverageCounts {
  asking: number;
  mine: number;
  covered: number;
}

export function coverageCounts(state: AppState): CoverageCounts {
  return {
    asking: knownAsks(state.coverage.askingMe).length,
    mine: state.coverage.mine.length,
    covered: state.coverage.coveredByMe.length,
  };
}

/** "asking you (3) · 1 yours · 1 covered by you ✓" ("… (saved data from 07:25)" where that rests on saved data);
 *  "No pending coverage requests" when all are zero. */
export function countsText(state: AppState, ctx: FormatContext): string {
  const c = coverageCounts(state);
  const parts = [
    // The one total every surface gives, its saved parts scoped to their accounts, worded by main (adv49 r28).
    ...(state.coverage.askingMe.length > 0 && state.asksYou ? [`asking you (${state.asksYou.count})`] : []),
    ...(c.mine > 0 ? [`${c.mine} yours`] : []),
    ...coveredGroups(state.coverage.coveredByMe, ctx).map((g) => `${g.items.length} ${g.words}`),
  ];
  const issues = coverageIssuesText(state);
  if (issues) parts.push(issues);
  return parts.length > 0 ? parts.join(' · ') : 'No pending coverage requests';
}

// Asked parts not read fresh, after the part that asks me (Cover… acts on that one): adv47 r23 #1.
const maybeOf = (parts: CoverageView['shifts'], ctx: FormatContext): string => {
  const words = maybePartsWords(parts, (p) => spanText(Date.parse(p.start), Date.parse(p.end), ctx), ctx);
  return words ? ` (${words})` : '';
};

export interface AskRow {
  id: string;
  who: string;
  reason: string;
  /** The first asked shift, local ("tomorrow 09:00 → Wed 09:00"), with "+1 more" when there are others. */
  when: string;
  scheduleName: string;
  /** The quick-override route: covers the first asked shift as me, with the request shown above the form. */
  params: Record<string, string>;
}

/** The "Asks you" strip: each pending request that asks me and that I have not covered yet, soonest asked shift
 *  first (the requests come account by account: the first account's are not the soonest by being first). */
export function askRows(state: AppState, ctx: FormatContext): AskRow[] {
  if (!hasData(state.coverage.status)) return [];
  const rows: AskRow[] = [];
  for (const r of state.coverage.askingMe) {
    const ofMe = askedOfMe(state, r);
    const asked = ofMe.asked;
    const first = asked[0];
    if (!first) continue;
    // One date style with My shifts: "Thu 3 Dec 00:56 → Fri 00:56".
    const span = spanText(Date.parse(first.start), Date.parse(first.end), ctx);
    // Not known to ask me (its time is saved data or unread): said with its basis (fix47ah).
    const basis = askBasisWords(r, ctx);
    const window = basis ? `${span} (${basis})` : span;
    rows.push({
      id: r.id,
      who: r.requester.name,
      reason: r.reason,
      when: `${asked.length > 1 ? `${window} +${asked.length - 1} more` : window}${maybeOf(ofMe.maybe, ctx)}`,
      scheduleName: withAccount(state, r.accountId, first.scheduleName),
      params: {
        scheduleId: first.scheduleId,
        scheduleName: withAccount(state, r.accountId, first.scheduleName),
        start: first.start,
        end: first.end,
        who: 'me',
        requestId: r.id,
      },
    });
  }
  const startMs = (row: AskRow): number => Date.parse(row.params.start ?? '');
  return rows.sort((a, b) => startMs(a) - startMs(b));
}
