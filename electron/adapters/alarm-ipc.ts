// Main's answers to the alarm window and Settings → Phone: 'alarm:get' from the alarm windows, 'alarm:intent' and
// 'phone:intent' handed to the engine, 'phone:words' (what Settings → Phone says of the state's phone status, in
// main's words: shared/phone-words.ts), and 'phone:link' (the subscribe link and its QR code name the topic, a secret:
// never in the state every window and the tray get, only given to the page that asks, Settings → Phone). The requests arrive
// checked (registerIpc safeParses each against the contract); an engine that refuses says why in words, and one that
// throws is an answer too, never a throw across IPC.
import type { AlarmIntent, AlarmShown, AlarmView } from '../shared/alarm-view';
import { shownAlarm } from '../shared/alarm-words';
import type { Failure } from '../shared/failure';
import type { FieldProblem } from '../core/engine/phone-checks';
import type { PhoneIntent, PhoneStatus, SubscribeLink } from '../shared/phone-intent';
import { phoneWords, type PhoneWords, type PhoneWordsRequest } from '../shared/phone-words';
import { DISPLAY_LOCALE } from '../shared/format';
import { qrMatrixOf } from '../core/escalation/subscribe-qr';

type Answer = { ok: true; message?: string } | { ok: false; message: string; problems?: FieldProblem[] };

/** The engine's side (core/engine): what it does with an intent, and the link it gives Settings → Phone. */
export interface AlarmIntents {
  alarmIntent(intent: AlarmIntent): Promise<Answer>;
  phoneIntent(intent: PhoneIntent): Promise<Answer>;
  phoneLink(): string | null;
  /** The state every window gets: its phone status is what Settings → Phone's lines say. */
  getState(): { phone?: PhoneStatus | undefined };
}

async function settled(run: () => Promise<Answer>, what: string, log?: (m: string) => void) {
  try {
    const answer = await run();
    if (answer.ok) return { ok: true as const, value: answer.message ?? '' };
    const { message, problems } = answer;
    return { ok: false as const, error: { kind: 'validation' as const, message, ...(problems ? { problems } : {}) } };
  } catch (error) {
    log?.(`${what} failed: ${error instanceof Error ? error.name : 'unknown error'}`);
    const message = `Something went wrong in OnCall Tray (${what}). Try again.`;
    return { ok: false as const, error: { kind: 'internal' as const, message } };
  }
}

/** What the alarm window (or Settings → Phone, for "Test the alarm") says once an answer is done, or before why it is
 *  not: main's words, so the forms chunk (issue 49's size ceiling) carries none of its own. */
const DONE = {
  ack: 'Acknowledged.',
  snooze: 'Snoozed for 5 min.',
  'find-cover': 'Opening Ask for cover…',
  test: 'The alarm rings for 5 s.',
};
const NOT_DONE = { ack: 'Not acknowledged', snooze: 'Not snoozed', 'find-cover': 'Could not open Ask for cover' };

/** The answer in words: the engine's caveat whole ("acknowledged, but not saved"), else what was done; a refusal or a
 *  throw after what was not done (a test's as the engine said it: Settings → Phone shows it under its button). */
function alarmWords(kind: AlarmIntent['kind'], answer: { ok: true; value: string } | Failure) {
  if (answer.ok) return { ok: true as const, value: answer.value === '' ? DONE[kind] : answer.value };
  if (kind === 'test') return answer;
  return { ok: false as const, error: { ...answer.error, message: `${NOT_DONE[kind]}: ${answer.error.message}` } };
}

export function alarmHandlers(
  engine: AlarmIntents,
  alarms: { current(): AlarmView | null; now?: () => number },
  log?: (message: string) => void,
) {
  return {
    // Worded now, as it is sent (the window has no wording of its own), by the alarm windows' clock.
    'alarm:get': async (): Promise<{ ok: true; value: AlarmShown | null }> => {
      const view = alarms.current();
      return { ok: true, value: view && shownAlarm(view, alarms.now?.() ?? Date.now()) };
    },
    'alarm:intent': async (r: AlarmIntent) =>
      alarmWords(r.kind, await settled(() => engine.alarmIntent(r), 'the alarm', log)),
    // The engine's words come back on success too ("Your phone answered at 22:01: the round trip works.").
    'phone:intent': (r: PhoneIntent) => settled(() => engine.phoneIntent(r), 'Phone settings', log),
    // Worded now, by the same clock as the alarm windows', in the zone the page formats in.
    'phone:words': async (r: PhoneWordsRequest): Promise<{ ok: true; value: PhoneWords }> => {
      const ctx = { nowMs: alarms.now?.() ?? Date.now(), locale: DISPLAY_LOCALE, localZone: r.localZone };
      return { ok: true, value: phoneWords(engine.getState().phone, ctx) };
    },
    'phone:link': async (): Promise<{ ok: true; value: SubscribeLink | null }> => {
      const url = engine.phoneLink();
      return { ok: true, value: url === null ? null : { url, qr: qrMatrixOf(url) } };
    },
  };
}
