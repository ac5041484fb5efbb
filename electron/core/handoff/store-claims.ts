// What a saved hand-off item must agree with before anything of it is sent, looked for or shown (issue 52): a
// schedule watched now on the account that owns it, an id the app makes, times the app could have planned, people
// as e-mail addresses, and text the app could have written. A failing item is dropped by the store, never used.
import { refParts } from '../../shared/accounts';
import { email } from '../../shared/bounded';
import type { HandoffItem } from '../../shared/handoff';
import { DAY_MS } from '../../shared/time';
import { plausibleInstant, plausibleText } from '../storage/read-back';

/** What the app knows now that a saved item must agree with. */
export interface RunContext {
  nowMs: number;
  /** Is this schedule (by ref) watched now? */
  watched: (ref: string) => boolean;
}

const Email = email('Who covers');
const ZONE = /^[A-Za-z0-9_+\-/]{1,64}$/;
/** A plan covers at most 62 days from today (plan.ts), read at most 90 days ahead. */
const MAX_BLOCK_MS = 63 * DAY_MS;
const MAX_AHEAD_MS = 100 * DAY_MS;

function timesProblem(item: HandoffItem, nowMs: number): string | undefined {
  const startMs = plausibleInstant(item.start, nowMs + MAX_AHEAD_MS);
  const endMs = plausibleInstant(item.end, nowMs + MAX_AHEAD_MS);
  if (startMs === undefined || endMs === undefined || endMs <= startMs || endMs - startMs > MAX_BLOCK_MS)
    return "a time that can't be true";
  return undefined;
}

function textProblem(item: HandoffItem): string | undefined {
  const people = [item.email, ...item.others];
  if (item.others.length > 20 || people.some((p) => !Email.safeParse(p).success))
    return 'a person the app could not have chosen';
  const texts = [item.name, item.scheduleName, item.message, item.overrideId ?? ''];
  if (!texts.every((t) => plausibleText(t, 1000)) || (item.timeZone !== null && !ZONE.test(item.timeZone)))
    return 'text the app could not have written';
  return undefined;
}

/** Why this saved item can't be used now, or undefined when it holds. */
export function itemProblem(item: HandoffItem, ctx: RunContext): string | undefined {
  if (!ctx.watched(item.scheduleId)) return 'a schedule not watched now';
  if (refParts(item.scheduleId).accountId !== item.accountId || !item.id.startsWith(`${item.scheduleId}|`))
    return 'an entry the app did not make';
  return timesProblem(item, ctx.nowMs) ?? textProblem(item);
}
