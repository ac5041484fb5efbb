// The alarm window's side of the bridge: what it rings for, read and pushed, checked as the state is. Apart from
// bridge.ts so the popover's first load does not carry it: only the alarm window (in the forms chunk) needs it.
import type { AlarmView } from '../../../electron/shared/alarm-view';
import { failureOf as failure, type Failure } from '../../../electron/shared/failure';
import { invoke, onPush } from './bridge';

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** The alarm window's alarm as pushed (main sends AlarmView; a page checks what it reads, as for the state). */
export function isAlarmView(raw: unknown): raw is AlarmView {
  if (typeof raw !== 'object' || raw === null) return false;
  const texts = ['key', 'accountName', 'scheduleName', 'startUtc', 'endUtc', 'scheduleZone'];
  const flags = ['endKnown', 'late', 'again', 'test'];
  return (
    texts.every((k) => typeof Reflect.get(raw, k) === 'string') &&
    flags.every((k) => typeof Reflect.get(raw, k) === 'boolean') &&
    isStrings(Reflect.get(raw, 'handoverFrom'))
  );
}

/** What the alarm window rings for now: the alarm, null (it is over), or a failure. */
export async function loadAlarm(): Promise<AlarmView | null | Failure> {
  const answer = await invoke('alarm:get', null);
  if (!answer.ok) return answer;
  if (answer.value === null || isAlarmView(answer.value)) return answer.value;
  return failure({ kind: 'bad_response', message: 'OnCall Tray sent an alarm this window cannot read.' });
}

/** The alarm refreshed while it rings (null: over); anything unreadable is ignored. */
export function onAlarm(listener: (view: AlarmView | null) => void): () => void {
  return onPush('alarm:changed', (raw) => {
    if (raw === null || isAlarmView(raw)) listener(raw);
  });
}
