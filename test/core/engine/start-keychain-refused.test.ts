// adv47 r43 F1, F2 (issue 47): a restart with saved data whose keychain REFUSES the read (a locked collection, a
// cancelled prompt). The key is unknown, not missing: every surface says the keychain couldn't be read (never "Add
// your API key"), with the key entry as its fix; and since no read can come without a key, readiness is never
// "still on its way": it says not ready and the warning before the shift comes. The empty keychain (no entry at all)
// stays "Add your API key", and is not ready either. Real engine, simulator, files on disk, fake clock.
import { describe, expect, it } from 'vitest';
import { buildTrayMenu, type TrayMenuItem } from '../../../electron/core/state/tray-menu';
import type { SecretStore } from '../../../electron/core/ports';
import { createHarness, seedSettings, MemorySecrets } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { surfaces, ZONE } from '../truth/support';
import { twoServices } from './support/two-services';
import { RefusingSecrets } from './support/locked-secrets';

const MIN = 60_000;
const HOUR = 60 * MIN;
const START = Date.parse('2026-03-10T06:00:00Z');

/** Run 1 reads Ops with its key and stops; run 2 starts on `secrets`. The next shift is run 1's read (the
 *  simulator's answer), the one readiness must speak of. */
async function restart(secrets: SecretStore) {
  const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  const one = h.engine({ localZone: () => ZONE });
  await one.start();
  await h.clock.advance(MIN);
  const next = one.getState().me.nextShift;
  if (!next) throw new Error('run 1 read no next shift of mine');
  await h.clock.runWhileAdvancing(one.stop());
  const before = h.notifier.shown.length;
  const two = h.engine({ localZone: () => ZONE, secrets });
  await h.clock.runWhileAdvancing(two.start());
  return { h, two, next, since: () => h.notifier.shown.slice(before) };
}

const actions = (items: readonly TrayMenuItem[]): TrayMenuItem[] =>
  items.flatMap((i) => [i, ...(i.type === 'submenu' ? actions(i.items) : [])]);

describe('restart with saved data while the keychain refuses the key', () => {
  it('says the keychain could not be read on every surface and warns before the shift (no read is coming)', async () => {
    const w = await restart(new RefusingSecrets(() => true));
    // Run 1's next shift is the one whose readiness hour this is: 20 min before it, hours after the refusal.
    const startMs = Date.parse(w.next.start);
    await w.h.clock.advanceTo(startMs - 20 * MIN);
    const state = w.two.getState();
    const s = surfaces(state, w.h.clock.now());
    const told = w.since().filter((n) => n.title === 'Not ready for your shift' && n.atMs < startMs);
    const menu = actions(buildTrayMenu(state, w.h.clock.now(), ZONE));
    await w.h.clock.runWhileAdvancing(w.two.stop());
    await w.h.close();
    const all = [s.tooltip, s.menu, s.popover, s.status].join('\n');
    expect(all, 'the key is stored; only the keychain refused it').not.toMatch(/Add (your|the) API key/);
    expect(all, 'no read can come without the key').not.toMatch(/still on its way|still loading/);
    for (const [surface, text] of Object.entries({ tooltip: s.tooltip, menu: s.menu, status: s.status }))
      expect(text, surface).toContain("Couldn't read the API key from the keychain");
    expect(state.me.readiness?.checks.find((c) => c.id === 'key')?.result).toBe('problem');
    expect(s.status).toMatch(/Not ready for your shift/);
    expect(told.length, 'a "Not ready for your shift" warning before the shift').toBeGreaterThan(0);
    // The fix is the key entry, as a missing key's is: the item after the line opens it.
    const at = menu.findIndex((i) => 'label' in i && /Couldn't read the API key/.test(String(i.label)));
    const fix = menu[at + 1];
    expect(fix?.type === 'action' ? fix.action : fix).toBe('open-onboarding');
  }, 90_000);

  it('control: an empty keychain is "Add your API key", and not ready rather than "checking"', async () => {
    const w = await restart(new MemorySecrets());
    await w.h.clock.advance(6 * HOUR);
    const state = w.two.getState();
    const s = surfaces(state, w.h.clock.now());
    await w.h.clock.runWhileAdvancing(w.two.stop());
    await w.h.close();
    expect(s.status).toMatch(/Add your API key to start/);
    expect(s.status).not.toMatch(/keychain could not be read|Couldn't read the API key/);
    expect([s.status, s.popover].join('\n')).not.toMatch(/still on its way|still loading/);
    expect(state.me.readiness?.checks.find((c) => c.id === 'key')?.result).toBe('problem');
  }, 90_000);

  it("two services: Acme's key refused, Work's read: Acme's line says its keychain, Work stays fresh", async () => {
    const w = await twoServices(Date.parse('2026-03-04T12:00:00Z'));
    await w.engine.start();
    await w.harness.clock.advance(MIN);
    await w.harness.clock.runWhileAdvancing(w.engine.stop());
    const secrets = new RefusingSecrets((account) => account.startsWith('acme@'));
    for (const [k, v] of w.harness.secrets.entries) secrets.store.entries.set(k, v);
    const two = w.harness.engine({ alarms: false, secrets, localZone: () => ZONE });
    await w.harness.clock.runWhileAdvancing(two.start());
    await w.harness.clock.advance(3 * HOUR);
    const state = two.getState();
    const s = surfaces(state, w.harness.clock.now());
    const menu = actions(buildTrayMenu(state, w.harness.clock.now(), ZONE));
    await w.harness.clock.runWhileAdvancing(two.stop());
    await w.close();
    expect([s.tooltip, s.menu, s.status].join('\n')).not.toMatch(/Add (your|the) API key/);
    expect(state.accounts.find((a) => a.id === 'work')?.sync.kind).toBe('ok');
    const acme = state.accounts.find((a) => a.id === 'acme')?.sync;
    expect(acme?.kind === 'needs_setup' ? acme.message : acme?.kind).toContain("Couldn't read the API key");
    const fix = menu.find((i) => 'label' in i && /^Acme: Couldn't read the API key/.test(String(i.label)));
    expect(fix?.type === 'action' ? [fix.action, fix.params?.accountId] : fix).toEqual(['open-onboarding', 'acme']);
  }, 90_000);
});
