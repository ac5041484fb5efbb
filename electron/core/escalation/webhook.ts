// A webhook: the app POSTs the alert as JSON at T+N (no scheduled delivery, no way back: acknowledge on the laptop).
// Its Idempotency-Key is the alert's id, but a generic receiver (a Slack or Home Assistant hook, n8n) is not bound to
// honour it: a try that may have landed (no answer in time, a reset, a 500) is never repeated, as a repeat could page
// the phone twice (adv50 r25 #2: a receiver answering after 30 s got the alert 3 times). Only a failure known not to
// have reached it (refused, no address, a 503) is tried again; the escalator does not send it later either.
import type { Clock } from '../ports';
import { call, type HttpSend } from './http';
import { rateGate, waitingUntil, type RateGate } from './rate-gate';
import { channelIdOf } from './secret';
import type { PhoneProvider } from './types';

/** The payload's `event`: a shift start not acknowledged within N minutes, or Settings → Phone's "Send test". */
export const WEBHOOK_ALERT_EVENT = 'shift-start-not-acknowledged';
export const WEBHOOK_TEST_EVENT = 'test';

export function createWebhook(o: {
  url: string;
  clock: Clock;
  send: HttpSend;
  gateFor?: (channel: string) => RateGate;
}): PhoneProvider {
  const channel = channelIdOf(['webhook', o.url]);
  const gate = o.gateFor?.(channel) ?? rateGate();
  return {
    kind: 'webhook',
    waitingUntilMs: () => waitingUntil(gate, o.clock),
    waitKept: () => gate.kept === true,
    channel,
    async send(alert, stillWanted) {
      const r = await call(
        { clock: o.clock, send: o.send, gate, retry: true, idempotent: false, ...(stillWanted ? { stillWanted } : {}) },
        {
          method: 'POST',
          url: o.url,
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': alert.id },
          body: JSON.stringify({
            event: alert.test === true ? WEBHOOK_TEST_EVENT : WEBHOOK_ALERT_EVENT,
            id: alert.id,
            title: alert.title,
            text: alert.body,
          }),
        },
      );
      return r.ok ? { ok: true, value: null } : r;
    },
  };
}
