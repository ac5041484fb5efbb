// adv52 round 15 #2: the calendar record is a claim about the account's service. Exported from service A, then the
// account points at service B (settings.json edited while closed) where the block can't be read: A's block was
// published as "kept as last read", with its alarms, and nothing was said. Now the entry (stamped with A's address
// and e-mail) is dropped, said once, the record kept aside. Failed before: the event was published, nothing said.
import { readdir, readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator } from '../../../electron/simulator/server';
import { createHarness, type Harness } from '../support/engine-harness';
import { API_KEY, seedOf } from '../support/seeds';

const MIN = 60_000;
const START = Date.parse('2026-03-10T06:00:00Z');
const seed = seedOf([
  {
    id: 'sch_desk',
    name: 'Desk',
    zone: 'America/New_York',
    rotationStart: '2026-03-01T19:00:00Z',
    userIds: ['usr_me', 'usr_bob', 'usr_alice'],
    length: { amount: 8, unit: 'hours' },
  },
]);
const acc = (url: string) => [
  { id: 'main', label: 'Main', baseUrl: url, email: 'me@example.com', schedules: [{ id: 'sch_desk' }] },
];

let h: Harness | undefined;
let closeB: (() => Promise<void>) | undefined;
afterEach(async () => {
  await closeB?.();
  await h?.close();
});

describe('the calendar record written for another service address', () => {
  it('is never published as kept as last read: dropped, said once, the record kept aside', async () => {
    h = await createHarness({ startMs: START, seed, files: 'fs' });
    const hh = h;
    const simB = await startSimulator({ seed, now: () => hh.clock.now() });
    closeB = () => simB.close();
    await h.files.writeAtomic('settings.json', JSON.stringify({ version: 2, accounts: acc(h.sim.url) }));
    await h.secrets.set(`main@${new URL(h.sim.url).host}`, API_KEY);
    await h.secrets.set(`main@${new URL(simB.url).host}`, API_KEY);
    const first = h.engine({ alarms: false, localZone: 'Europe/Berlin' });
    await first.start();
    await h.clock.advance(MIN);
    expect(await first.calendar(2)).toContain('DTSTART:20260310T190000Z');
    await first.stop();
    await h.files.writeAtomic('settings.json', JSON.stringify({ version: 2, accounts: acc(simB.url) }));
    const block = { fromMs: Date.parse('2026-03-10T19:00:00Z'), toMs: Date.parse('2026-03-11T03:00:00Z') };
    simB.unreadable.add('sch_desk', block);
    await h.clock.advance(2 * MIN);
    const second = h.engine({ alarms: false, localZone: 'Europe/Berlin' });
    await second.start();
    await h.clock.advance(MIN);
    const ics = await second.calendar(2);
    expect(ics).not.toContain('DTSTART:20260310T190000Z');
    expect(ics).not.toContain('Kept as last read');
    await second.calendar(2);
    const told = second
      .getState()
      .notices.filter((n) => n.message.includes('calendar-export.json') && /another service address/.test(n.message));
    expect(told).toHaveLength(1);
    expect((await readdir(h.dir)).some((f) => f.startsWith('calendar-export.json.'))).toBe(true);
    expect(await readFile(`${h.dir}/calendar-export.json`, 'utf8')).not.toContain(new URL(h.sim.url).host);
    await second.stop();
  });
});
