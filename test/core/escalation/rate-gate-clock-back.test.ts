// A phone server's Retry-After wait is a duration asked from an instant (adv52 r25 #1): one taken while the wall clock
// was a year ahead must not hold the phone off for a year once the clock is put back. Checked at every use, not only
// when phone-waits.json is read at start. Webhook provider + the real gate store, fake clock. Failed before: after
// the clock went back no request was sent, waitingUntilMs said 2027 and the file kept the 2027 wait.
import { describe, expect, it } from 'vitest';
import { createRateGates, RATE_WAITS_FILE } from '../../../electron/core/escalation/rate-gate-store';
import { createWebhook } from '../../../electron/core/escalation/webhook';
import type { HttpRequest, HttpResponse } from '../../../electron/core/escalation/http';
import type { PhoneAlert } from '../../../electron/core/escalation/types';
import { FakeClock } from '../support/fake-clock';
import { MemoryFileStore } from '../support/memory-file-store';

const TRUE_NOW = Date.parse('2026-03-10T06:00:00Z');
const YEAR = 365 * 24 * 3600_000;
const ASKED_S = 60;
const alert = (id: string): PhoneAlert => ({ id, title: 't', body: 'b' });

async function aheadThenBack() {
  const files = new MemoryFileStore();
  const clock = new FakeClock(TRUE_NOW + YEAR);
  const gates = createRateGates(files, clock);
  await gates.load(() => undefined, undefined);
  const sent: HttpRequest[] = [];
  let answer: HttpResponse = { status: 429, text: '', retryAfter: String(ASKED_S) };
  const send = (req: HttpRequest) => (sent.push(req), Promise.resolve(answer));
  const hook = createWebhook({ url: 'https://hooks.example.test/x', clock, send, gateFor: gates.gateFor });
  const first = await hook.send(alert('a1'));
  expect(first.ok).toBe(false);
  await gates.settled();
  clock.stepWall(-YEAR);
  answer = { status: 200, text: 'ok' };
  return { files, clock, gates, hook, sent };
}

describe('a 429 wait taken while the clock was a year ahead, after the clock is put back', () => {
  it('waits the asked duration from now, no more, and says that instant', async () => {
    const { clock, hook, sent } = await aheadThenBack();
    const nowMs = clock.now();
    expect(hook.waitingUntilMs?.()).toBe(nowMs + ASKED_S * 1000);
    const before = sent.length;
    await clock.advance(ASKED_S * 1000 + 1_000);
    const second = await hook.send(alert('a2'));
    expect(second.ok).toBe(true);
    expect(sent.length - before).toBe(1);
  });

  it('is no longer kept on disk as the year-ahead instant', async () => {
    const { files, clock, gates, hook } = await aheadThenBack();
    hook.waitingUntilMs?.();
    await gates.settled();
    const saved = JSON.parse((await files.read(RATE_WAITS_FILE)) ?? '{}') as { waits?: Record<string, number> };
    const latest = Math.max(...Object.values(saved.waits ?? {}), 0);
    expect(latest).toBeLessThanOrEqual(clock.now() + ASKED_S * 1000);
  });

  it('a wait read back from the file while the clock was ahead is dropped once it lies more than 1 h ahead', async () => {
    const files = new MemoryFileStore();
    const clock = new FakeClock(TRUE_NOW + YEAR);
    const gates = createRateGates(files, clock);
    await gates.load(() => undefined, undefined);
    const hook = createWebhook({
      url: 'https://hooks.example.test/x',
      clock,
      send: () => Promise.resolve({ status: 429, text: '', retryAfter: '600' }),
      gateFor: gates.gateFor,
    });
    await hook.send(alert('a1'));
    await gates.settled();
    // A restart while the clock is still ahead: the wait is read back (kept, no instant it was asked).
    const again = createRateGates(files, clock);
    await again.load(() => undefined, undefined);
    clock.stepWall(-YEAR);
    const sent: HttpRequest[] = [];
    const send = (req: HttpRequest) => (sent.push(req), Promise.resolve({ status: 200, text: 'ok' }));
    const next = createWebhook({ url: 'https://hooks.example.test/x', clock, send, gateFor: again.gateFor });
    expect(next.waitingUntilMs?.()).toBeUndefined();
    expect((await next.send(alert('a2'))).ok).toBe(true);
    expect(sent).toHaveLength(1);
  });
});
