// adv50 r35: a proxy on the `-ack` stream passes the app's probe lines but drops the phone's "ack <id>" lines; polls
// pass. The 09:00 alarm is not answered, the phone rings at 09:03. Tapped a few seconds before the app's next probe
// (published 09:30:01), the answer was never read: the stream delivered the probe, and the read beside the stream
// (`poll=1`) shared the stream's cursor, so it asked `since=<the probe's id>` and skipped the answer published just
// before it, for the rest of the shift ("not acknowledged", no readiness problem). The side read now keeps a cursor
// of its own. The control: tapped at 09:25, with no probe between the tap and the next side read.
// Real engine, simulator, fake clock, the loopback ntfy stand-in behind the proxy.
import { afterEach, describe, expect, it } from 'vitest';
import { alertsOn, closeStands, MIN, MY_START, TOPIC, phoneRig } from '../support/phone-engine-rig';
import { answerDroppingProxy, closeProxies } from './support/ack-dropping-proxy';

afterEach(async () => {
  await closeStands();
  await closeProxies();
});

const clockAt = (ms: number) => new Date(ms).toISOString().slice(11, 19);

describe('the read beside the answer stream never skips an answer the stream dropped', () => {
  for (const tapAt of [30 * MIN - 5_000, 25 * MIN])
    it(`hears "I'm on it" tapped at ${clockAt(MY_START + tapAt)} within 15 s`, async () => {
      const { h, s, engine } = await phoneRig();
      const proxy = await answerDroppingProxy(s.url);
      const settings = { provider: 'ntfy' as const, ntfyServer: proxy.url, afterMin: 3 };
      await engine.phoneIntent({ kind: 'save', settings, secrets: { ntfyTopic: TOPIC } });
      await h.clock.runWhileAdvancing(engine.alarmsSettled());
      await h.clock.advanceTo(MY_START + tapAt);
      const alert = alertsOn(s, TOPIC)[0]!;
      await s.tapAction(alert);
      const tapMs = h.clock.now();
      for (let waited = 0; waited < 15 * MIN && engine.getState().alarm?.ackSource !== 'phone'; waited += 5_000)
        await h.clock.advance(5_000);
      // The hostile case happened: the stream dropped this answer, and (the finding) a probe of the app's own was
      // published between the tap and the next read beside the stream.
      const answer = s.rang(`${TOPIC}-ack`).find((m) => m.message === `ack ${alert.sequenceId}`);
      expect(answer).toBeDefined();
      expect(proxy.dropped.some((l) => l.includes(`"ack ${alert.sequenceId}"`))).toBe(true);
      const probesAfter = s.rang(`${TOPIC}-ack`).filter((m) => !/^ack /.test(m.message) && m.postedMs > tapMs);
      if (tapAt === 30 * MIN - 5_000) expect(probesAfter[0]?.postedMs).toBeLessThan(tapMs + 10_000);
      const st = engine.getState().alarm;
      expect(st?.ackSource).toBe('phone');
      // The phone's time (the answer's server time, whole seconds), read within 15 s of the tap.
      expect(st?.ackedAt).toBe(new Date(Math.floor(answer!.postedMs / 1000) * 1000).toISOString());
      expect(h.clock.now() - tapMs).toBeLessThanOrEqual(15_000);
      await h.clock.runWhileAdvancing(engine.stop());
      await h.close();
    }, 120_000);
});
