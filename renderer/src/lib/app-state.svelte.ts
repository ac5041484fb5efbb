// The app's one reactive copy of main's state: an immutable snapshot replaced whole on every push ($state.raw:
// no deep proxies, views read plain objects). A clock ticks so relative times ("in 14 min") stay current.
import type { AppState } from '../../../electron/shared/view-state';
import type { FormatContext } from './format-context';
import { loadState, onState } from './bridge';
import { DISPLAY_LOCALE, warmUp } from '../../../electron/shared/format';
import { warmGlance } from './glance';

let snapshot = $state.raw<AppState | null>(null);
let problem = $state.raw<string | null>(null);
let nowMs = $state(Date.now());
// The zone times are shown in: the system's in the browser; a prerender in main names the page's (see seedPrerender).
let localZone: string | undefined;

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
  get locale(): string {
    return currentLocale;
  },
  get localZone(): string | undefined {
    return localZone;
  },
  /** The zone by name ("Europe/Berlin"), for what names it: the system's as Intl reports it, unless one is set. */
  get zoneName(): string {
    return localZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  },
  /** The clock, locale and zone every view formats with. */
  get formatContext(): FormatContext {
    return { nowMs, locale: currentLocale, ...(localZone ? { localZone } : {}) };
  },
};

/** The locale for dates and times: the one every surface uses (shared/format.ts `DISPLAY_LOCALE`, 24-hour), not the
 *  browser's, so the popover and the alarm window say "09:00" as the notifications and `status` do. */
export const locale: string = DISPLAY_LOCALE;
let currentLocale = locale;

export interface PrerenderSeed {
  state: AppState;
  nowMs: number;
  locale: string;
  localZone?: string;
}

/**
 * Main's prerender of the popover (Node, one synchronous render at a time): the state, clock, locale and zone
 * that render shows. Returns the undo. The page never calls it: it hydrates with what the bridge sends.
 */
export function seedPrerender(seed: PrerenderSeed): () => void {
  const before = { snapshot, problem, nowMs, localZone, currentLocale };
  snapshot = seed.state;
  problem = null;
  nowMs = seed.nowMs;
  localZone = seed.localZone;
  currentLocale = seed.locale;
  return () => ({ snapshot, problem, nowMs, localZone, currentLocale } = before);
}

/** Subscribes to main's state and asks for the first one; resolves once it (or the reason it failed) is in. */
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
