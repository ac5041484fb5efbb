// The text registry's popover holds what the popover shows (issue 47, adversarial round 37, test support): My
// shifts' empty line ("No shift of yours in the next 14 days.") only when its list has no row, as MyShifts.svelte
// draws it. Before, the registry added it beside listed shifts, so a property could read a claim the app never
// makes. The app's own component, rendered from the same state, says whether the line is shown; the state is the real
// engine's over the simulator, with a fake clock.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { everyText } from '../../support/text-registry';
import { myListRows, myShiftsNote } from '../../../renderer/src/lib/my-shift-rows';
import { renderToHtml } from '../../renderer/support/ssr';
import type { AppState } from '../../../electron/shared/view-state';

const START = Date.parse('2026-03-25T10:00:00Z');
const ZONE = 'Europe/Berlin';
const COMPONENT = fileURLToPath(new URL('../../../renderer/src/components/MyShifts.svelte', import.meta.url));
const daily = {
  zone: 'Etc/UTC',
  rotationStart: '2026-03-20T08:00:00.000Z',
  length: { amount: 1, unit: 'days' as const },
};

async function stateWith(userIds: string[]): Promise<AppState> {
  const h = await createHarness({
    startMs: START,
    seed: seedOf([{ id: 'sch_solo', name: 'Solo', userIds, ...daily }]),
  });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_solo'] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(60_000);
  const state = engine.getState();
  await engine.stop();
  await h.close();
  return state;
}

/** What the popover's My shifts shows of its empty line, by the app's component, and what the registry says. */
async function shownAndListed(state: AppState) {
  const ctx = { nowMs: START + 60_000, locale: 'en-GB', localZone: ZONE };
  const rows = myListRows(state, ctx);
  const { empty } = myShiftsNote(state, ctx);
  const html = await renderToHtml(COMPONENT, { rows, horizonDays: state.settings.horizonDays, empty });
  const popover = everyText({ state, nowMs: ctx.nowMs, localZone: ZONE }).find((s) => s.surface === 'popover');
  return { rows: rows.length, empty, shown: html.includes(empty), listed: popover?.text.split('\n').includes(empty) };
}

describe('the registry’s popover text: My shifts’ empty line as the popover shows it', () => {
  it('is left out while My shifts lists my shifts', async () => {
    const w = await shownAndListed(await stateWith(['usr_me', 'usr_alice', 'usr_bob']));
    expect(w.rows).toBeGreaterThan(0);
    expect(w.empty).not.toBe('');
    expect(w.shown).toBe(false);
    expect(w.listed).toBe(w.shown);
  }, 60_000);

  it('is said when My shifts lists none', async () => {
    const w = await shownAndListed(await stateWith(['usr_alice', 'usr_bob']));
    expect(w.rows).toBe(0);
    expect(w.shown).toBe(true);
    expect(w.listed).toBe(w.shown);
  }, 60_000);
});
