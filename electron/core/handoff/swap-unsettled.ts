// A swap side whose write may have landed (a 5xx answer, a lost one) is "outcome unknown" until the service has had
// the settle (SETTLE_MS, as the write path's own resend waits) to apply it: never "did not land" before that, and
// Hand back, a write that is right only if that side is not in place, waits for it too (adv48 round 13 #1).
import type { SwapSide } from '../../shared/handoff';
import { SETTLE_MS } from '../actions/override-verify';

const CHECKING =
  "Can't confirm yet — checking: the schedule does not show it yet, but the service may still apply it, so it was not sent again. It is looked for again; it is sent again only once the service has had 2 minutes to apply it and nothing there has changed.";

/** The sentence a "most likely not saved" answer opens with (what the service did), kept before the checking. */
function opening(message: string): string {
  const cut = message.indexOf(', and the schedule');
  return cut > 0 ? `${message.slice(0, cut)}. ` : '';
}

/** A side's write answered: one that may have landed is "checking" until the settle passes (`nowMs`: when answered). */
export function unsettled(nowMs: number, s: SwapSide): SwapSide {
  if (s.state !== 'not_landed' && s.state !== 'unknown') return s;
  const settleUntil = new Date(nowMs + SETTLE_MS).toISOString();
  if (s.state === 'unknown' || s.message.includes("Can't confirm yet")) return { ...s, state: 'unknown', settleUntil };
  return { ...s, state: 'unknown', message: `${opening(s.message)}${CHECKING}`, settleUntil };
}

/** Whether the service may still apply this side's write (its settle not over). */
export const settling = (s: SwapSide, nowMs: number): boolean =>
  s.settleUntil !== undefined && Date.parse(s.settleUntil) > nowMs;

/** Hand back asked while the other side may still land: nothing is sent, and when it can be is said. */
export function waitText(s: SwapSide, nowMs: number): string {
  const seconds = Math.max(1, Math.ceil((Date.parse(s.settleUntil ?? '') - nowMs) / 1000));
  return `Can't confirm yet — checking: the schedule does not show it yet, but the service may still apply it for ${seconds} more seconds, so your shift was not handed back (with both in place you would be on call for both). Press Hand back again then: the schedule is read first.`;
}
