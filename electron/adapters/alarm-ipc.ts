// Main's answers to the alarm window and Settings → Phone: 'alarm:get' from the alarm windows, 'alarm:intent' and
// 'phone:intent' handed to the engine, and 'phone:link' (the subscribe link and its QR code name the topic, a secret:
// never in the state every window and the tray get, only given to the page that asks, Settings → Phone). The requests arrive
// checked (registerIpc safeParses each against the contract); an engine that refuses says why in words, and one that
// throws is an answer too, never a throw across IPC.
import type { AlarmIntent, AlarmShown, AlarmView } from '../shared/alarm-view';
import { shownAlarm } from '../shared/alarm-words';
import type { Failure } from '../shared/failure';
import type { FieldProblem } from '../core/engine/phone-checks';
import type { PhoneIntent, SubscribeLink } from '../shared/phone-intent';
import { qrMatrixOf } from '../core/escalation/subscribe-qr';

type Answer = { ok: true; message?: string } | { ok: false; message: string; problems?: FieldProblem[] };

/** The engine's side (core/engine): what it does with an intent, and the link it gives Settings → Phone. */
export interface AlarmIntents {
  alarmIntent(intent: AlarmIntent): Promise<Answer>;
  phoneIntent(intent: PhoneIntent): Promise<Answer>;
  phoneLink(): string | null;
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

/** The alarm's answer carries no words when it is done as asked (the window says what it did); words when it is done
 *  with a caveat (acknowledged, but not saved). */
const wordsIfAny = (answer: { ok: true; value: string } | Failure): { ok: true; value: string | null } | Failure =>
  answer.ok ? { ok: true, value: answer.value === '' ? null : answer.value } : answer;

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
    'alarm:intent': async (r: AlarmIntent) => wordsIfAny(await settled(() => engine.alarmIntent(r), 'the alarm', log)),
    // The engine's words come back on success too ("Your phone answered at 22:01: the round trip works.").
    'phone:intent': (r: PhoneIntent) => settled(() => engine.phoneIntent(r), 'Phone settings', log),
    'phone:link': async (): Promise<{ ok: true; value: SubscribeLink | null }> => {
      const url = engine.phoneLink();
      return { ok: true, value: url === null ? null : { url, qr: qrMatrixOf(url) } };
    },
  };
}
