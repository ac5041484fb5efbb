// What a hand-off's items must be before anything is sent: each block once (a service watched by two accounts is
// written through the first), and the rules every flow shares (shared/swap-rules.ts), as a swap applies them.
import { myEmailOn, refParts } from '../../shared/accounts';
import type { HandoffItem, HandoffItemInput, HandoffPlan } from '../../shared/handoff';
import { coverRefusal, firstOverlap } from '../../shared/swap-rules';
import type { AppState } from '../../shared/view-state';
import { itemIdOf, onceRef } from './plan';
import { withinOf } from '../actions/plan-block';
import { cantCheckText, notAsPlannedText, type WordDeps } from './changed-now';
import { minOf } from '../../shared/extremes';
import { coverPeople, coverRefusedText, mayCover, serviceNames } from './cover-rule';

export function nameOf(state: AppState, scheduleId: string, email: string): string {
  const users = state.schedules.find((s) => s.id === scheduleId)?.users ?? [];
  return users.find((u) => u.email.toLowerCase() === email.toLowerCase())?.name ?? '';
}

/** The block of mine the plan can write now that holds the item, if any. */
export function rowOf(plan: HandoffPlan, i: HandoffItemInput): HandoffPlan['rows'][number] | undefined {
  return plan.rows.find(
    (r) =>
      r.scheduleId === i.scheduleId &&
      Date.parse(r.start) <= Date.parse(i.start) &&
      Date.parse(i.end) <= Date.parse(r.end) &&
      Date.parse(i.start) < Date.parse(i.end),
  );
}

/** Why the plan can't write the item now, where it lists the item's time as excluded for a reason of its data. */
export function excludedWhy(
  plan: HandoffPlan,
  i: { scheduleId: string; start: string; end: string },
): string | undefined {
  const [startMs, endMs] = [Date.parse(i.start), Date.parse(i.end)];
  return plan.excluded.find(
    (x) => x.scheduleId === i.scheduleId && Date.parse(x.start) < endMs && startMs < Date.parse(x.end),
  )?.why;
}

/** Each block once: one named through a second account of the same service is the first's (one write per block). */
export function onceEach(state: AppState, items: readonly HandoffItemInput[]): HandoffItemInput[] {
  const seen = new Set<string>();
  return items.flatMap((i) => {
    const item = { ...i, scheduleId: onceRef(state, i.scheduleId) };
    const key = `${item.scheduleId}|${Date.parse(i.start)}|${Date.parse(i.end)}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [item];
  });
}

/** The rules every flow shares (shared/swap-rules.ts), as a swap applies them: a cover already on call with me then
 *  (or me) is refused before anything is sent, since the schedule would lose a person. */
export function ruleProblem(
  state: AppState,
  items: readonly HandoffItemInput[],
  plan: HandoffPlan,
): string | undefined {
  for (const i of items) {
    const me = myEmailOn(state, refParts(i.scheduleId).accountId);
    const row = rowOf(plan, i);
    const refusal = row && coverRefusal([[me, ...row.others]], me, i.email);
    if (refusal === 'cover_is_from') return 'Nothing was sent: pick someone else to cover your shift, not yourself.';
    if (refusal === 'cover_on_call') {
      const name = nameOf(state, i.scheduleId, i.email) || i.email;
      return `Nothing was sent: ${name} is already on call with you during your shift, so they can’t cover it (the schedule would lose a person). Pick a teammate who is off call then.`;
    }
  }
  return undefined;
}

/** Two items over the same time of one schedule (as a swap's two sides may not be): the second would be written
 *  over the first, and its re-read would show the first as a change. Refused before anything is sent. */
export function overlapProblem(state: AppState, items: readonly HandoffItemInput[]): string | undefined {
  const both = firstOverlap(items);
  if (!both) return undefined;
  const schedule = state.schedules.find((s) => s.id === both[0].scheduleId)?.name ?? 'one schedule';
  // As this schedule lists them, else as another of the account does (a cover may be outside its rotation).
  const account = refParts(both[0].scheduleId).accountId;
  const named = (email: string) =>
    state.schedules
      .filter((s) => refParts(s.id).accountId === account)
      .map((s) => nameOf(state, s.id, email))
      .find((n) => n !== '') ?? email;
  const [a, b] = both.map((i) => nameOf(state, i.scheduleId, i.email) || named(i.email));
  const who = a === b ? `${a} twice` : `${a} and ${b}`;
  return `Nothing was sent: two of these hand-offs overlap on ${schedule} (${who} for the same time), so one cover would be written over the other. Hand off each time once.`;
}

/** Why nothing of these items may be sent: one that is no longer a block of mine as the app reads it now (said as
 *  what changed, changed-now.ts), two that overlap, or one the shared rules refuse; undefined when all may go. */
export function createProblem(
  state: AppState,
  items: readonly HandoffItemInput[],
  plan: HandoffPlan,
  words: WordDeps,
  planned?: HandoffPlan,
): string | undefined {
  const wrong = items.find((i) => !rowOf(plan, i));
  // A block the plan can't write now for a reason of its data (saved data after a failed read, a part unread): said
  // as not readable, never as a change the saved data can't know of (fix 47t: "who else is on call changes" was).
  if (wrong && excludedWhy(plan, wrong) !== undefined) return cantCheckText(words, wrong);
  // Said against the plan the user chose from, when it had this block (who was on call beside me then).
  if (wrong) return notAsPlannedText(words, state, wrong, undefined, planned && rowOf(planned, wrong)?.others);
  // Only someone the app may hand the block to, as a Retry and a resume after a restart check it (cover-rule.ts).
  const stranger = items.find((i) => !mayCover(coverPeople(state, i.scheduleId), i.email));
  if (stranger) return coverRefusedText(stranger.email.trim(), serviceNames(state, stranger.scheduleId));
  return overlapProblem(state, items) ?? ruleProblem(state, items, plan);
}

/** The time within `bounds` around a window where the schedule as last read had `who` off call (plan-block.ts). */
export function blockWithin(
  state: AppState,
  w: { scheduleId: string; start: string; end: string },
  who: string,
  bounds: { startMs: number; endMs: number },
): HandoffItem['within'] {
  const s = state.schedules.find((x) => x.id === w.scheduleId);
  const window = { startMs: Date.parse(w.start), endMs: Date.parse(w.end) };
  const times = [window.startMs, window.endMs, bounds.startMs, bounds.endMs];
  if (!s || who === '' || !times.every(Number.isFinite)) return undefined;
  const around = withinOf(s.timeline, who, window, bounds);
  return { start: new Date(around.startMs).toISOString(), end: new Date(around.endMs).toISOString() };
}

/** The time of the plan's span around an item where the plan had me off call. */
function withinOfItem(
  state: AppState,
  i: HandoffItemInput,
  plan: HandoffPlan,
  items: readonly HandoffItemInput[],
  nowMs: number,
): HandoffItem['within'] {
  const me = myEmailOn(state, refParts(i.scheduleId).accountId);
  const within = blockWithin(state, i, me, { startMs: Date.parse(plan.from), endMs: Date.parse(plan.to) });
  const grown = beyondChosen(plan, i, items, nowMs);
  if (!within || !grown) return within;
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    start: iso(Math.min(Date.parse(within.start), grown.startMs)),
    end: iso(Math.max(Date.parse(within.end), grown.endMs)),
  };
}

/**
 * The row holding the item as the app reads it at Create, past the item and no other item of the request: the items
 * are the rows of the plan the user chose (whole rows within the span; a row ends where who else is on call
 * changes), so the same row reaching further is my block grown since it was shown (a refresh before Create brought
 * the change in), time that plan had me off call. It goes into `within`, so the write's re-read says it ("you are
 * now on call …"), never hands off the part alone.
 */
function beyondChosen(
  plan: HandoffPlan,
  i: HandoffItemInput,
  items: readonly HandoffItemInput[],
  nowMs: number,
): { startMs: number; endMs: number } | undefined {
  const row = rowOf(plan, i);
  if (!row) return undefined;
  const [start, end] = [Date.parse(i.start), Date.parse(i.end)];
  const chosen = items.filter((x) => x !== i && x.scheduleId === i.scheduleId);
  // Up to the nearest other chosen item in the row (its own write checks its own edges); time before the write's
  // first second is over or being handed off (a block already begun starts there).
  const lo = Math.max(
    Date.parse(row.start),
    Math.min(start, Math.ceil(nowMs / 1000) * 1000),
    ...chosen.map((x) => Date.parse(x.end)).filter((e) => e <= start),
  );
  const hi = minOf(
    chosen.map((x) => Date.parse(x.start)).filter((e) => e >= end),
    Date.parse(row.end),
  );
  return lo < start || hi > end ? { startMs: lo, endMs: hi } : undefined;
}

/** The run's items as planned: who covers (by name), the others kept on call with me, each waiting to be sent. */
export function madeItems(
  state: AppState,
  items: readonly HandoffItemInput[],
  plan: HandoffPlan,
  nowMs: number,
): HandoffItem[] {
  return items.map((i) => {
    const s = state.schedules.find((x) => x.id === i.scheduleId);
    const within = withinOfItem(state, i, plan, items, nowMs);
    return {
      ...(within ? { within } : {}),
      ...i,
      id: itemIdOf(i),
      accountId: refParts(i.scheduleId).accountId,
      scheduleName: s?.name ?? i.scheduleId,
      timeZone: s?.timeZone ?? null,
      name: nameOf(state, i.scheduleId, i.email),
      others: rowOf(plan, i)?.others ?? [],
      was: [myEmailOn(state, refParts(i.scheduleId).accountId).toLowerCase(), ...(rowOf(plan, i)?.others ?? [])],
      state: 'pending',
      message: '',
    };
  });
}
