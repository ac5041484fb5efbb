// The alarm notification's buttons reaching the engine: on Windows a toast's button (or body) activates the app with
// its argument (`oncall-alarm:<action>:<id>`, os-notification.ts), which a running app hears as a second instance's
// command line; on macOS Electron's Notification reports the button's index. Both become the engine's alarm intent
// from the notification ("I'm on it" acknowledges, "Snooze 5 min", "Can't — find cover"); a click on the body only
// shows what is ringing. Plain Node: the engine is passed in.
import type { AlarmIntent } from '../shared/alarm-view';
import { ALARM_ACTIONS, parseAlarmActionArgument, type AlarmActivation } from './os-notification';

export interface AlarmActionTarget {
  alarmIntent(intent: AlarmIntent, from?: 'window' | 'tray' | 'notification'): Promise<unknown>;
}

/** The intent an activation asks for; undefined for a click on the body ("open"). */
export function intentOf(action: AlarmActivation, key: string): AlarmIntent | undefined {
  if (action === 'ack') return { kind: 'ack', key };
  if (action === 'snooze') return { kind: 'snooze', key };
  if (action === 'cover') return { kind: 'find-cover', key };
  return undefined;
}

/** A command line (a second launch, or the first with the toast's argument): true when it carried an alarm action. */
export function alarmFromArgv(argv: readonly string[], engine: AlarmActionTarget): boolean {
  const found = argv.map(parseAlarmActionArgument).find((a) => a !== undefined);
  if (!found) return false;
  const intent = intentOf(found.action, found.id);
  if (intent) void engine.alarmIntent(intent, 'notification');
  return true;
}

/** macOS: the button at `index` of an alarm notification `id`. */
export function alarmFromButton(id: string, index: number, engine: AlarmActionTarget): void {
  const action = ALARM_ACTIONS[index]?.id;
  const intent = action ? intentOf(action, id) : undefined;
  if (intent) void engine.alarmIntent(intent, 'notification');
}

/** The part of Electron's app this listens on (a second launch's command line). */
export interface SecondInstanceSource {
  on(event: 'second-instance', listener: (event: unknown, argv: unknown) => void): unknown;
  removeListener(event: 'second-instance', listener: (event: unknown, argv: unknown) => void): unknown;
}

/** Hands the toast activations to the engine: the launch's own command line now, a second launch's as it comes.
 *  Returns the function that stops listening. */
export function wireAlarmActivations(app: SecondInstanceSource, argv: readonly string[], engine: AlarmActionTarget) {
  alarmFromArgv(argv, engine);
  // What the OS hands over is checked, not trusted: a launch may carry no command line at all.
  const listener = (_event: unknown, next: unknown): void =>
    void alarmFromArgv(Array.isArray(next) ? next.filter((a) => typeof a === 'string') : [], engine);
  app.on('second-instance', listener);
  return () => void app.removeListener('second-instance', listener);
}
