// Main's zone source, with the OS played by the test: per platform it asks the right place, a TZ set at launch
// wins, a changed zone is picked up on the minute and at once on wake or unlock, and V8 is made to re-detect
// (through process.env.TZ) so that Date and a default Intl follow too.
import { describe, expect, it } from 'vitest';
import { systemZoneReaders, watchSystemZone, type ZoneIo } from '../../electron/adapters/system-zone';
import { ZONE_RECHECK_MS } from '../../electron/core/platform/local-zone';
import type { PowerEvent } from '../../electron/core/engine/types';
import { FakeClock } from '../core/support/fake-clock';

/** An OS: where /etc/localtime links, what /etc/timezone says, what ICU detects; each may be missing. */
function fakeOs(initial: { link?: string; file?: string; icu?: string; launchIcu?: string }) {
  const o = { ...initial };
  let redetects = 0;
  // V8's cached zone: what it saw at launch until a re-detect (a delete of process.env.TZ) makes it look again.
  let intl = initial.launchIcu ?? initial.icu ?? 'UTC';
  const io: ZoneIo = {
    readlink: () => {
      if (o.link === undefined) throw new Error('EINVAL: not a link');
      return o.link;
    },
    readFile: () => {
      if (o.file === undefined) throw new Error('ENOENT');
      return o.file;
    },
    intlZone: () => intl,
  };
  const env = new Proxy<NodeJS.ProcessEnv>(
    {},
    {
      deleteProperty(target, key) {
        if (key === 'TZ') {
          redetects++;
          intl = o.icu ?? 'UTC';
        }
        return Reflect.deleteProperty(target, key);
      },
    },
  );
  return { io, env, o, redetects: () => redetects, intl: () => intl };
}

function fakePowerMonitor() {
  const listeners = new Map<PowerEvent, Array<() => void>>();
  return {
    source: {
      on: (e: PowerEvent, l: () => void) => listeners.set(e, [...(listeners.get(e) ?? []), l]),
      removeListener: (e: PowerEvent, l: () => void) =>
        listeners.set(
          e,
          (listeners.get(e) ?? []).filter((x) => x !== l),
        ),
    },
    emit: (e: PowerEvent) => listeners.get(e)?.forEach((l) => l()),
    count: () => [...listeners.values()].flat().length,
  };
}

const firstAnswer = (platform: NodeJS.Platform, os: ReturnType<typeof fakeOs>) =>
  systemZoneReaders(platform, os.env, os.io).map((r) => {
    try {
      return r();
    } catch {
      return 'throws';
    }
  });

describe('where the system zone is read', () => {
  it('macOS and Linux: the /etc/localtime link, before anything that costs more', () => {
    const os = fakeOs({ link: '/var/db/timezone/zoneinfo/Asia/Tokyo', icu: 'Europe/Berlin' });
    expect(firstAnswer('darwin', os)[1]).toBe('Asia/Tokyo');
    expect(firstAnswer('linux', os)[1]).toBe('Asia/Tokyo');
  });

  it("Linux with /etc/localtime copied, not linked: Debian's /etc/timezone", () => {
    const os = fakeOs({ file: 'America/Chicago\n' });
    expect(firstAnswer('linux', os).slice(1, 3)).toEqual(['throws', 'America/Chicago\n']);
  });

  it('Windows (no file says the zone): Intl after a re-detect, which asks the OS as ICU does', () => {
    const os = fakeOs({ launchIcu: 'Europe/Berlin', icu: 'America/New_York' });
    const answers = firstAnswer('win32', os);
    expect(answers).toEqual([undefined, 'America/New_York']);
    expect(os.redetects()).toBe(1);
  });

  it('a TZ set at launch is the zone (the process runs in it); an unusable TZ is passed over and left alone', () => {
    const pinned = fakeOs({ link: '/usr/share/zoneinfo/Asia/Tokyo' });
    pinned.env.TZ = 'Europe/Lisbon';
    expect(firstAnswer('linux', pinned)[0]).toBe('Europe/Lisbon');
    const odd = fakeOs({ link: '/usr/share/zoneinfo/Asia/Tokyo', icu: 'Asia/Tokyo' });
    odd.env.TZ = ':/etc/localtime';
    expect(firstAnswer('linux', odd).slice(0, 2)).toEqual([undefined, 'Asia/Tokyo']);
    expect(odd.redetects()).toBe(0);
    expect(odd.env.TZ).toBe(':/etc/localtime');
  });
});

describe('following the system zone in main', () => {
  function start(platform: NodeJS.Platform, os: ReturnType<typeof fakeOs>) {
    const clock = new FakeClock(Date.parse('2026-03-10T12:00:00Z'));
    const power = fakePowerMonitor();
    const logged: string[] = [];
    const zone = watchSystemZone({
      platform,
      env: os.env,
      clock,
      powerMonitor: power.source,
      log: (m) => void logged.push(m),
      io: os.io,
    });
    return { clock, power, zone, logged };
  }

  it('a zone changed under a running app (the case of electron#33723) is followed within a minute, and Intl too', async () => {
    // V8 keeps Berlin, as Electron's main does; the link moves to New York.
    const os = fakeOs({ link: '/var/db/timezone/zoneinfo/Europe/Berlin', icu: 'Europe/Berlin' });
    const { clock, zone, logged } = start('darwin', os);
    expect(zone.current()).toBe('Europe/Berlin');
    Object.assign(os.o, { link: '/var/db/timezone/zoneinfo/America/New_York', icu: 'America/New_York' });
    expect(os.intl()).toBe('Europe/Berlin');
    await clock.advance(ZONE_RECHECK_MS);
    expect(zone.current()).toBe('America/New_York');
    expect(logged).toEqual(['time zone: Europe/Berlin → America/New_York']);
    // Re-detected once, on the change: code that formats without naming a zone is in New York now as well.
    expect(os.redetects()).toBe(1);
    expect(os.intl()).toBe('America/New_York');
  });

  it.each<PowerEvent>(['resume', 'unlock-screen'])('on %s it looks at once, not a minute later', (event) => {
    const os = fakeOs({ link: '/usr/share/zoneinfo/Europe/Berlin' });
    const { power, zone } = start('linux', os);
    os.o.link = '/usr/share/zoneinfo/Asia/Kolkata';
    power.emit(event);
    expect(zone.current()).toBe('Asia/Kolkata');
  });

  it('with no link and an unusable TZ (left alone), the zone the process runs in; stop() removes listeners and timer', () => {
    const os = fakeOs({ launchIcu: 'Europe/Madrid' });
    os.env.TZ = 'not a zone';
    const { clock, power, zone } = start('darwin', os);
    expect(zone.current()).toBe('Europe/Madrid');
    expect(power.count()).toBe(2);
    zone.stop();
    expect(power.count()).toBe(0);
    expect(clock.pendingTimers()).toBe(0);
  });
});
