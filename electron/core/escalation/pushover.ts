// Pushover (pushover.net/api): priority 2 is an emergency — it repeats every `retry` seconds (≥ 30) until
// acknowledged or `expire` seconds (≤ 10800) pass, and answers with a receipt; `GET /1/receipts/<r>.json` says
// whether it was acknowledged, `POST /1/receipts/<r>/cancel.json` stops it. No scheduled delivery: the app sends it
// itself at T+N, so it rings only if this computer is awake then. A message is sent once (a repeat would ring twice).
// Each emergency is tagged with its alert id (`tags`): one whose answer was lost (no receipt) is still stopped, with
// `POST /1/receipts/cancel_by_tag/<tag>.json` (every unacknowledged emergency with that tag; pushover.net/api/receipts).
// The receipt is handed back to the escalator, which keeps it with the sent record (escalations.json): a restart or
// a settings save (a new provider) still cancels the emergency and still reads the phone's acknowledgement.
import { DateTime } from 'luxon';
import type { Clock } from '../ports';
import { call, reasonOf, type HttpResponse, type HttpSend } from './http';
import { rateGate, waitingUntil, type RateGate } from './rate-gate';
import { channelIdOf } from './secret';
import type { PhoneAck, PhoneProvider } from './types';

export const PUSHOVER_API = 'https://api.pushover.net';
export const PUSHOVER_RETRY_S = 60;
export const PUSHOVER_EXPIRE_S = 30 * 60;
/** A receipt as Pushover makes it (30 letters and digits); anything else is not kept nor sent back. */
export const RECEIPT_PATTERN = /^[A-Za-z0-9]{1,64}$/;

export interface PushoverOptions {
  appToken: string;
  userKey: string;
  clock: Clock;
  send: HttpSend;
  /** The API's address (tests: a loopback stand-in). */
  api?: string;
  /** The channel's Retry-After wait, kept across restarts (rate-gate-store.ts); none: in memory. */
  gateFor?: (channel: string) => RateGate;
}

const form = (fields: Record<string, string>): string => new URLSearchParams(fields).toString();
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

function field(text: string, name: string): unknown {
  try {
    const v: unknown = JSON.parse(text);
    const value: unknown = typeof v === 'object' && v !== null ? Reflect.get(v, name) : undefined;
    return value;
  } catch {
    return undefined;
  }
}

/** The longest a monthly count can take to reset (a reset read further ahead is not Pushover's). */
export const MAX_RESET_MS = 32 * 86_400_000;
/** The service's words for its monthly limit (pushover.net/api); a refusal that doesn't say them is not one. */
export const MONTHLY_LIMIT = /monthly\s+(message\s+)?limit/i;

/** The next month's start in UTC: the reset the app counts on when the service names none. */
export const nextMonthStart = (nowMs: number): number =>
  DateTime.fromMillis(nowMs, { zone: 'utc' }).startOf('month').plus({ months: 1 }).toMillis();

/** Pushover's "429 … exceeded its monthly message limit" (pushover.net/api): refused until X-Limit-App-Reset when
 *  it is a time ahead within a month, else until the next month's start in UTC. A 429 saying anything else is a
 *  rate limit (Retry-After: rate-gate.ts), undefined here. */
export function monthlyReset(res: HttpResponse, nowMs: number): number | undefined {
  if (!MONTHLY_LIMIT.test(reasonOf(res.text))) return undefined;
  const resetMs = /^\d{1,12}$/.test(res.limitReset?.trim() ?? '') ? Number(res.limitReset) * 1000 : NaN;
  if (resetMs > nowMs && resetMs <= nowMs + MAX_RESET_MS) return resetMs;
  return nextMonthStart(nowMs);
}

export function createPushover(o: PushoverOptions): PhoneProvider {
  const api = o.api ?? PUSHOVER_API;
  const channel = channelIdOf(['pushover', o.appToken, o.userKey]);
  const gate = o.gateFor?.(channel) ?? rateGate();
  const once = { clock: o.clock, send: o.send, retry: false, gate };
  return {
    kind: 'pushover',
    waitingUntilMs: () => waitingUntil(gate, o.clock),
    waitKept: () => gate.kept === true,
    channel,
    repeatsMs: PUSHOVER_EXPIRE_S * 1000,
    async send(alert) {
      const body = form({
        token: o.appToken,
        user: o.userKey,
        title: alert.title,
        message: alert.body,
        priority: '2',
        retry: String(PUSHOVER_RETRY_S),
        expire: String(PUSHOVER_EXPIRE_S),
        tags: alert.id,
      });
      const r = await call(
        { ...once, quota: monthlyReset },
        { method: 'POST', url: `${api}/1/messages.json`, headers: FORM, body },
      );
      if (!r.ok) return r;
      const receipt = field(r.value.text, 'receipt');
      return { ok: true, value: typeof receipt === 'string' && RECEIPT_PATTERN.test(receipt) ? receipt : null };
    },
    async cancel(alertId, receipt) {
      // Cancelling twice (or one already acknowledged or expired) changes nothing: repeated freely.
      const url = receipt
        ? `${api}/1/receipts/${encodeURIComponent(receipt)}/cancel.json`
        : `${api}/1/receipts/cancel_by_tag/${encodeURIComponent(alertId)}.json`;
      const r = await call(
        { ...once, retry: true, idempotent: true },
        { method: 'POST', url, headers: FORM, body: form({ token: o.appToken }) },
      );
      return r.ok ? { ok: true, value: null } : r;
    },
    async pollAcks(q) {
      const acked: PhoneAck[] = [];
      for (const [alertId, receipt] of q.handles) {
        const url = `${api}/1/receipts/${encodeURIComponent(receipt)}.json?token=${encodeURIComponent(o.appToken)}`;
        const r = await call(once, { method: 'GET', url });
        if (!r.ok) return r;
        if (field(r.value.text, 'acknowledged') !== 1) continue;
        const atS = field(r.value.text, 'acknowledged_at');
        const nowMs = o.clock.now();
        const atMs = typeof atS === 'number' && atS > 0 ? Math.min(nowMs, atS * 1000) : nowMs;
        acked.push({ id: alertId, atMs });
      }
      return { ok: true, value: acked };
    },
  };
}
