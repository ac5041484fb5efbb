// What Settings → Phone says of the state's PhoneStatus: when the phone last answered "Send test", what is booked (and
// for when), the last request's failure. Main's words, answered on 'phone:words' (adapters/alarm-ipc.ts), so the
// forms chunk carries no copy (issue 49's size ceiling); the page asks again as the status or the clock moves.
import { z } from 'zod';
import { text } from './bounded';
import { formatDayTime } from './format';
import type { PhoneStatus } from './phone-intent';

/** 'phone:words': the zone the page formats in (tests name one; the app leaves it out: the system's). */
export const PhoneWordsRequestSchema = z.object({ localZone: text('Time zone', 'timeZone').optional() });
export type PhoneWordsRequest = z.infer<typeof PhoneWordsRequestSchema>;

export const PhoneWordsSchema = z.object({
  /** "Your phone answered the last test at 22:01.", or null when it has not (this run). */
  tested: z.string().nullable(),
  /** What is armed, or null when there is nothing to say (off). `ok` false: said as a problem. */
  booking: z.object({ ok: z.boolean(), text: z.string() }).nullable(),
});
export type PhoneWords = z.infer<typeof PhoneWordsSchema>;

export interface PhoneWordsContext {
  nowMs: number;
  locale: string;
  localZone?: string | undefined;
}

const zoneOf = (ctx: PhoneWordsContext) => ({
  locale: ctx.locale,
  nowMs: ctx.nowMs,
  ...(ctx.localZone ? { localZone: ctx.localZone } : {}),
});

/** When the phone last answered "Send test" (kept for this run); null when it has not. */
export function testText(phone: PhoneStatus | undefined, ctx: PhoneWordsContext): string | null {
  const at = phone?.lastTest ? Date.parse(phone.lastTest) : NaN;
  if (Number.isNaN(at)) return null;
  return `Your phone answered the last test at ${formatDayTime(at, zoneOf(ctx))}.`;
}

/** What is armed: booked on the server (and for when), sent by this computer, or the last request's failure. */
export function bookingText(phone: PhoneStatus | undefined, ctx: PhoneWordsContext): PhoneWords['booking'] {
  if (!phone || phone.provider === 'off') return null;
  if (phone.problem) return { ok: false, text: `The last request failed: ${phone.problem}.` };
  if (phone.booking === 'sent-by-this-computer')
    return { ok: true, text: 'Sent by this computer: your phone rings only if this computer is awake then.' };
  if (phone.booking === 'off') return null;
  // A booking whose answer was lost: neither "booked" nor "not booked".
  if (phone.booking === 'unknown')
    return { ok: false, text: 'The phone alert may not be booked: whether its booking reached the server is unknown.' };
  // Only what is booked as far as the app knows: a schedule still loading has nothing of it booked yet (adv50 r6).
  const loading = phone.loading && `Not booked yet: still loading ${phone.loading.join(', ')}.`;
  const next = phone.nextBooked ? Date.parse(phone.nextBooked) : NaN;
  const said = Number.isNaN(next)
    ? (loading ?? 'None booked yet: booked on the server once your shift is within 2 days.')
    : `Booked on the server for ${formatDayTime(next, zoneOf(ctx))}: your phone rings even if this computer sleeps.${loading ? ` ${loading}` : ''}`;
  return { ok: !loading, text: said };
}

/** 'phone:words'' answer: both lines for the status as it is now. */
export const phoneWords = (phone: PhoneStatus | undefined, ctx: PhoneWordsContext): PhoneWords => ({
  tested: testText(phone, ctx),
  booking: bookingText(phone, ctx),
});
