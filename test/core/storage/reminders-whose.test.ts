// Issue 52: reminders.json is one file for every account, its entries keyed per account, not per service address.
// An account whose address (or e-mail) changed while the app was closed must not have its old reminders believed:
// a start "already shown" on the old service would silence the new one's. The record is stamped, as cache.json is
// (cache-origin.ts), and checked on load. Real engine, fs data folder, simulator, fake clock.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { originOf } from '../../../electron/core/storage/cache-origin';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const START = Date.parse('2026-03-26T08:00:00Z');
const T0 = START + 2 * 60_000;
const KEY = 'shift:sch_berlin:2026-03-26T08:00:00Z:start';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function runWith(origin: { address: string; email: string } | 'same' | undefined) {
  h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
  const stamp = origin === 'same' ? originOf({ baseUrl: h.sim.url, email: ME }) : origin;
  const record = {
    version: 1,
    fired: { [KEY]: START + 60_000 },
    held: [],
    ...(stamp ? { origins: { main: stamp } } : {}),
  };
  await writeFile(join(h.dir, 'reminders.json'), JSON.stringify(record));
  const engine = h.engine({ alarms: false });
  await h.clock.runWhileAdvancing(engine.start(), 1000, 60);
  await h.clock.advance(5 * 60_000);
  const notices = engine.getState().notices.map((n) => n.message);
  await engine.stop();
  const files = await readdir(h.dir);
  const saved: unknown = JSON.parse(await readFile(join(h.dir, 'reminders.json'), 'utf8'));
  return { starts: h.notifier.shown.filter((n) => n.id === KEY).length, notices, files, saved };
}

describe('reminders.json, whose reminders', () => {
  it('written for another service address is not believed: the start still comes, said once (failed before)', async () => {
    const r = await runWith({ address: 'http://127.0.0.1:9', email: ME });
    expect(r.starts).toBe(1);
    const said = r.notices.filter((m) => m.includes('record of reminders'));
    expect(said).toEqual([
      "1 entry of the record of reminders already shown was not used (an entry written for another service address or user than its account's). " +
        `The file was kept as ${join(h!.dir, r.files.find((f) => f.startsWith('reminders.json.bad-')) ?? '')}.`,
    ]);
  });

  it('written for another e-mail on the same address is not believed either', async () => {
    const r = await runWith({
      address: originOf({ baseUrl: 'http://x', email: ME }).address,
      email: 'old@example.com',
    });
    expect(r.starts).toBe(1);
  });

  it("stamped with the account's own address is believed, and a record from before stamps is taken and stamped", async () => {
    expect((await runWith('same')).starts).toBe(0);
    await h?.close();
    h = undefined;
    const old = await runWith(undefined);
    expect(old.starts).toBe(0);
    expect(old.notices.filter((m) => m.includes('record of reminders'))).toEqual([]);
    expect(JSON.stringify(old.saved)).toContain('"origins":{"main":');
  });
});
