// Main's answers to the alarm window and Settings → Phone: 'alarm:get' from the alarm windows, 'alarm:intent' and
// 'phone:intent' handed to the engine. The requests arrive checked (registerIpc safeParses each against the
// contract); an engine that refuses says why in words, and one that throws is an answer too, never a throw across IPC.
import type { AlarmIntent, AlarmView } from '../shared/alarm-view';
import type { Failure } from '../shared/failure';
import type { IntentAnswer, PhoneIntent } from '../shared/phone-intent';

/** The engine's side (core/engine): what it does with an intent. */
export interface AlarmIntents {
  alarmIntent(intent: AlarmIntent): Promise<IntentAnswer>;
  phoneIntent(intent: PhoneIntent): Promise<IntentAnswer>;
}

type Answer = { ok: true; value: null } | Failure;

async function settled(run: () => Promise<IntentAnswer>, what: string, log?: (m: string) => void): Promise<Answer> {
  try {
    const answer = await run();
    if (answer.ok) return { ok: true, value: null };
    return { ok: false, error: { kind: 'validation', message: answer.message } };
  } catch (error) {
    log?.(`${what} failed: ${error instanceof Error ? error.name : 'unknown error'}`);
    return {
      ok: false,
      error: { kind: 'internal', message: `Something went wrong in OnCall Tray (${what}). Try again.` },
    };
  }
}

export function alarmHandlers(
  engine: AlarmIntents,
  alarms: { current(): AlarmView | null },
  log?: (message: string) => void,
) {
  return {
    'alarm:get': async (): Promise<{ ok: true; value: AlarmView | null }> => ({ ok: true, value: alarms.current() }),
    'alarm:intent': (r: AlarmIntent) => settled(() => engine.alarmIntent(r), 'the alarm', log),
    'phone:intent': (r: PhoneIntent) => settled(() => engine.phoneIntent(r), 'Phone settings', log),
  };
}
