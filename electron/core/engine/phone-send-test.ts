// Settings → Phone's "Send test" (issue 50): sends a test alert and waits (bounded) for the phone's "I'm on it", so
// the round trip is proven. A webhook can't answer: its test only says it was taken.
import type { PhoneResult } from '../../shared/phone-intent';
import { formatTime } from '../../shared/day-word';
import { redactAnswer } from '../escalation/secret';
import type { Outcome, PhoneProvider } from '../escalation/types';
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
    // The server's reason may end its own sentence: one full stop, never two.
    const end = /[.!?]$/.test(why) ? '' : '.';
    // No answer in time (a slow webhook, a 504): it may have landed, never said "could not be sent" (adv50 r25 #2).
    if (sent.unknown)
      return { ok: false, message: `The test may have been sent (outcome unknown): ${why}${end} ${MAYBE}` };
    return { ok: false, message: `The test could not be sent: ${why}${end}` };
  }
  if (!provider.pollAcks) {
    run.tested(o.clock.now());
    return { ok: true, message: 'Sent. A webhook cannot answer back: check that it arrived.' };
  }
  const handles = new Map(sent.value === null ? [] : [[id, sent.value]]);
  const untilMs = o.clock.now() + (o.testWaitMs ?? PHONE_TEST_WAIT_MS);
  const polled = async () => {
    const answer = await provider.pollAcks?.({ sinceMs: sentAtMs, handles });
    return answer?.ok === true && answer.value.some((a) => a.id === id);
  };
  const answered = async () => ((await polled()) ? said(o, run, o.clock.now()) : undefined);
  const heardAtMs = await heardOnAlarmPath(o, provider, { id, sinceMs: sentAtMs, untilMs, answered: polled }, run);
  if (heardAtMs === 'lost') return { ok: false, message: STREAM_LOST };
  if (heardAtMs !== undefined) return said(o, run, heardAtMs);
  if (provider.repeatsMs === undefined) return { ok: false, message: NO_ANSWER };
  // Pushover's emergency rings on (every minute, for half an hour) after the app stops waiting (adv50 r19 #2): it
  // is stopped; an "I'm on it" given before the stop still counts (read once more after it).
  const stopped = await provider.cancel?.(id, handles.get(id));
  return (await answered()) ?? { ok: false, message: pushoverNoAnswer(o, sentAtMs + provider.repeatsMs, stopped, run) };
}

function said(o: SendTestWiring, run: SendTestRun, atMs: number): PhoneResult {
  run.tested(atMs);
  return { ok: true, message: testAnswered(atMs, o.localZone()) };
}

/** Waits for the test's answer on the path a real alarm's answer takes (adv50 r28 #1: the test polled while alarms
 *  streamed, so a proxy that holds streams passed the test): the answer stream where the provider streams, polled
 *  only while the stream isn't live, and instead of it where streaming doesn't work here, as an alarm is. A stream
 *  live to the end that heard nothing is checked by one read of the server's saved answers: `lost` when it holds
 *  the answer the stream never delivered (adv50 r35: a path that drops the phone's lines, not the phone's fault). */
async function heardOnAlarmPath(
  o: SendTestWiring,
  provider: PhoneProvider,
  q: { id: string; sinceMs: number; untilMs: number; answered: () => Promise<boolean> },
  run: SendTestRun,
): Promise<number | 'lost' | undefined> {
  let heardAtMs: number | undefined;
  const stream = provider.streamAcks?.({
    sinceMs: q.sinceMs,
    onAcks: (acks) => {
      if (acks.some((a) => a.id === q.id)) heardAtMs ??= o.clock.now();
    },
    // A failure or a refusal: the stream isn't live, so the poll below reads, as an alarm's would.
    onProblem: () => undefined,
    onRefused: () => undefined,
    onGap: () => undefined,
  });
  try {
    while (heardAtMs === undefined && o.clock.now() < q.untilMs && !run.stopped()) {
      await new Promise<void>((resolve) => o.clock.setTimer(TEST_POLL_MS, resolve));
      if (heardAtMs === undefined && !stream?.live() && (await q.answered())) heardAtMs = o.clock.now();
    }
    if (heardAtMs === undefined && stream?.live() && !run.stopped() && (await q.answered())) return 'lost';
  } finally {
    stream?.close();
  }
  return heardAtMs;
}

const MAYBE = 'It was not sent again, so as not to ring twice: check whether it arrived before sending another.';
const STREAM_LOST =
  'Your phone answered, but its “I’m on it” never came over the app’s live subscription to the answers, though the server had saved it: a proxy or server on the way may be dropping the phone’s answers. An alarm’s answer is also read from the saved ones for the hour after your phone rings; after that it may be heard late or not at all.';
const NO_ANSWER = 'The test was sent, but no “I’m on it” came back in time: check the subscription on your phone.';
const PUSHOVER_CHECK =
  'Check that the Pushover app on your phone is signed in with this user key, that the device is enabled, and that the app token is right.';

/** A Pushover test nobody answered: whether its emergency was stopped (else until when it may ring), and what to
 *  check in Pushover's own terms (it has no subscription). */
function pushoverNoAnswer(o: SendTestWiring, ringsUntilMs: number, stopped: Outcome | undefined, run: SendTestRun) {
  const head = 'The test was sent, but no “I’m on it” came back in time';
  if (stopped?.ok) return `${head}; the app stopped the test alert on Pushover. ${PUSHOVER_CHECK}`;
  const why = stopped ? ` (${redactAnswer(stopped.error, run.secrets())})` : '';
  const until = formatTime(ringsUntilMs, { localZone: o.localZone() });
  return `${head}, and the app could not confirm the test alert stopped on Pushover${why}: your phone may ring with it until ${until}. ${PUSHOVER_CHECK}`;
}

/** Settings → Phone's answer to a test that came back. */
export const testAnswered = (atMs: number, localZone: string): string =>
  `Your phone answered at ${formatTime(atMs, { localZone })}: the round trip works.`;
