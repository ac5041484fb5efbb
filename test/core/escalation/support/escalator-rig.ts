// The phone-escalation rig the escalation tests share: the real alarm engine and escalator on a fake clock over a
// memory folder, one alarm target, a phone provider the test builds over its own (faulty) `send`, against the
// loopback ntfy/Pushover stand-in. Each test keeps its own faults and readings; what is opened here is closed after
// the test (test/support/closing.ts).
import { loadAlarmStore } from '../../../../electron/core/alarm/alarm-store';
import { createAlarmEngine } from '../../../../electron/core/alarm/engine';
import type { AlarmTarget } from '../../../../electron/core/alarm/types';
import { createEscalator, type EscalatorStatus } from '../../../../electron/core/escalation/escalator';
import type { HttpSend } from '../../../../electron/core/escalation/http';
import { createNtfy } from '../../../../electron/core/escalation/ntfy';
import { createPushover } from '../../../../electron/core/escalation/pushover';
import type { PhoneProvider } from '../../../../electron/core/escalation/types';
import { closeAfterTest } from '../../../support/closing';
import { startStandIn } from '../../../support/phone-standin';
import { IoClock } from '../../support/io-clock';
import { MemoryFileStore } from '../../support/memory-file-store';
import { MIN, TOPIC } from '../../support/alarm-phone-rig';

export { MIN, T, TOPIC, target as alarmTarget } from '../../support/alarm-phone-rig';

/** The clock (from `fromMs`) and the loopback phone services, closed after the test. */
export async function phoneServices(fromMs: number) {
  const clock = new IoClock(fromMs);
  const s = closeAfterTest(await startStandIn(() => clock.now()));
  return { clock, s };
}

/** A request whose answer never comes: the caller's timeout fires on the fake clock. */
export async function timeoutAfter(clock: IoClock, ms: number): Promise<never> {
  await new Promise<void>((resolve) => clock.setTimer(ms, resolve));
  throw Object.assign(new Error('timeout'), { name: 'TimeoutError' });
}

/** ntfy (on TOPIC) or Pushover at the stand-in, sending through `send`. */
export function phoneProvider(kind: 'ntfy' | 'pushover', url: string, clock: IoClock, send: HttpSend): PhoneProvider {
  return kind === 'ntfy'
    ? createNtfy({ server: url, topic: TOPIC, clock, send })
    : createPushover({ appToken: 'a'.repeat(30), userKey: 'u'.repeat(30), clock, send, api: url });
}

/** The alarm engine and an escalator after 3 min for `target`, both given the target (the escalator's not awaited:
 *  while a send fails its tries wait on the fake clock). `make` builds another escalator on the same folder (a
 *  restart); `late.esc` is the one the engine's acknowledgements go to and that is stopped after the test. */
export async function alarmEscalation(o: {
  clock: IoClock;
  provider: PhoneProvider;
  target: AlarmTarget;
  changed?: (status: EscalatorStatus) => void;
}) {
  const { clock, provider, target } = o;
  const files = new MemoryFileStore();
  const store = await loadAlarmStore(files, () => clock.now());
  const late: { esc?: Awaited<ReturnType<typeof createEscalator>> } = {};
  const engine = createAlarmEngine({
    clock,
    store,
    ring: () => undefined,
    // Not tracked: it queues behind a send whose repeat waits on the fake clock.
    acknowledged: (t) => void late.esc?.acknowledged(t.key),
  });
  const make = () =>
    createEscalator(
      {
        clock,
        files,
        provider,
        afterMs: 3 * MIN,
        alarm: (key) => store.get(key),
        phoneAck: (key) => void clock.inFlight.track(engine.ack(key, 'phone')),
        ...(o.changed ? { changed: o.changed } : {}),
      },
      () => ({ title: 'Shift start not acknowledged — Ops', body: 'Your shift started 3 min ago.' }),
    );
  const esc = await make();
  late.esc = esc;
  engine.setTargets([target]);
  void esc.setTargets([target]);
  closeAfterTest({
    async close() {
      engine.stop();
      await late.esc?.stop();
    },
  });
  return { files, store, engine, esc, make, late };
}
