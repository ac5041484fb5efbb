// The alarm window's side of the bridge: what it rings for, read and pushed, checked as the state is. Apart from
// bridge.ts so the popover's first load does not carry it: only the alarm window (in the forms chunk) needs it.
import type { AlarmShown } from '../../../electron/shared/alarm-view';
import { isAlarmView } from './alarm-check';
import { failureOf as failure, type Failure } from '../../../electron/shared/failure';
import { invoke, onPush } from './bridge';

/** What the alarm window rings for now: the alarm, null (it is over), or a failure. */
export async function loadAlarm(): Promise<AlarmShown | null | Failure> {
  const answer = await invoke('alarm:get', null);
  if (!answer.ok) return answer;
  if (answer.value === null || isAlarmView(answer.value)) return answer.value;
  return failure({ kind: 'bad_response', message: 'OnCall Tray sent an alarm this window cannot read.' });
}

/** The alarm refreshed while it rings (null: over); anything unreadable is ignored. */
export function onAlarm(listener: (view: AlarmShown | null) => void): () => void {
  return onPush('alarm:changed', (raw) => {
    if (raw === null || isAlarmView(raw)) listener(raw);
  });
}
