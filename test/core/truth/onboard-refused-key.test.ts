// Issue 49, adversarial round 3 F6: onboarding with a wrong key, before any schedule is added. The service refused the
// key (coverage requests answered 401), yet the tray led with "Add a schedule to watch." and named the refusal only
// as a coverage problem. It is now said once, as the key problem, with Settings as its fix. Real engine, simulator
// on loopback, fake clock.
import { describe, expect, it } from 'vitest';
import { createHarness } from '../support/engine-harness';
import { buildTrayMenu, trayTooltip } from '../../../electron/core/state/tray-menu';
import { serviceSeed } from '../../support/two-service-seeds';

const ZONE = 'Europe/Berlin';

/** Onboarding's first steps done (key and address saved, no schedule yet), the engine started and synced once. */
async function onboarded(key: string) {
  const w = await createHarness({
    startMs: Date.parse('2026-03-04T10:00:00Z'),
    seed: serviceSeed('ocs_good_1111', ['alice', 'bob']),
  });
  const account = { id: 'main', label: 'Main', baseUrl: w.sim.url, email: '', schedules: [] };
  await w.files.writeAtomic('settings.json', JSON.stringify({ version: 2, accounts: [account] }));
  await w.secrets.set(`main@${new URL(w.sim.url).host}`, key);
  const engine = w.engine();
  await engine.start();
  await w.clock.advance(2_000);
  return { w, engine };
}

describe('round 3 (6): a refused key before any schedule is added', () => {
  it('is the key problem, once, opening Settings; not "Add a schedule to watch."', async () => {
    const { w, engine } = await onboarded('ocs_wrong_key_0000');
    const state = engine.getState();
    expect(state.sync.kind).toBe('key_rejected');
    const menu = buildTrayMenu(state, w.clock.now(), ZONE);
    const labels = menu.flatMap((i) => ('label' in i ? [i.label] : []));
    expect(labels.some((l) => /Add a schedule to watch/.test(l))).toBe(false);
    const key = menu.filter((i) => 'label' in i && /rejected the API key/.test(i.label));
    expect(key).toHaveLength(1);
    expect(key[0]).toMatchObject({ type: 'action', action: 'open-settings' });
    const tip = trayTooltip(state, w.clock.now(), ZONE);
    expect(tip.match(/rejected the API key/g)).toHaveLength(1);
    expect(tip).not.toMatch(/Coverage requests/);
  }, 30_000);

  it('with the good key it still asks for a schedule', async () => {
    const { w, engine } = await onboarded('ocs_good_1111');
    await engine.stop();
    const again = w.engine();
    await again.start();
    await w.clock.advance(2_000);
    const state = again.getState();
    expect(state.sync).toEqual({
      kind: 'needs_setup',
      message: 'Add a schedule to watch.',
      clause: 'Add a schedule to watch',
    });
  }, 30_000);
});
