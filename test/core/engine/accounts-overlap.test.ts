// Issue 34: the same service set up twice (same address and e-mail) is said, and told once: no reminder twice, no
// block of My shifts twice. A muted account shows no reminder and never sets the tray icon, while its schedules stay.
import { describe, expect, it } from 'vitest';
import { trayIconFor } from '../../../electron/core/state/tray-menu';
import { createHarness, type Harness } from '../support/engine-harness';
import { KEY_WORK, serviceSeed, twoServices, type TwoServices } from './support/two-services';
import { HOUR } from '../../support/time';

const START = Date.parse('2026-03-04T12:00:00Z');

let harness: Harness | undefined;
let world: TwoServices | undefined;

describe('engine: the same service twice, and a muted account', () => {
  it('the same service twice: said once as a notice, every reminder once, every block of mine once', async () => {
    harness = await createHarness({ startMs: START, seed: serviceSeed(KEY_WORK, ['alice', 'bob']), files: 'memory' });
    const host = new URL(harness.sim.url).host;
    const account = (id: string, label: string) => ({
      id,
      label,
      baseUrl: harness?.sim.url,
      email: 'alice@example.com',
      schedules: [{ id: 'sch_primary' }],
    });
    const accounts = [account('work', 'Work'), account('work-again', 'Work again')];
    await harness.files.writeAtomic('settings.json', JSON.stringify({ version: 2, accounts }));
    await harness.secrets.set(`work@${host}`, KEY_WORK);
    await harness.secrets.set(`work-again@${host}`, KEY_WORK);
    const engine = harness.engine();
    await engine.start();
    await harness.clock.advance(30 * HOUR);
    const state = engine.getState();
    expect(state.notices.map((n) => n.message)).toContain(
      "Work again is the same service as Work (the same address and e-mail): its shifts, requests and reminders are told once, as Work's. Remove one of them in Settings.",
    );
    const blocks = state.me.shifts.map((s) => s.start);
    expect(blocks.length).toBeGreaterThan(0);
    expect(new Set(blocks).size).toBe(blocks.length);
    const shown = harness.notifier.shown;
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((n) => n.title.startsWith('Work again'))).toEqual([]);
    await engine.stop();
  }, 120_000);

  it('a muted account: no reminder of it, on call there shows with the pause mark; its schedule is still shown', async () => {
    world = await twoServices(START);
    const settings = JSON.parse((await world.harness.files.read('settings.json')) ?? '{}') as {
      accounts: { muted?: boolean; email: string }[];
    };
    const acme = settings.accounts[1];
    // Frank is on call on Acme while Alice is off on Work (their rotations take turns day by day).
    if (acme) Object.assign(acme, { muted: true, email: 'frank@example.com' });
    await world.harness.files.writeAtomic('settings.json', JSON.stringify(settings));
    world.engine = world.harness.engine();
    await world.engine.start();
    let acmeOnly = 0;
    for (let h = 0; h < 24; h++) {
      await world.harness.clock.advance(2 * HOUR);
      const state = world.engine.getState();
      const on = state.me.onCallNow.map((s) => s.accountId);
      if (on.length > 0 && on.every((id) => id === 'acme')) {
        acmeOnly++;
        expect(trayIconFor(state, world.harness.clock.now())).toBe('oncall-paused');
      }
    }
    expect(acmeOnly).toBeGreaterThan(0);
    const shown = world.harness.notifier.shown;
    expect(shown.filter((n) => n.title.startsWith('Work ·')).length).toBeGreaterThan(0);
    expect(shown.filter((n) => n.title.startsWith('Acme'))).toEqual([]);
    expect(world.engine.getState().schedules.map((s) => s.id)).toContain('acme:sch_primary');
    await world.engine.stop();
  }, 180_000);
});
