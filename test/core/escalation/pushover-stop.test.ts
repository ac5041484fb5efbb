// Stopping a Pushover emergency (adv50 round 4): it repeats on the phone every minute for 30 min until acknowledged
// or cancelled. Before, an emergency whose answer was lost (no answer in time, a 504) had no receipt, so "I'm on it"
// cancelled nothing — the phone rang on for half an hour while the laptop said "Ready ✓" — and a cancel that timed
// out was never tried again ("stopping the phone alert: no answer in time" stayed up for good). Now each emergency is
// sent tagged with its alert id and, with no receipt, cancelled by that tag (pushover.net/api/receipts); a cancel that
// fails is tried again each minute until it goes through or the emergency has expired, and readiness says "your
// phone may still ring" meanwhile. Real alarm engine and escalator, fake clock, the loopback Pushover stand-in.
import { describe, expect, it } from 'vitest';
import { alertIdOf } from '../../../electron/core/escalation/escalator';
import { fetchSend, type HttpRequest, type HttpSend } from '../../../electron/core/escalation/http';
import { createPushover, PUSHOVER_EXPIRE_S } from '../../../electron/core/escalation/pushover';
import { closeAfterTest } from '../../support/closing';
import { MIN, alarmEscalation, alarmTarget, phoneServices, timeoutAfter } from './support/escalator-rig';

const T = Date.parse('2026-03-10T09:00:00Z');
const target = alarmTarget(T, 'UTC');

type Loss = 'timeout' | '504' | 'drop';
/** `lost(req)` while it holds: `timeout`/`504` — the server acts, its answer is lost; `drop` — it never gets there. */
async function rig() {
  const { clock, s } = await phoneServices(T - 30 * MIN);
  const w: { lost: (req: HttpRequest) => Loss | undefined; cancelTries: number } = {
    lost: () => undefined,
    cancelTries: 0,
  };
  const send: HttpSend = async (req, timeoutMs) => {
    const loss = w.lost(req);
    if (req.url.includes('/cancel')) w.cancelTries++;
    if (loss === 'drop') return timeoutAfter(clock, timeoutMs);
    const res = await clock.inFlight.track(fetchSend(req, timeoutMs));
    if (loss === '504') return { status: 504, text: 'Gateway Time-out' };
    return loss === 'timeout' ? timeoutAfter(clock, timeoutMs) : res;
  };
  const provider = createPushover({ appToken: 'a'.repeat(30), userKey: 'u'.repeat(30), clock, send, api: s.url });
  const { engine, esc, files, make } = await alarmEscalation({ clock, provider, target });
  const ack = () => clock.inFlight.track(engine.ack(target.key, 'window'));
  const cancels = () => s.requests.filter((q) => q.path.includes('/cancel')).map((q) => q.path);
  /** The app quit and started again: a new escalator reading escalations.json back. */
  const restart = async () => {
    await esc.stop();
    const again = await make();
    closeAfterTest({ close: () => again.stop() });
    return again;
  };
  return { clock, s, esc, w, ack, cancels, files, restart };
}

const isSend = (q: HttpRequest) => q.url.endsWith('/1/messages.json');
const isCancel = (q: HttpRequest) => q.url.includes('/cancel');

describe('an emergency whose answer was lost is stopped by its tag (failed before: rang on for 30 min)', () => {
  it.each(['timeout', '504'] as const)('send answer lost (%s), ack at T+4: cancelled by tag', async (loss) => {
    const r = await rig();
    r.w.lost = (q) => (isSend(q) ? loss : undefined);
    await r.clock.advanceTo(T + 4 * MIN);
    expect(r.s.pushover.map((p) => p.tags)).toEqual([[alertIdOf(target.key)]]);
    await r.ack();
    await r.clock.advanceTo(T + 6 * MIN);
    expect(r.cancels()).toEqual([`/1/receipts/cancel_by_tag/${alertIdOf(target.key)}.json`]);
    expect(r.s.pushover.map((p) => p.cancelled)).toEqual([true]);
    expect(r.esc.status().problem).toBeUndefined();
  });

  it('the cancel by tag does not get through until T+8: "may still ring", tried each minute, then cleared', async () => {
    const r = await rig();
    r.w.lost = (q) => (isSend(q) ? 'timeout' : isCancel(q) ? 'drop' : undefined);
    await r.clock.advanceTo(T + 4 * MIN);
    await r.ack();
    await r.clock.advanceTo(T + 6 * MIN);
    expect(r.esc.status().problem).toMatch(/your phone may still ring/);
    await r.clock.advanceTo(T + 8 * MIN);
    r.w.lost = () => undefined;
    await r.clock.advanceTo(T + 10 * MIN);
    expect(r.s.pushover.map((p) => p.cancelled)).toEqual([true]);
    expect(r.esc.status().problem).toBeUndefined();
  });
});

describe('a receipt cancel that failed is tried again each minute (failed before: never again)', () => {
  it.each(['drop', 'timeout'] as const)('cancel %s from T+2 to T+6, ack at T+4: cancelled by T+8', async (loss) => {
    const r = await rig();
    await r.clock.advanceTo(T + 2 * MIN);
    r.w.lost = (q) => (isCancel(q) ? loss : undefined);
    await r.clock.advanceTo(T + 4 * MIN);
    await r.ack();
    await r.clock.advanceTo(T + 6 * MIN);
    expect(r.esc.status().problem).toMatch(/your phone may still ring/);
    r.w.lost = () => undefined;
    await r.clock.advanceTo(T + 8 * MIN);
    expect(r.s.pushover.map((p) => p.cancelled)).toEqual([true]);
    expect(r.esc.status().problem).toBeUndefined();
  });

  it('a cancel that never gets through: said until the emergency has expired, then let go', async () => {
    const r = await rig();
    r.w.lost = (q) => (isCancel(q) ? 'drop' : undefined);
    await r.clock.advanceTo(T + 4 * MIN);
    await r.ack();
    await r.clock.advanceTo(T + 3 * MIN + PUSHOVER_EXPIRE_S * 1000 - MIN);
    expect(r.esc.status().problem).toMatch(/your phone may still ring/);
    const tries = r.w.cancelTries;
    expect(tries).toBeGreaterThan(20);
    await r.clock.advanceTo(T + 3 * MIN + PUSHOVER_EXPIRE_S * 1000 + 2 * MIN);
    expect(r.esc.status().problem).toBeUndefined();
    await r.clock.advanceTo(T + 90 * MIN);
    expect(r.w.cancelTries).toBeLessThanOrEqual(tries + 6);
  });
});

describe('handed off while an emergency whose answer was lost repeats (failed before: never cancelled)', () => {
  it('send answer lost at T+3, the shift handed off at T+5: cancelled by its tag', async () => {
    const r = await rig();
    r.w.lost = (q) => (isSend(q) ? 'timeout' : undefined);
    await r.clock.advanceTo(T + 5 * MIN);
    void r.esc.setTargets([]);
    await r.clock.advanceTo(T + 7 * MIN);
    expect(r.cancels()).toEqual([`/1/receipts/cancel_by_tag/${alertIdOf(target.key)}.json`]);
    expect(r.s.pushover.map((p) => p.cancelled)).toEqual([true]);
    expect(r.esc.status().problem).toBeUndefined();
  });

  it('answer lost at T+3, the app restarted at T+5, handed off at T+7: cancelled by its tag (failed before)', async () => {
    const r = await rig();
    r.w.lost = (q) => (isSend(q) ? 'timeout' : undefined);
    await r.clock.advanceTo(T + 5 * MIN);
    const kept = JSON.parse((await r.files.read('escalations.json')) ?? '{}') as { unreceipted?: object };
    expect(kept.unreceipted).toEqual({
      [target.key]: {
        id: alertIdOf(target.key),
        untilMs: T + 3 * MIN + PUSHOVER_EXPIRE_S * 1000,
        ch: expect.stringMatching(/./) as unknown,
      },
    });
    const esc = await r.restart();
    void esc.setTargets([target]);
    await r.clock.advanceTo(T + 7 * MIN);
    void esc.setTargets([]);
    await r.clock.advanceTo(T + 8 * MIN);
    expect(r.cancels()).toEqual([`/1/receipts/cancel_by_tag/${alertIdOf(target.key)}.json`]);
    expect(r.s.pushover.map((p) => p.cancelled)).toEqual([true]);
    expect(esc.status().problem).toBeUndefined();
  });
});
