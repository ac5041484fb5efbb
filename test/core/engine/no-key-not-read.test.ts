// Issue 49, adversarial round 7, #2: an account configured with no key stored can't be read, so its schedules and
// its coverage list say why ("not read: no API key for Acme"), never that a read is under way ("loading…", "still
// loading", "aren't loaded yet"), however long the app runs. Real engine, simulator, fake clock.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTrayMenu, trayTooltip } from '../../../electron/core/state/tray-menu';
import { loadPopover, popover } from '../support/popover-text';
import { twoServices, type TwoServices } from './support/two-services';
import { trayItems } from '../support/tray-labels';

const START = Date.parse('2026-03-04T12:00:00Z');
const ZONE = 'Europe/Berlin';
const LOADING = /loading|aren.t loaded|loaded yet/i;

let world: TwoServices | undefined;
beforeAll(loadPopover, 180_000);
afterEach(async () => {
  await world?.engine.stop();
  world = undefined;
});

describe('engine: an account with no key is never "loading"', () => {
  it('Acme’s schedules and requests are "not read: no API key for Acme" on every surface, an hour on', async () => {
    world = await twoServices(START);
    const { secrets } = world.harness;
    await secrets.delete(`acme@${new URL(world.acme.url).host}`);
    world.engine = world.harness.engine();
    await world.engine.start();
    for (const stepMs of [5_000, 60 * 60_000]) {
      await world.harness.clock.advance(stepMs);
      const now = world.harness.clock.now();
      const state = world.engine.getState();
      const acme = state.schedules.filter((s) => s.accountId === 'acme');
      expect(acme.length).toBeGreaterThan(0);
      for (const s of acme) expect(s.status).toEqual({ kind: 'not_read', reason: 'no API key for Acme' });
      expect(state.schedules.find((s) => s.accountId === 'work')?.status.kind).toBe('fresh');
      expect(JSON.stringify(state.me.gaps)).not.toMatch(/"kind":"loading"/);
      const menu = trayItems(buildTrayMenu(state, now, ZONE)).map((i) => ('label' in i ? i.label : ''));
      expect(menu.filter((l) => LOADING.test(l))).toEqual([]);
      expect(menu.join('\n')).toContain('not read: no API key for Acme');
      expect(trayTooltip(state, now, ZONE)).not.toMatch(LOADING);
      const shown = popover(state, now, ZONE).all;
      expect(shown).not.toMatch(LOADING);
      expect(shown).toContain('no API key for Acme');
    }
  }, 120_000);
});
