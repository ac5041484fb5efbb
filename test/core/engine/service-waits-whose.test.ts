// A saved service wait belongs to the service that asked for it, not just to the account id (adv52 r48 #1). Before,
// Acme's 503 Retry-After (kept in service-waits-acme.json) held off Acme's NEW service after its address was
// changed (settings.json edited while the app was off, or a new account given a removed one's id): the new service
// got nothing for up to 15 min while the tray said "still loading". And a write's kept wait outlived an address
// change made in Settings while running. Real engine, loopback simulators, fake clock, real data folder; the waits
// are the ones the app itself kept from the old service's answers.
import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serviceWaitsFileOf } from '../../../electron/core/engine/session-waits';
import { MAIN_ACCOUNT_ID, parseAccountId } from '../../../electron/shared/accounts';
import { trayTooltip } from '../../../electron/core/state/tray-menu';
import { startSimulator } from '../../../electron/simulator/server';
import { twoServices, serviceSeed, KEY_ACME } from './support/two-services';
import { createHarness, seedSettings } from '../support/engine-harness';
import { closeAfterTest } from '../../support/closing';
import { ME, seedOf } from '../support/seeds';

const MIN = 60_000;
const H = 60 * MIN;
const ZONE = 'Europe/Berlin';
const START = Date.parse('2026-03-05T10:00:00Z');
const OTHER = "written for another service address or user than this account's";

/** The account Acme as settings.json has it after the user's edit while the app was off. */
type Edit = (acme: Record<string, unknown>, url: string) => void;

describe("a saved service wait and the account's service now", () => {
  it.each<[string, Edit]>([
    ['the address changed while the app was off', (a, url) => (a.baseUrl = url)],
    [
      "a new account was given the removed one's id, on another service and user",
      (a, url) => Object.assign(a, { label: 'Acme new', baseUrl: url, email: 'frank@example.com' }),
    ],
  ])(
    '%s: the old service’s wait does not hold off the new one; said once, file kept aside',
    async (_, edit) => {
      let clk: () => number = Date.now;
      const w = await twoServices(START, undefined, { alarms: false, client: { now: () => clk() } });
      clk = () => w.harness.clock.now();
      await w.engine.start();
      await w.harness.clock.advance(MIN);
      // The OLD Acme service asks to wait 10 min: the app keeps that wait itself.
      w.acme.faults.set('*', { status: 503, retryAfter: '600' });
      await w.engine.handlers['sync:refresh'](null);
      for (let i = 0; i < 60 && w.acme.requests.count({ status: 503 }) === 0; i++)
        await w.harness.clock.advance(MIN / 2);
      expect(w.acme.requests.count({ status: 503 })).toBeGreaterThan(0);
      await w.engine.stop();
      const acmeId = parseAccountId('acme');
      if (acmeId === null) throw new Error('no account id');
      const file = serviceWaitsFileOf(acmeId);
      expect(await w.harness.files.read(file)).toContain('"service"');
      // Acme moves to a new instance (its key stored for the new host as the app stores it).
      const fresh = await startSimulator({ seed: serviceSeed(KEY_ACME, ['erin', 'frank']), now: () => clk() });
      closeAfterTest({ close: () => fresh.close() });
      const settings = z
        .object({ accounts: z.array(z.record(z.string(), z.unknown())) })
        .passthrough()
        .parse(JSON.parse((await w.harness.files.read('settings.json')) ?? '{}'));
      for (const a of settings.accounts) if (a['id'] === 'acme') edit(a, fresh.url);
      await w.harness.files.writeAtomic('settings.json', JSON.stringify(settings));
      await w.harness.secrets.set(`acme@${new URL(fresh.url).host}`, KEY_ACME);

      const e2 = w.harness.engine({ alarms: false, client: { now: () => clk() } });
      await e2.start();
      await w.harness.clock.advance(2 * MIN);
      // The new service never asked to wait: it is read at once, and nothing says a wait.
      expect(fresh.requests.all().length).toBeGreaterThan(0);
      const tray = trayTooltip(e2.getState(), w.harness.clock.now(), ZONE);
      expect(tray).not.toContain('asked to wait');
      expect(tray).not.toContain('still loading');
      const said = e2.getState().notices.filter((n) => n.message.includes("on-call service's saved waits"));
      expect(said).toHaveLength(1);
      expect(said[0]?.message).toContain(OTHER);
      expect(said[0]?.message).toContain('not used');
      const aside = (await readdir(w.harness.dir)).filter((f) => f.startsWith(file) && f !== file);
      expect(aside).toHaveLength(1);
      await w.harness.clock.advance(5 * MIN);
      expect(e2.getState().notices.filter((n) => n.message.includes("on-call service's saved waits"))).toHaveLength(1);
      await e2.stop();
    },
    60_000,
  );

  it("an address changed in Settings while running clears the kept write wait: after a restart the new service isn't held off", async () => {
    const daily = {
      zone: 'Etc/UTC',
      rotationStart: '2026-03-01T08:00:00Z',
      length: { amount: 1, unit: 'days' as const },
    };
    const seed = () =>
      seedOf([{ id: 'sch_solo', name: 'Solo', userIds: ['usr_me', 'usr_bob', 'usr_carol'], ...daily }]);
    const h = await createHarness({ startMs: START, seed: seed() });
    closeAfterTest(h);
    await seedSettings(h, { email: ME, scheduleIds: ['sch_solo'] });
    const fresh = await startSimulator({ seed: seed(), now: () => h.clock.now() });
    closeAfterTest({ close: () => fresh.close() });
    await h.secrets.set(`main@${new URL(fresh.url).host}`, fresh.apiKey);
    const iso = (ms: number) => new Date(ms).toISOString();
    const carol = {
      scheduleId: 'sch_solo',
      window: { kind: 'custom' as const, start: iso(START + 4 * H), end: iso(START + 5 * H) },
      emails: ['carol@example.com'],
    };
    const first = h.engine();
    await first.start();
    await h.clock.advance(1_000);
    // The OLD service asks the write to wait 3 hours: the app keeps that wait with the account's waits.
    h.sim.faults.set('createOverride', { status: 429, retryAfter: new Date(START + 3 * H).toUTCString() });
    const refused = await h.clock.runWhileAdvancing(first.handlers['override:create'](carol));
    expect(refused.ok).toBe(false);
    expect(await h.files.read(serviceWaitsFileOf(MAIN_ACCOUNT_ID))).toContain('write/429');
    const saved = await first.handlers['settings:update']({ account: { id: MAIN_ACCOUNT_ID, baseUrl: fresh.url } });
    expect(saved.ok).toBe(true);
    await h.clock.advance(MIN);
    await first.stop();

    const second = h.engine();
    await second.start();
    await h.clock.advance(MIN);
    const creates = () => fresh.requests.count({ route: 'createOverride' });
    expect(creates()).toBe(0);
    // The wait went with the change the user made: nothing is refused or said about it at the restart.
    expect(second.getState().notices.filter((n) => n.message.includes("on-call service's saved waits"))).toEqual([]);
    const again = await h.clock.runWhileAdvancing(second.handlers['override:create'](carol));
    // The new service never asked the write to wait: it is sent there.
    expect(creates()).toBe(1);
    expect(again.ok ? '' : (again.error?.message ?? '')).not.toContain('asked to wait');
    await second.stop();
  }, 60_000);
});
