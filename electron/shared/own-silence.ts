// An account's own silence (muted, or paused past an instant): the one rule both the forms (accounts.ts, through
// service-identity.ts) and the readiness line's fix (readiness-fix.ts, loaded just after the popover's glance) read.
// Its own module so that fix loads no form code (vite.config.ts: it goes with the chunk after the glance). Zod-free.

export interface SilenceFields {
  id: string;
  label: string;
  baseUrl: string;
  email: string;
  schedules?: readonly { id: string }[];
  muted?: boolean | undefined;
  pausedUntil?: string | null | undefined;
}

/** Why an account's reminders are silent at `nowMs`: muted by the user, paused until an instant still ahead, or the
 *  same service as an earlier account watching every schedule it does (whose reminders speak for both); undefined
 *  while it may speak (one that watches other schedules speaks for those: see schedulesToldElsewhere). */
export type AccountSilence =
  { kind: 'muted' } | { kind: 'paused'; untilMs: number } | { kind: 'same-service'; as: string };

/** The account's own silence at `nowMs`: muted, or paused until an instant still ahead. */
export function ownSilence(account: SilenceFields, nowMs: number): AccountSilence | undefined {
  if (account.muted === true) return { kind: 'muted' };
  const untilMs = account.pausedUntil ? Date.parse(account.pausedUntil) : NaN;
  return untilMs > nowMs ? { kind: 'paused', untilMs } : undefined;
}
