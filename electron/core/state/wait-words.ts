// The one sentence about a wait the service asked for (a 429's or a 503's Retry-After), made from instants at the
// time it is shown: what the service asked, and the app's own next try where that differs (the app waits at most
// MAX_RETRY_AFTER_MS for the service, so a longer ask is never said as the app's wait, nor the app's as the
// service's: adv47 round 27, "Try again in 60 min. The service asked to wait until 11:51.").
import { formatDayTime } from '../../shared/format';

const MINUTE_MS = 60_000;

/** The wait's parts, each an instant (ms), as the sync loop keeps them. */
export interface ServiceWait {
  /** Until when the service asked to wait (its Retry-After, uncapped). */
  askedUntilMs?: number | undefined;
  /** The app's own wait (the capped Retry-After): the fallback when the ask itself is not known. */
  appUntilMs?: number | undefined;
  /** When the app asks the service next, as planned. */
  nextTryMs?: number | undefined;
}

/** "The service asked to wait until 12:45; the app tries again at 11:51" (no full stop), or undefined when no wait
 *  the service asked for lasts. Each time to the minute it is over by (rounded up), worded by the one formatter. */
export function serviceWaitWords(wait: ServiceWait, nowMs: number, localZone: string): string | undefined {
  const at = (ms: number): string => formatDayTime(Math.ceil(ms / MINUTE_MS) * MINUTE_MS, { nowMs, localZone });
  const { askedUntilMs: asked, nextTryMs: next, appUntilMs: own } = wait;
  if (asked === undefined || asked <= nowMs) {
    // Without the ask (no pass met one since), only the app's own wait is known: said as the app's.
    return own !== undefined && own > nowMs ? `The app asks the service again from ${at(own)}` : undefined;
  }
  const said = `The service asked to wait until ${at(asked)}`;
  if (next === undefined || at(next) === at(asked)) return said;
  return next <= nowMs ? `${said}; the app tries again now` : `${said}; the app tries again at ${at(next)}`;
}
