// Main's source of the machine's time zone: core/platform/local-zone fed with readers that ask the OS itself,
// because Intl in Electron's main keeps the zone it saw at launch (electron/electron#33723). Re-checked every
// minute and on wake and unlock (travel usually happens with the lid closed). The renderer needs none of this:
// Chromium tells its pages about a zone change by itself.
import { readFileSync, readlinkSync } from 'node:fs';
import { createLocalZone, validZone, zoneFromLink, type LocalZone, type ZoneReader } from '../core/platform/local-zone';
import type { PowerEvent } from '../core/engine/types';
import type { Clock } from '../core/ports';
import type { PowerEventSource } from './power';

/** What the readers touch, so tests can play the OS. */
export interface ZoneIo {
  readlink(path: string): string;
  readFile(path: string): string;
  /** This process's own idea of the zone: right at launch, stale afterwards until V8 is made to look again. */
  intlZone(): string;
}

export const nodeZoneIo: ZoneIo = {
  readlink: (path) => readlinkSync(path),
  readFile: (path) => readFileSync(path, 'utf8'),
  intlZone: () => Intl.DateTimeFormat().resolvedOptions().timeZone,
};

/**
 * Makes V8 and ICU look for the system zone again. Node does that on any write or delete of process.env.TZ
 * (nodejs/node#20026: tzset and a V8 re-detect); deleting a TZ that is not set changes nothing else. A TZ the
 * user launched with is their choice and is left alone.
 */
function redetect(env: NodeJS.ProcessEnv): void {
  if (env.TZ === undefined) delete env.TZ;
}

/**
 * In order: a TZ set at launch (the process's zone by definition, as libc, Node and Chromium read it); the zone
 * /etc/localtime links to (macOS and most Linux systems: a readlink, cheap enough for every minute); Debian's
 * /etc/timezone where /etc/localtime is a copy; last, and the only way on Windows (no file there says the zone, and
 * `tzutil /g` answers in Windows names), Intl after a re-detect, which asks the OS the way ICU does.
 */
export function systemZoneReaders(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, io: ZoneIo): ZoneReader[] {
  const readers: ZoneReader[] = [() => validZone(env.TZ?.replace(/^:/, ''))];
  if (platform !== 'win32') readers.push(() => zoneFromLink(io.readlink('/etc/localtime')));
  if (platform === 'linux') readers.push(() => io.readFile('/etc/timezone'));
  readers.push(() => (redetect(env), io.intlZone()));
  return readers;
}

const WAKE_EVENTS: readonly PowerEvent[] = ['resume', 'unlock-screen'];

export interface SystemZoneOptions {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  clock: Clock;
  powerMonitor: PowerEventSource;
  log: (message: string) => void;
  io?: ZoneIo;
  recheckMs?: number;
}

/** Starts following the system zone; `stop` ends the timer and the wake listeners. */
export function watchSystemZone(o: SystemZoneOptions): LocalZone {
  const io = o.io ?? nodeZoneIo;
  const zone = createLocalZone({
    readers: systemZoneReaders(o.platform, o.env, io),
    clock: o.clock,
    initial: io.intlZone(),
    log: o.log,
    ...(o.recheckMs === undefined ? {} : { recheckMs: o.recheckMs }),
  });
  // Subscribed first, so it runs before main re-renders: code that formats without naming a zone (Date, a default
  // Intl or luxon zone) then follows too.
  zone.onChange(() => redetect(o.env));
  const recheck = (): void => void zone.check();
  for (const event of WAKE_EVENTS) o.powerMonitor.on(event, recheck);
  return {
    ...zone,
    stop() {
      for (const event of WAKE_EVENTS) o.powerMonitor.removeListener(event, recheck);
      zone.stop();
    },
  };
}
