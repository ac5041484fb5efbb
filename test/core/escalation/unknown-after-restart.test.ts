// A phone alert whose answer was lost (the webhook receiver stored the POST, its answer never came) may have reached
// the phone: it is not sent again — after a restart neither — and readiness says so (adv50 r5/r6: before, after a
// restart readiness said nothing, problem null, as if it had gone through). Said until the alarm is acknowledged or
// its block ends, as before the restart. The real escalator on a fake clock with a provider standing in for
// a webhook whose answers are lost.
import { describe, expect, it } from 'vitest';
import type { AlarmRecord, AlarmTarget } from '../../../electron/core/alarm/types';
import { AWAIT_ACK_MS, createEscalator } from '../../../electron/core/escalation/escalator';
import type { PhoneProvider } from '../../../electron/core/escalation/types';
import { FakeClock } from '../support/fake-clock';
import { MemoryFileStore } from '../support/memory-file-store';
import { MAIN_ACCOUNT_ID } from '../../../electron/shared/accounts';

const MIN = 60_000;
const T = Date.parse('2026-03-10T21:00:00Z');
const target: AlarmTarget = {
  key: `alarm:https://oncall.example.com:sch_ops:${new Date(T).toISOString()}`,
  accountId: MAIN_ACCOUNT_ID,
  atMs: T,
  startMs: T,
  endMs: T + 8 * 60 * MIN,
  scheduleId: 'sch_ops',
  scheduleName: 'Ops',
  scheduleZone: 'Europe/Berlin',
  fromNames: ['Bob'],
};
const MAY_NOT =
  /may or may not have reached your phone \((no answer in time|its answer was lost before a restart): outcome unknown\)/;

function rig() {
  const clock = new FakeClock(T - 10 * MIN);
  const files = new MemoryFileStore();
  const sends: number[] = [];
  const provider: PhoneProvider = {
    kind: 'webhook',
    channel: 'chAbCdEfGh12345678',
    // The receiver stores the POST; its answer is lost.
    send: () => {
      sends.push(clock.now());
      return Promise.resolve({ ok: false, error: 'no answer in time', unknown: true });
    },
  };
  const record: AlarmRecord = { startMs: T, endMs: target.endMs, rungAtMs: T };
  const start = () =>
    createEscalator(
      {
        clock,
        files,
        provider,
        afterMs: 3 * MIN,
        alarm: (key) => (key === target.key ? record : undefined),
        phoneAck: () => undefined,
      },
      () => ({ title: 'Shift start not acknowledged — Ops', body: 'Ops' }),
    );
  return { clock, sends, record, start };
}

describe('an alert whose answer was lost, after a restart', () => {
  it('is not sent again and is still said "may not have reached your phone" (failed before)', async () => {
    const r = rig();
    const first = await r.start();
    await first.setTargets([target]);
    await r.clock.advanceTo(T + 3 * MIN + 1_000);
    expect(r.sends).toEqual([T + 3 * MIN]);
    expect(first.status().problem).toMatch(MAY_NOT);
    await first.stop();

    // Restarted a minute later.
    await r.clock.advanceTo(T + 4 * MIN);
    const second = await r.start();
    await second.setTargets([target]);
    await r.clock.advanceTo(T + 10 * MIN);
    expect(r.sends).toEqual([T + 3 * MIN]);
    expect(second.status().problem).toMatch(MAY_NOT);

    // Acknowledged: nothing left to say.
    r.record.ackedAtMs = T + 10 * MIN;
    await second.acknowledged(target.key);
    expect(second.status().problem).toBeUndefined();
    await second.stop();
  });

  // Past its answer window too, while its alarm waits (adv50 r43 F3: one rule for every alert not known to have
  // reached the phone), and no longer once its block ends.
  it('is said while its alarm waits, past its answer window, and no longer after its block', async () => {
    const r = rig();
    const first = await r.start();
    await first.setTargets([target]);
    await r.clock.advanceTo(T + 3 * MIN + 1_000);
    await first.stop();
    const second = await r.start();
    await second.setTargets([target]);
    await r.clock.advanceTo(T + 3 * MIN + AWAIT_ACK_MS - MIN);
    expect(second.status().problem).toMatch(MAY_NOT);
    await r.clock.advanceTo(T + 3 * MIN + AWAIT_ACK_MS + 2 * MIN);
    expect(second.status().problem).toMatch(MAY_NOT);
    await r.clock.advanceTo(target.endMs + MIN);
    expect(second.status().problem).toBeUndefined();
    expect(r.sends).toHaveLength(1);
    await second.stop();
  });
});
