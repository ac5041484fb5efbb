// adv50 round 28 #3: the answer stream's connection reset (ECONNRESET: a Wi-Fi roam, a NAT timeout) a few times over an
// unanswered alarm, each after it had run fine for 10+ minutes. Then the phone's "I'm on it" is tapped just after the
// latest reset. Real alarm engine + escalator on a fake clock, real HTTP to the loopback ntfy stand-in, keepalives
// every 45 s as ntfy sends them.
import { describe, expect, it } from 'vitest';
import { fetchSend, type HttpSend } from '../../../electron/core/escalation/http';
import { fetchStream, type HttpStream } from '../../../electron/core/escalation/http-stream';
import { createNtfy } from '../../../electron/core/escalation/ntfy';
import { trackedStream } from './support/tracked-stream';
import { alarmEscalation, alarmTarget, MIN, phoneServices, T, TOPIC } from './support/escalator-rig';

const HOUR = 60 * MIN;
async function until(ok: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!ok()) throw new Error(`never: ${what}`);
}

describe('the answer stream reset now and then after running fine (adv50 r28 #3)', () => {
  it('after 4 resets spread over an hour, a tap after the 5th counts within 15 s', async () => {
    const { clock, s } = await phoneServices(T - HOUR);
    const send: HttpSend = (req, timeoutMs) => clock.inFlight.track(fetchSend(req, timeoutMs));
    let reset: (() => void) | undefined;
    const opens: number[] = [];
    const stream: HttpStream = trackedStream(clock, (req, onText, signal) => {
      opens.push(clock.now());
      const inner = new AbortController();
      signal.addEventListener('abort', () => inner.abort(), { once: true });
      let wasReset = false;
      reset = () => ((wasReset = true), inner.abort());
      return fetchStream(req, onText, inner.signal).catch((e: unknown) => {
        if (wasReset && !signal.aborted) throw new TypeError('terminated', { cause: { code: 'ECONNRESET' } });
        throw e;
      });
    });
    const provider = createNtfy({ server: s.url, topic: TOPIC, clock, send, stream });
    const target = alarmTarget(T);
    const problems: (string | undefined)[] = [];
    const h = await alarmEscalation({ clock, provider, target, changed: (st) => problems.push(st.problem) });
    const beat = () => clock.setTimer(45_000, () => (s.streams.keepalive(clock.now()), beat()));
    beat();
    for (const atMin of [15, 30, 45, 60, 75]) {
      await clock.advanceTo(T + atMin * MIN);
      await until(() => s.streams.count() === 1, `open at ${atMin}`);
      reset?.();
      await until(() => s.streams.count() === 0, 'reset');
    }
    const tapMs = clock.now();
    const [alert] = s.rang(TOPIC);
    if (!alert) throw new Error('the phone did not ring');
    await clock.inFlight.track(s.tapAction(alert));
    while (h.store.get(target.key)?.ackedAtMs === undefined && clock.now() < tapMs + 10 * MIN) {
      await clock.advance(1_000);
      await new Promise((r) => setTimeout(r, 10));
    }
    const took = (clock.now() - tapMs) / 1000;
    console.log(
      'stream opens (min after T):',
      opens.map((o) => ((o - T) / MIN).toFixed(2)),
    );
    console.log('problems said:', JSON.stringify([...new Set(problems.filter(Boolean))]));
    console.log('tap at T+75 min reached the app after', took, 's');
    expect(took).toBeLessThanOrEqual(15);
  }, 120_000);
});
