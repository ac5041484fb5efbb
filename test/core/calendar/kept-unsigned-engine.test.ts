// The app's notice path of adv52 r61 #1: with no record key (the keychain won't give one), the calendar's record
// carries no MACs, so an event kept "as last read" through a hole can't be told from one typed into the file. None is
// published as kept: they are left out, said once as a record notice (the file kept aside), and come back under their
// UIDs when their time is read again. Real engine, simulator, fake clock. Failed before: the events were published
// as "Kept as last read" and nothing was said.
import { afterEach, expect, it } from 'vitest';
import { err } from '../../../electron/api/errors';
import type { SecretStore } from '../../../electron/core/ports';
import { RECORD_KEY_ACCOUNT } from '../../../electron/core/storage/record-key';
import { createHarness, type Harness } from '../support/engine-harness';
import { serviceSeed } from '../../support/two-service-seeds';

const KEY = 'ocs_work_key_1111';
const T0 = Date.parse('2026-03-04T19:00:00Z');
const HOLE = { fromMs: Date.parse('2026-03-05T12:00:00Z'), toMs: Date.parse('2026-03-07T20:00:00Z') };
const uidsOf = (ics: string): string[] => [...ics.matchAll(/^UID:(.+)$/gm)].map((m) => (m[1] ?? '').trim());

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

it('without the record key, events kept through a hole are left out, said once, and back when read', async () => {
  h = await createHarness({ startMs: T0, seed: serviceSeed(KEY, ['alice', 'bob']) });
  const secrets: SecretStore = h.secrets;
  const get = secrets.get.bind(secrets);
  // The keychain holds the API key but can't give the record key (as a keychain that refuses that one entry).
  secrets.get = (account) =>
    account === RECORD_KEY_ACCOUNT ? Promise.resolve(err({ kind: 'unavailable', message: 'no' })) : get(account);
  const account = { id: 'work', label: 'Work', baseUrl: h.sim.url, email: 'alice@example.com' };
  const settings = { version: 2, startAtLogin: true, accounts: [{ ...account, schedules: [{ id: 'sch_primary' }] }] };
  await h.files.writeAtomic('settings.json', JSON.stringify(settings));
  await secrets.set(`work@${new URL(h.sim.url).host}`, KEY);
  const engine = h.engine({ alarms: false, localZone: 'Europe/Berlin' });
  await engine.start();
  await h.clock.advance(2 * 60_000);
  const refresh = async () => {
    await engine.handlers['sync:refresh'](null);
    await h?.clock.advance(60_000);
  };
  const before = await engine.calendar(14);
  h.sim.unreadable.add('sch_primary', HOLE);
  await refresh();
  const during = await engine.calendar(14);
  expect(during).not.toContain('Kept as last read');
  expect(uidsOf(during).length).toBeLessThan(uidsOf(before).length);
  const said = () => engine.getState().notices.filter((n) => /can't be checked without the keychain/.test(n.message));
  expect(said()).toHaveLength(1);
  expect(said()[0]?.message).toMatch(/The file was kept as /);
  await engine.calendar(14);
  expect(said()).toHaveLength(1);
  h.sim.unreadable.clear();
  await refresh();
  expect(uidsOf(await engine.calendar(14))).toEqual(uidsOf(before));
}, 30_000);
