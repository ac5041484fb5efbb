// The machine's time zone, followed while the app runs. Electron's main process cannot simply ask Intl: V8 reads
// the zone once and keeps it after the user changes it or travels (electron/electron#33723; Node alike,
// nodejs/node#33805), so reminders, quiet hours and the tray would stay in the old zone until a restart. Here the
// zone is asked of the OS through injected readers (the adapter picks them per platform), again every minute and
// whenever the adapter says so (wake, unlock). Plain Node: no fs, no Electron, so tests drive it with fake readers.
import type { Clock } from '../ports';

/** One way of asking the OS for its zone: an IANA name, or undefined when this way can't tell (it may throw too). */
export type ZoneReader = () => string | undefined;

/** Often enough that a changed zone shows in the tray's next minute, cheap enough (a readlink) to never matter. */
export const ZONE_RECHECK_MS = 60_000;

export interface LocalZoneOptions {
  /** Asked in this order; the first one that names a zone this runtime knows wins. */
  readers: readonly ZoneReader[];
  clock: Pick<Clock, 'setTimer'>;
  /** The zone until a reader answers (default UTC): never an invalid one, so formatting can't throw. */
  initial?: string;
  recheckMs?: number;
  log?: (message: string) => void;
}

export interface LocalZone {
  /** The last zone a reader gave (or `initial`): always a valid IANA name, never throws, never blocks. */
  current: () => string;
  /** Asks the readers now (woke up, unlocked); tells the listeners if the zone changed. Returns the zone. */
  check(): string;
  /** Called after each change, with the new and the previous zone. Returns a function that unsubscribes. */
  onChange(listener: (zone: string, previous: string) => void): () => void;
  /** Stops the re-check timer and drops the listeners; `current` keeps answering. */
  stop(): void;
}

/**
 * `name` as a zone Intl and luxon can format in, else undefined. "Etc/Unknown" (what ICU says when it can't tell,
 * electron/electron#44620), "localtime" or "Factory" are refused: they would format as UTC or throw.
 */
export function validZone(name: string | undefined): string | undefined {
  const trimmed = name?.trim();
  if (!trimmed || trimmed === 'Etc/Unknown') return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: trimmed });
    return trimmed;
  } catch {
    return undefined;
  }
}

/**
 * The IANA name in a path to a zone file: what /etc/localtime links to on macOS (/var/db/timezone/zoneinfo/…) and
 * most Linux systems (/usr/share/zoneinfo/…, also relative, or under posix/ or right/).
 */
export function zoneFromLink(target: string): string | undefined {
  const m = /(?:^|\/)zoneinfo(?:\.default)?\/(?:posix\/|right\/)?(.+)$/.exec(target.trim());
  return m ? validZone(m[1]) : undefined;
}

export function createLocalZone(options: LocalZoneOptions): LocalZone {
  const log = options.log ?? (() => undefined);
  const recheckMs = options.recheckMs ?? ZONE_RECHECK_MS;
  const listeners = new Set<(zone: string, previous: string) => void>();
  let zone = validZone(options.initial) ?? 'UTC';
  let cancelTimer: (() => void) | undefined;
  let stopped = false;
  // Said once per stretch without an answer, not every minute.
  let toldUnreadable = false;

  function read(): string | undefined {
    for (const reader of options.readers) {
      try {
        const found = validZone(reader());
        if (found) return found;
      } catch {
        // A reader that fails (a missing file, a refused call) leaves the next one to answer.
      }
    }
    return undefined;
  }

  /** Whether a reader answered; says so once per stretch without an answer. */
  function answered(found: string | undefined): found is string {
    if (found === undefined && !toldUnreadable) log(`time zone: the system did not say; keeping ${zone}`);
    toldUnreadable = found === undefined;
    return found !== undefined;
  }

  function check(): string {
    const found = read();
    if (!answered(found)) return zone;
    if (found === zone) return zone;
    const previous = zone;
    zone = found;
    log(`time zone: ${previous} → ${found}`);
    for (const listener of [...listeners]) {
      try {
        listener(found, previous);
      } catch {
        // A failing listener must not keep the others (or the caller's timer) from running.
      }
    }
    return zone;
  }

  function tick(): void {
    if (stopped) return;
    check();
    cancelTimer = options.clock.setTimer(recheckMs, tick);
  }

  // The first reading is not a change: nobody has shown a time in the initial zone yet.
  const first = read();
  if (answered(first)) zone = first;
  cancelTimer = options.clock.setTimer(recheckMs, tick);

  return {
    current: () => zone,
    check,
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    stop() {
      stopped = true;
      cancelTimer?.();
      cancelTimer = undefined;
      listeners.clear();
    },
  };
}
