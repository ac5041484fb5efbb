// Settings → Phone's "Send test" (issue 50): sends a test alert and waits (bounded) for the phone's "I'm on it", so
// the round trip is proven. A webhook can't answer: its test only says it was taken.
import type { PhoneResult } from '../../shared/phone-intent';
import { formatTime } from '../../shared/format';
import { redactAnswer } from '../escalation/secret';
import type { PhoneProvider } from '../escalation/types';
import type { Clock } from '../ports';

/** "Send test" waits this long for the phone's "I'm on it". */
export const PHONE_TEST_WAIT_MS = 120_000;
const TEST_POLL_MS = 2_000;

export interface SendTestWiring {
  clock: Clock;
  localZone: () => string;
  testWaitMs?: number | undefined;
}

export interface SendTestRun {
  /** Every secret, to redact from what the server answered. */
  secrets: () => string[];
  stopped: () => boolean;
  /** The phone answered (or a webhook took it) at this time. */
  tested: (atMs: number) => void;
  /** The service refused the test for good (a 4xx), with its reason (redacted). */
  refused?: (why: string) => void;
}

export async function sendTest(
  o: SendTestWiring,
  provider: PhoneProvider | undefined,
  run: SendTestRun,
): Promise<PhoneResult> {
  if (!provider) return { ok: false, message: 'Phone escalation is not set up: choose a service and its keys first.' };
  const sentAtMs = o.clock.now();
  const id = `octest${sentAtMs.toString(36)}`;
  // Only a channel with a way back is asked for its "I'm on it" (a webhook has none: adv50 r10 #2).
  const body = provider.pollAcks
    ? 'Tap “I’m on it” so the app knows your phone rings and answers.'
    : 'This is a test from OnCall Tray; no answer is expected.';
  const sent = await provider.send({ id, title: 'Test from OnCall Tray', body, test: true });
  if (!sent.ok) {
    const why = redactAnswer(sent.error, run.secrets());
    // Refused for good (a bad token or key): proof now that the phone won't be reached, said by readiness at once.
    if (sent.refused) run.refused?.(why);
    return { ok: false, message: `The test could not be sent: ${why}.` };
  }
  if (!provider.pollAcks) {
    run.tested(o.clock.now());
    return { ok: true, message: 'Sent. A webhook cannot answer back: check that it arrived.' };
  }
  const handles = new Map(sent.value === null ? [] : [[id, sent.value]]);
  const untilMs = o.clock.now() + (o.testWaitMs ?? PHONE_TEST_WAIT_MS);
  while (o.clock.now() < untilMs && !run.stopped()) {
    await new Promise<void>((resolve) => o.clock.setTimer(TEST_POLL_MS, resolve));
    const answer = await provider.pollAcks({ sinceMs: sentAtMs, handles });
    if (answer.ok && answer.value.some((a) => a.id === id)) {
      const atMs = o.clock.now();
      run.tested(atMs);
      return { ok: true, message: testAnswered(atMs, o.localZone()) };
    }
  }
  return {
    ok: false,
    message: 'The test was sent, but no “I’m on it” came back in time: check the subscription on your phone.',
  };
}

/** Settings → Phone's answer to a test that came back. */
export const testAnswered = (atMs: number, localZone: string): string =>
  `Your phone answered at ${formatTime(atMs, { localZone })}: the round trip works.`;
