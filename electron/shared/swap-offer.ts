// The teammates' shifts a swap may take, read from a schedule's fresh timeline: main's answer to swap:offer (the
// swap form asks it for my block and the schedule chosen, and shows the answer as it is).
import { z } from 'zod';
import { ScheduleId } from './action-schemas';
import { instant } from './bounded';
import { DISPLAY_LOCALE } from './format';
import { swapLines, swapWords } from './swap-lines';
import { clashesWithMine, onCallOver, type ScheduleWindow } from './swap-rules';
import type { AppState, ScheduleView } from './view-state';

/** swap:offer's request: my block (the form's route) and the schedule whose shifts are asked for. */
export const SwapOfferRequestSchema = z.object({
  mine: z.object({ scheduleId: ScheduleId, start: instant('Start'), end: instant('End') }),
  scheduleId: ScheduleId,
});
export type SwapOfferRequest = z.infer<typeof SwapOfferRequestSchema>;

const TheirShiftSchema = z.object({
  key: z.string(),
  email: z.string(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
  /** Their block in the form's words, with its basis where it isn't fresh ("You cover Erin's …"). */
  line: z.string(),
});
/** The shifts offered, and whether any of the teammates' not yet begun was read at all (none offered: say why). */
export const SwapOfferSchema = z.object({
  offered: z.array(TheirShiftSchema),
  teammatesRead: z.boolean(),
  /** My block in the form's words, with its basis ("Sun 17:35 – Tue 13:35 (saved data from 13:34)"). */
  mine: z.string(),
});
export type SwapOffer = z.infer<typeof SwapOfferSchema>;

/** A teammate's shift as read (`line`: worded for the form once offered). */
export type TheirShift = Omit<z.infer<typeof TheirShiftSchema>, 'line'>;

const lower = (s: string) => s.toLowerCase();

/**
 * Each teammate's blocks on the schedule not yet begun, in start order: contiguous spans joined while who else is on
 * call with them stays the same and I am not on call there (a cover replaces one person and keeps the others; main
 * refuses a cover I am already on, or whose partners change within it).
 */
export function theirShifts(s: ScheduleView | undefined, me: string, nowMs: number): TheirShift[] {
  if (!s || s.status.kind !== 'fresh') return [];
  const open = new Map<string, { shift: TheirShift; partners: string }>();
  const out: TheirShift[] = [];
  for (const t of s.timeline) {
    const people = t.kind === 'people' ? t.users : [];
    const here = people.some((u) => lower(u.email) === lower(me)) ? [] : people;
    const partnersOf = (email: string) =>
      here
        .map((u) => lower(u.email))
        .filter((e) => e !== email)
        .sort()
        .join();
    for (const [email, o] of open)
      if (!here.some((u) => lower(u.email) === email) || o.shift.end !== t.start || o.partners !== partnersOf(email))
        open.delete(email);
    for (const u of here) {
      const going = open.get(lower(u.email));
      if (going) going.shift.end = t.end;
      else {
        const shift = { key: `${lower(u.email)}|${t.start}`, email: u.email, name: u.name, start: t.start, end: t.end };
        open.set(lower(u.email), { shift, partners: partnersOf(lower(u.email)) });
        out.push(shift);
      }
    }
  }
  // A shift already begun is not offered: I would cover time already past.
  return out.filter((x) => Date.parse(x.start) > nowMs).sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

/** My block, as the swap form has it from its route. */
export type MyBlock = ScheduleWindow;

/** Who is on call on a schedule at any time of my block, lower-cased. */
export function onCallDuring(s: ScheduleView | undefined, mine: MyBlock): Set<string> {
  return new Set(onCallOver(s, mine).flat());
}

/**
 * The teammates' shifts offered for my block, and whether any of theirs not yet begun was read at all.
 * Left out: those that share time with my block on my own schedule (two on call at once: their cover of me and mine
 * of them would clash; on another schedule it is a swap, I am on call there instead), and those of someone on call
 * with me during it (they can't cover me). `withMe`: who is on call on my schedule during my block.
 */
export function swappable(
  s: ScheduleView | undefined,
  me: string,
  nowMs: number,
  mine: MyBlock,
  withMe: ReadonlySet<string>,
): { offered: TheirShift[]; teammatesRead: boolean } {
  const theirs = theirShifts(s, me, nowMs);
  const offered = theirs.filter(
    (x) => !clashesWithMine({ ...x, scheduleId: s?.id ?? '' }, mine) && !withMe.has(lower(x.email)),
  );
  // Read but not offered: shifts left out above, or time of theirs not yet begun that I am on call in too.
  const withThem =
    s?.status.kind === 'fresh' &&
    s.timeline.some(
      (t) =>
        Date.parse(t.start) > nowMs &&
        t.users.some((u) => lower(u.email) === lower(me)) &&
        t.users.some((u) => lower(u.email) !== lower(me)),
    );
  const teammatesRead = theirs.length > 0 || withThem;
  return { offered, teammatesRead };
}

/**
 * swap:offer's answer: the shifts on `scheduleId` offered for my block, when it is a schedule of my block's account
 * (a swap is written on each side's own schedule, with one key); me as that account's e-mail.
 */
export function swapOffer(state: AppState, request: SwapOfferRequest, nowMs: number, localZone: string): SwapOffer {
  const mySchedule = state.schedules.find((s) => s.id === request.mine.scheduleId);
  const s = state.schedules.find((x) => x.id === request.scheduleId && x.accountId === mySchedule?.accountId);
  const me = state.accounts.find((a) => a.id === mySchedule?.accountId)?.email ?? '';
  const { offered, teammatesRead } = swappable(s, me, nowMs, request.mine, onCallDuring(mySchedule, request.mine));
  const words = swapWords(state, { nowMs, locale: DISPLAY_LOCALE, localZone });
  const lines = (x?: TheirShift) =>
    swapLines(state, request.mine, x && { ...x, scheduleId: request.scheduleId }, words);
  return { offered: offered.map((x) => ({ ...x, line: lines(x).theirs })), teammatesRead, mine: lines().mine };
}
