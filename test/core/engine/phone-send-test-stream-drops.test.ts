// adv50 r35: Settings → Phone's "Send test" waits on the path an alarm's answer takes, the answer stream. Behind a
// proxy that passes the stream's open, keepalive and probe lines but drops the phone's "ack <id>" lines, the phone's
// tap was never heard and the test said "check the subscription on your phone" after 120 s, though the phone had
// answered and the server had saved it. Now a stream live to the end that heard nothing is checked by one read of
// the saved answers, and the test names what the app saw. The control: nobody taps, the words are as before.
// Real engine, simulator, fake clock, the loopback ntfy stand-in behind the proxy.
import { afterEach, describe, expect, it } from 'vitest';
import type { PhoneResult } from '../../../electron/shared/phone-intent';
import { closeStands, phoneRig, TOPIC } from '../support/phone-engine-rig';
import { answerDroppingProxy, closeProxies } from '../escalation/support/ack-dropping-proxy';

afterEach(async () => {
  await closeStands();
  await closeProxies();
});

/** Real time for bytes on the loopback sockets (the stream's lines are no tracked request). */
const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

async function testBehindProxy(tap: boolean) {
  const { h, s, engine } = await phoneRig();
  const proxy = await answerDroppingProxy(s.url);
  const settings = { provider: 'ntfy' as const, ntfyServer: proxy.url, afterMin: 3 };
  await engine.phoneIntent({ kind: 'save', settings, secrets: { ntfyTopic: TOPIC } });
  await h.clock.runWhileAdvancing(engine.alarmsSettled());
  let answer: PhoneResult | undefined;
  void engine.phoneIntent({ kind: 'send-test' }).then((a) => (answer = a));
  // ntfy's keepalive every 45 s (docs/config.md `keepalive-interval`) keeps the stream live, as on a real server.
  let lastKeepMs = h.clock.now();
  const step = async () => {
    await h.clock.advance(1_000);
    await tick();
    if (h.clock.now() - lastKeepMs < 45_000) return;
    s.streams.keepalive(h.clock.now());
    lastKeepMs = h.clock.now();
  };
  // The stream opens and is probed; then the phone answers.
  for (let i = 0; i < 15; i++) await step();
  const sent = s.rang(TOPIC).filter((m) => m.title === 'Test from OnCall Tray');
  expect(sent).toHaveLength(1);
  if (tap) await s.tapAction(sent[0]!);
  for (let i = 0; i < 200 && answer === undefined; i++) await step();
  const lastTest = engine.getState().phone?.lastTest;
  await h.clock.runWhileAdvancing(engine.stop());
  await h.close();
  return { answer, proxy, saved: s.rang(`${TOPIC}-ack`), id: sent[0]!.sequenceId, lastTest };
}

describe('Send test behind a proxy that drops the phone’s answers from the stream', () => {
  it('names what the app saw when the phone answered and the stream lost it', async () => {
    const { answer, proxy, saved, id, lastTest } = await testBehindProxy(true);
    // The hostile case happened: the server saved the answer and the proxy kept it from the stream.
    expect(saved.some((m) => m.message === `ack ${id}`)).toBe(true);
    expect(proxy.dropped.some((l) => l.includes(`"ack ${id}"`))).toBe(true);
    expect(answer).toEqual({
      ok: false,
      message:
        'Your phone answered, but its “I’m on it” never came over the app’s live subscription to the answers, though the server had saved it: a proxy or server on the way may be dropping the phone’s answers. An alarm’s answer is also read from the saved ones for the hour after your phone rings; after that it may be heard late or not at all.',
    });
    // Not counted as a round trip proven: the path an alarm's late answer takes loses it.
    expect(lastTest ?? null).toBeNull();
  }, 60_000);

  it('keeps the old words when nobody answered', async () => {
    const { answer, saved } = await testBehindProxy(false);
    expect(saved.filter((m) => /^ack /.test(m.message))).toEqual([]);
    expect(answer).toEqual({
      ok: false,
      message: 'The test was sent, but no “I’m on it” came back in time: check the subscription on your phone.',
    });
  }, 60_000);
});
