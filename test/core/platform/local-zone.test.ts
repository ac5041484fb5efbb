// The followed local zone: what the OS says now, asked again every minute and on demand; a reader that fails or
// names no usable zone leaves the last good one in place; nothing here ever throws at the caller.
import { describe, expect, it } from 'vitest';
import {
  createLocalZone,
  validZone,
  ZONE_RECHECK_MS,
  zoneFromLink,
  type ZoneReader,
} from '../../../electron/core/platform/local-zone';
import { FakeClock } from '../support/fake-clock';

/** The OS, played by the test: what it answers can change at any time, or fail. */
function os(first: string | undefined) {
  let answer: string | undefined | Error = first;
  let asked = 0;
  const reader: ZoneReader = () => {
    asked++;
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { reader, set: (next: string | undefined | Error) => void (answer = next), asked: () => asked };
}

function setup(first: string | undefined, extra: { initial?: string; readers?: ZoneReader[] } = {}) {
  const clock = new FakeClock(Date.parse('2026-03-10T12:00:00Z'));
  const system = os(first);
  const logged: string[] = [];
  const changes: string[] = [];
  const zone = createLocalZone({
    readers: extra.readers ?? [system.reader],
    clock,
    log: (m) => void logged.push(m),
    ...(extra.initial ? { initial: extra.initial } : {}),
  });
  zone.onChange((to, from) => void changes.push(`${from} → ${to}`));
  return { clock, system, zone, logged, changes };
}

describe('the local zone follows the system', () => {
  it('answers what the OS says at once, and a change within the re-check interval, telling listeners once', async () => {
    const { clock, system, zone, changes } = setup('Europe/Berlin');
    expect(zone.current()).toBe('Europe/Berlin');
    system.set('America/New_York');
    // Until the next look, the zone known is kept (a reading per call would cost a syscall per formatted time).
    expect(zone.current()).toBe('Europe/Berlin');
    await clock.advance(ZONE_RECHECK_MS);
    expect(zone.current()).toBe('America/New_York');
    await clock.advance(5 * ZONE_RECHECK_MS);
    expect(changes).toEqual(['Europe/Berlin → America/New_York']);
  });

  it('check() looks at once (wake, unlock), and the first reading is not reported as a change', () => {
    const { system, zone, changes } = setup('Asia/Tokyo', { initial: 'Europe/Berlin' });
    expect(changes).toEqual([]);
    system.set('Australia/Sydney');
    expect(zone.check()).toBe('Australia/Sydney');
    expect(zone.current()).toBe('Australia/Sydney');
    expect(changes).toEqual(['Asia/Tokyo → Australia/Sydney']);
  });

  it.each([
    ['no answer', undefined],
    ['an unknown zone', 'Mars/Olympus_Mons'],
    ["ICU's Etc/Unknown", 'Etc/Unknown'],
    ['an empty answer', '  '],
    ['a failing reader', new Error('EACCES')],
  ])('%s keeps the last good zone, says so once, and never throws', async (_, bad) => {
    const { clock, system, zone, logged, changes } = setup('Europe/Berlin');
    system.set(bad);
    await clock.advance(3 * ZONE_RECHECK_MS);
    expect(() => zone.check()).not.toThrow();
    expect(zone.current()).toBe('Europe/Berlin');
    expect(changes).toEqual([]);
    expect(logged).toEqual(['time zone: the system did not say; keeping Europe/Berlin']);
    // Answering again, it is followed again.
    system.set('America/New_York');
    await clock.advance(ZONE_RECHECK_MS);
    expect(zone.current()).toBe('America/New_York');
  });

  it('with nothing to go on from the start, uses the initial zone, else UTC, and never an invalid one', () => {
    expect(setup(undefined, { initial: 'Europe/Paris' }).zone.current()).toBe('Europe/Paris');
    expect(setup(undefined).zone.current()).toBe('UTC');
    expect(setup(undefined, { initial: 'Etc/Unknown' }).zone.current()).toBe('UTC');
  });

  it('asks the readers in order: a failing or clueless one leaves the next to answer', () => {
    const first = os(undefined);
    const second = os('Asia/Kolkata');
    const { zone } = setup(undefined, {
      readers: [
        first.reader,
        () => {
          throw new Error('no file');
        },
        second.reader,
      ],
    });
    expect(zone.current()).toBe('Asia/Kolkata');
    first.set('Europe/London');
    expect(zone.check()).toBe('Europe/London');
  });

  it('a throwing listener does not stop the others or the re-check timer', async () => {
    const { clock, system, zone, changes } = setup('Europe/Berlin');
    zone.onChange(() => {
      throw new Error('listener bug');
    });
    const later: string[] = [];
    zone.onChange((to) => void later.push(to));
    system.set('America/New_York');
    await clock.advance(ZONE_RECHECK_MS);
    system.set('Asia/Tokyo');
    await clock.advance(ZONE_RECHECK_MS);
    expect(changes).toEqual(['Europe/Berlin → America/New_York', 'America/New_York → Asia/Tokyo']);
    expect(later).toEqual(['America/New_York', 'Asia/Tokyo']);
  });

  it('stop() ends the re-checks and the listeners; current() still answers', async () => {
    const { clock, system, zone, changes } = setup('Europe/Berlin');
    zone.stop();
    expect(clock.pendingTimers()).toBe(0);
    const asked = system.asked();
    system.set('America/New_York');
    await clock.advance(10 * ZONE_RECHECK_MS);
    expect(system.asked()).toBe(asked);
    expect(zone.current()).toBe('Europe/Berlin');
    expect(changes).toEqual([]);
  });
});

describe('zone names', () => {
  it.each([
    ['/var/db/timezone/zoneinfo/Europe/Berlin', 'Europe/Berlin'], // macOS
    ['/usr/share/zoneinfo/America/Argentina/Buenos_Aires', 'America/Argentina/Buenos_Aires'],
    ['../usr/share/zoneinfo/Asia/Kolkata', 'Asia/Kolkata'], // relative (Arch)
    ['/usr/share/zoneinfo/posix/Europe/London', 'Europe/London'],
    ['/usr/share/zoneinfo.default/Pacific/Auckland', 'Pacific/Auckland'],
    ['/usr/share/zoneinfo/Etc/UTC', 'Etc/UTC'],
    ['/usr/share/zoneinfo/Not/AZone', undefined],
    ['/etc/localtime.bak', undefined],
  ])('%s → %s', (link, zone) => {
    expect(zoneFromLink(link)).toBe(zone);
  });

  it('validZone accepts what Intl can format in and refuses the rest', () => {
    expect(validZone(' America/New_York\n')).toBe('America/New_York');
    expect(validZone('localtime')).toBeUndefined();
    expect(validZone(undefined)).toBeUndefined();
  });
});
