// "I'm on it" tapped on the alert already delivered on the old ntfy topic after Settings → Phone moved to another
// topic or server (issue 50, adv50 round 13 #1): the real engine, the simulator, a fake clock and the loopback ntfy
// stand-in. Failed before: the app stopped reading the old topic's `-ack` at the save, so the only alert the phone
// got could not settle the alarm, which stayed "not acknowledged". Now the old channel's `-ack` is read (with its
// own server and topic) until every alert delivered there is acknowledged, settled or its answer window ends.
import { afterEach, describe, expect, it } from 'vitest';
import { SECRET_ACCOUNTS } from '../../../electron/core/escalation/types';
import { RETIRED_ACCOUNT } from '../../../electron/core/engine/phone-channels';
import { alertsOn, closeStands, HOUR, MIN, MY_START, startStand, TOPIC, withNtfy } from '../support/phone-engine-rig';

afterEach(closeStands);

describe('phone escalation: the alert delivered on the topic used before still settles the alarm', () => {
  it('New topic after delivery: the tap on the old topic acknowledges the alarm, source phone, once', async () => {
    const { h, s, engine } = await withNtfy();
    await h.clock.advanceTo(MY_START + 3 * MIN + 30_000);
    const alert = alertsOn(s, TOPIC)[0];
    expect(alert?.deliverMs).toBe(MY_START + 3 * MIN);
    await h.clock.advanceTo(MY_START + 4 * MIN);
    await engine.phoneIntent({ kind: 'new-topic' });
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    const topic2 = h.secrets.entries.get(SECRET_ACCOUNTS.ntfyTopic) ?? '';
    expect(topic2).not.toBe(TOPIC);
    await h.clock.advanceTo(MY_START + 5 * MIN);
    await s.tapAction(alert!);
    await h.clock.advance(MIN);
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    expect(engine.getState().alarm).toMatchObject({
      ringing: false,
      ackedAt: new Date(MY_START + 5 * MIN).toISOString(),
      ackSource: 'phone',
    });
    // Read no more once answered: no look at the old -ack after the next minute.
    await h.clock.advance(10 * MIN);
    const lastOld = s.requests.filter((q) => q.path.startsWith(`/${TOPIC}-ack`)).at(-1);
    expect(lastOld).toBeDefined();
    await h.clock.advanceTo(MY_START + HOUR);
    expect(s.requests.filter((q) => q.path.startsWith(`/${TOPIC}-ack`)).at(-1)).toBe(lastOld);
    expect(alertsOn(s, TOPIC)).toHaveLength(1);
  }, 30_000);

  it('another server after delivery: the old server’s -ack is read with its own keys', async () => {
    const { h, s, engine } = await withNtfy();
    await h.clock.advanceTo(MY_START + 4 * MIN);
    const alert = alertsOn(s, TOPIC)[0];
    expect(alert?.deliverMs).toBe(MY_START + 3 * MIN);
    const s2 = await startStand(h);
    await engine.phoneIntent({ kind: 'save', settings: { provider: 'ntfy', ntfyServer: s2.url, afterMin: 3 } });
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    await h.clock.advanceTo(MY_START + 7 * MIN);
    await s.tapAction(alert!);
    await h.clock.advance(MIN);
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    expect(engine.getState().alarm).toMatchObject({
      ringing: false,
      ackedAt: new Date(MY_START + 7 * MIN).toISOString(),
      ackSource: 'phone',
    });
    // Answered: the old server is not read any more, and its alert rang once.
    const reads = s.requests.length;
    await h.clock.advance(10 * MIN);
    expect(s.requests.slice(reads).filter((q) => q.path.startsWith(`/${TOPIC}-ack`))).toEqual([]);
    expect(alertsOn(s, TOPIC)).toHaveLength(1);
  }, 30_000);

  it('Off after delivery: the tap is still read; the old keys are let go once it is', async () => {
    const { h, s, engine } = await withNtfy();
    await h.clock.advanceTo(MY_START + 4 * MIN);
    const alert = alertsOn(s, TOPIC)[0];
    expect(alert?.deliverMs).toBe(MY_START + 3 * MIN);
    await engine.phoneIntent({ kind: 'save', settings: { provider: 'off', ntfyServer: s.url, afterMin: 3 } });
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    await h.clock.advanceTo(MY_START + 6 * MIN);
    await s.tapAction(alert!);
    await h.clock.advance(MIN);
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    expect(engine.getState().alarm).toMatchObject({
      ackedAt: new Date(MY_START + 6 * MIN).toISOString(),
      ackSource: 'phone',
    });
    await h.clock.advance(2 * MIN);
    expect(h.secrets.entries.has(RETIRED_ACCOUNT)).toBe(false);
  }, 30_000);
});
