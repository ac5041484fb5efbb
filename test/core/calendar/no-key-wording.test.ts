// adv47 round 11 #4: an account with no API key can't be read until one is added, and every surface says "not read:
// no API key for Acme"; the .ics calendar's description said "Not loaded yet, so unknown rather than free", a load
// that won't come (the subscriber has no other surface to learn why). Real engine, simulator over loopback, fake clock.
import ICAL from 'ical.js';
import { afterEach, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/engine-harness';
import { serviceSeed } from '../../support/two-service-seeds';

const KEY = 'ocs_work_key_1111';
const T0 = Date.parse('2026-03-04T19:00:00Z');
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

it('the .ics says why the no-key account is unknown: not read, no API key (adv47 r11 #4)', async () => {
  h = await createHarness({ startMs: T0, seed: serviceSeed(KEY, ['alice', 'bob']) });
  const host = new URL(h.sim.url).host;
  const acme = h.sim.url.replace('127.0.0.1', 'localhost');
  await h.files.writeAtomic(
    'settings.json',
    JSON.stringify({
      version: 2,
      startAtLogin: true,
      accounts: [
        {
          id: 'work',
          label: 'Work',
          baseUrl: h.sim.url,
          email: 'alice@example.com',
          schedules: [{ id: 'sch_primary' }],
        },
        { id: 'acme', label: 'Acme', baseUrl: acme, email: 'bob@example.com', schedules: [{ id: 'sch_primary' }] },
      ],
    }),
  );
  await h.secrets.set(`work@${host}`, KEY);
  const e = h.engine({ alarms: false });
  await e.start();
  await h.clock.advance(120_000);
  const cal = ICAL.Component.fromString(await e.calendar(14));
  const desc = String(cal.getFirstPropertyValue('x-wr-caldesc'));
  await e.stop();
  expect(desc).toMatch(/Acme · [^,.]*\(not read: no API key for Acme\)/);
  expect(desc).not.toMatch(/Not loaded yet/);
});
