// Where a ringing alarm is shown besides the system notification: the app-owned alarm window (one per display), also
// the fallback when a notification fails or is not shown. The adapter (electron/adapters) implements it; the engine
// calls it. Plain data only, so the engine is tested in Node with a recording fake.
import type { AlarmView } from '../../shared/alarm-view';

export interface AlarmSurface {
  /** Opens (or refreshes) the window for this alarm on every display, looping its sound, display kept awake. */
  show(view: AlarmView): void;
  /** Acknowledged, snoozed, handed off, over, or 10 min of ringing: the window closes, the sound stops. */
  close(key: string): void;
}
