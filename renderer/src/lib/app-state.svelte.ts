// The app's one reactive copy of main's state: an immutable snapshot replaced whole on every push ($state.raw:
// no deep proxies, views read plain objects). A clock ticks so relative times ("in 14 min") stay current.
import type { AppState } from '../../../electron/shared/view-state';
import { loadState, onState } from './bridge';
import { warmUp } from './zoned-format';
import { warmGlance } from './glance';

let snapshot = $state.raw<AppState | null>(null);
let problem = $state.raw<string | null>(null);
let nowMs = $state(Date.now());

const TICK_MS = 15_000;
let started = false;

export const app = {
  get state(): AppState | null {
    return snapshot;
  },
  /** Set when the state could not be loaded or an update was unreadable (the last good state stays shown). */
  get problem(): string | null {
    return problem;
  },
  get nowMs(): number {
    return nowMs;
  },
};

/** The user's locale for dates and times, as the browser reports it. */
export const locale: string = navigator.language || 'en-GB';

export async function startAppState(): Promise<void> {
  if (started) return;
  started = true;
  onState(
    (next) => {
      snapshot = next;
      problem = null;
      nowMs = Date.now();
    },
    () => (problem = 'An update from OnCall Tray could not be read; showing the last good state.'),
  );
  setInterval(() => (nowMs = Date.now()), TICK_MS);
  const pending = loadState();
  warmUp(locale);
  warmGlance(locale);
  performance.mark('oncall:warm');
  const first = await pending;
  performance.mark('oncall:state');
  if ('ok' in first) problem = first.error.message;
  else snapshot ??= first;
}
