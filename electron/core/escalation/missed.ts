// A phone alert that could not go out at T+N (the server down, the network refused) is sent again while its alarm
// waits for an acknowledgement and the shift is still mine (a target): bounded tries with backoff, within the
// answer window. Before, "sent" was recorded before the request and never undone: the phone never rang, and once
// any later request went through readiness read "Ready ✓" again. Only a failure known not to have reached the
// server is tried again (refused, no address, a 4xx or 503: see http.ts). One that may have landed (no answer in
// time, a proxy's 504) is "maybe sent": a blind repeat could ring the phone again — before, a slow ntfy got the alert
// 25 times in an hour — so it is said in readiness and not repeated.

import { formatDayTime } from '../../shared/format';
import { phoneMissShort, type PhoneMiss } from '../../shared/phone-unsent';

export interface Missed {
  tries: number;
  /** When it is tried again (Infinity: given up; still said until its alarm is settled). */
  nextMs: number;
  /** When `nextMs` was set: a clock set back since is seen by it lying ahead (rate-gate.ts stillWaits). */
  atMs?: number;
  error: string;
  /** It may have reached the phone (outcome unknown): never tried again, said as such. */
  unknown?: boolean;
  /** The server refused it for good (a 4xx): never tried again. */
  refused?: boolean;
  /** The phone service asked to wait until then, at or after the alert's last try (its hour's end): no try is made
   *  for it, so none is promised (adv50 r44 F2: "trying again once the wait ends" for a retry never made). */
  waitPastMs?: number;
}

/** Tries in all, and the waits between them (the last repeated): the alert is due now, so it is tried again each
 *  minute (as readiness says) through its hour of waiting for an answer (pruneMissed ends it then, or an ack).
 *  Before, the waits grew to 10 min: ntfy back at 09:30, the phone rang at 09:38:30 (adv50 r24 #2). */
export const MISSED_TRIES = 62;
const BACKOFF_MS = [30_000, 60_000] as const;

/** The next state after a failed try (`tries` so far, this one included); `unknown`: it may have landed. */
export function missedAfter(tries: number, nowMs: number, error: string, unknown: boolean, refused = false): Missed {
  const waitMs = BACKOFF_MS[Math.min(tries - 1, BACKOFF_MS.length - 1)] ?? 0;
  if (unknown) return { tries, nextMs: Infinity, error, unknown };
  // Refused for good (a 4xx: a bad token or key): the same request gets the same answer. Before, it was sent 8 times.
  if (refused) return { tries, nextMs: Infinity, error, refused };
  return { tries, nextMs: tries < MISSED_TRIES ? nowMs + waitMs : Infinity, error, atMs: nowMs };
}

/** Readiness wording of the first alert still missing on the phone; `waiting`: the server's Retry-After runs (its
 *  end is said instead of "each minute": next-try-words.ts, readiness-checks.ts). */
export function missedProblem(missed: ReadonlyMap<string, Missed>, waiting = false): string | undefined {
  const m = [...missed.values()][0];
  if (!m) return undefined;
  // It may have landed as well as not (adv50 r25 #2: a slow webhook took it each time): both are said, never one.
  if (m.unknown)
    return `the phone alert for your shift start may or may not have reached your phone (${m.error}: outcome unknown); it is not sent again, so as not to ring twice: acknowledge on this computer`;
  if (m.refused)
    return `the phone won’t be reached: the phone alert for your shift start was refused (${m.error}); fix the settings in Settings → Phone, and acknowledge on this computer`;
  if (m.waitPastMs !== undefined)
    return `the phone alert for your shift start was not sent (${m.error}); the phone service’s wait ends after this alert’s hour, so it is not tried again: acknowledge on this computer`;
  const retry = waiting ? 'trying again' : 'trying again each minute';
  const next = Number.isFinite(m.nextMs) ? retry : 'gave up; acknowledge on this computer';
  return `the phone alert for your shift start was not sent (${m.error}); ${next}`;
}

/** The glance's words for one alarm whose phone alert is missing, said beside that alarm's line (adv49 r33 F1: the
 *  alarm rang, the alert could not go out, and only the next shift's readiness spoke of the phone); `short`: the
 *  tooltip's form when the whole doesn't fit its cut. One that may have landed is never "not alerted"; `waiting`: the
 *  server's Retry-After runs, so not "each minute". */
export function unsentWords(m: Missed, waiting: boolean, nowMs?: number, localZone?: string): UnsentWords {
  if (m.waitPastMs !== undefined && nowMs !== undefined && m.waitPastMs > nowMs)
    return waitPastWords(m.waitPastMs, nowMs, localZone);
  const miss: PhoneMiss = {
    error: m.error,
    ...(m.unknown ? { unknown: true } : {}),
    ...(m.refused ? { refused: true } : {}),
  };
  const short = phoneMissShort(miss);
  if (m.unknown) return { said: `${short}: it may or may not have reached your phone`, short, miss };
  if (m.refused) return { said: `${short}; fix it in Settings → Phone`, short, miss };
  if (!Number.isFinite(m.nextMs)) return { said: `${short}; gave up`, short, miss };
  const next = waiting ? 'trying again once the phone service’s wait ends' : 'trying again each minute';
  return { said: `${short}; ${next}`, short, miss };
}

/** The glance's words for an alarm whose phone alert Pushover's monthly limit holds back (adv50 r42 #1: a live 429,
 *  or the limit saved before a restart, and the glance said nothing of the phone): `resets`, the limit's reset worded;
 *  `saved`: this run read the limit back rather than hearing it. Not sent before the reset (escalator-refusal.ts
 *  limited); a Send test that goes through ends the limit, so it is said. */
export function limitWords(resets: string, saved: boolean): UnsentWords {
  // Short enough that Windows' tooltip (127 characters) keeps it beside "Alarm unacknowledged" and my state.
  const miss: PhoneMiss = { error: `Pushover’s monthly limit until ${resets}` };
  const short = phoneMissShort(miss);
  const kept = saved ? ', saved before the app restarted' : '';
  return { said: `${short}${kept}; not sent before then; Send test tries again`, short, miss };
}

/** The glance's words for an alarm past its alert's hour with no try made for it in this run, while a refusal for good
 *  stands (`why`, the service's answer; `saved`: read back from before a restart): no try is made after the hour, and
 *  the same request gets the same answer (adv50 r44 F1: after a restart at 10:32, nothing was said under the alarm). */
export function refusedHeldWords(why: string, saved: boolean): UnsentWords {
  const miss: PhoneMiss = { error: why, refused: true };
  const short = phoneMissShort(miss);
  const kept = saved ? ', saved before the app restarted' : '';
  return { said: `${short}${kept}; fix it in Settings → Phone`, short, miss };
}

/** The glance's words for an alarm whose alert waits for the phone service's Retry-After to end (`untilMs`): no
 *  request goes to it before then (rate-gate.ts), so none has failed for this alert yet (adv50 r43 F1). */
export function waitWords(untilMs: number, nowMs: number, localZone: string | undefined): UnsentWords {
  const until = formatDayTime(untilMs, { nowMs, ...(localZone ? { localZone } : {}) });
  const miss: PhoneMiss = { error: `the phone service asked to wait until ${until}` };
  const short = phoneMissShort(miss);
  return { said: `${short}; not sent before then`, short, miss };
}

/** An alert the phone service's wait holds past its hour: not sent, and no try is made after the wait (its end is
 *  said while it lies ahead; after it, the alert reads as given up). */
function waitPastWords(untilMs: number, nowMs: number, localZone: string | undefined): UnsentWords {
  const until = formatDayTime(untilMs, { nowMs, ...(localZone ? { localZone } : {}) });
  // "at least": a longer Retry-After is capped (rate-gate.ts MAX_RETRY_AFTER_MS), so the time kept may be short of it.
  const miss: PhoneMiss = {
    error: `the phone service asked to wait until at least ${until}, outlasting this alert’s hour`,
  };
  const short = phoneMissShort(miss);
  return { said: short, short, miss };
}

/** An alert's words, and its value (the tooltip counts alarms that share one). */
export interface UnsentWords {
  said: string;
  short: string;
  miss: PhoneMiss;
}
