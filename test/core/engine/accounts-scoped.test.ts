// Issue 34, one account never blanks, stales or speaks for another: with Acme needing setup (no key) or down, Work's
// schedule, actions and statements stay as they are alone; what is wrong is said of Acme, by name, on the surfaces a
// user reads (the tray menu and tooltip, the popover as painted).
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTrayMenu, trayTooltip, type TrayMenuItem } from '../../../electron/core/state/tray-menu';
import { loadPopover, popover } from '../support/popover-text';
import { twoServices, type TwoServices } from './support/two-services';
import { trayItems } from '../support/tray-labels';

const START = Date.parse('2026-03-04T12:00:00Z');
const ZONE = 'Europe/Berlin';

let world: TwoServices | undefined;
beforeAll(loadPopover, 180_000);

/** Both services, Acme's e-mail not in its rotation (so every statement about my shifts is Work's alone). */
async function world2(options: { acmeKey: boolean }): Promise<TwoServices> {
  world = await twoServices(START);
  const { files, secrets } = world.harness;
  const settings = JSON.parse((await files.read('settings.json')) ?? '{}') as {
    accounts: { email: string }[];
  };
  const acme = settings.accounts[1];
  if (acme) acme.email = 'nobody@example.com';
  await files.writeAtomic('settings.json', JSON.stringify(settings));
  if (!options.acmeKey) await secrets.delete(`acme@${new URL(world.acme.url).host}`);
  world.engine = world.harness.engine();
  await world.engine.start();
  await world.harness.clock.advance(5_000);
  return world;
}

const enabled = (menu: TrayMenuItem[], label: string): boolean | undefined =>
  trayItems(menu).flatMap((i) => (i.type === 'action' && i.label === label ? [i.enabled] : []))[0];

describe('engine: one account’s problem is scoped to it', () => {
  it('Acme without a key leaves Work’s popover, tray actions and refresh as they are, and names Acme', async () => {
    const w = await world2({ acmeKey: false });
    const now = w.harness.clock.now();
    const state = w.engine.getState();
    expect(state.accounts.map((a) => [a.id, a.sync.kind])).toEqual([
      ['work', 'ok'],
      ['acme', 'needs_setup'],
    ]);
    const menu = buildTrayMenu(state, now, ZONE);
    for (const label of ['Quick override…', 'Refresh now', 'Copy on-call summary', 'Edit team…', 'Chat user group…'])
      expect(enabled(menu, label), label).toBe(true);
    // The problem once, as its fix (issue 49, adversarial round 7, #2).
    expect(trayTooltip(state, now, ZONE)).toContain('Add the API key for Acme…');
    const shown = popover(state, now, ZONE);
    expect(shown.all).not.toContain('Nothing to show yet');
    expect(shown.card('work:sch_primary')).toMatch(/Alice|Bob/);
    expect(shown.all).toContain('Acme');
  }, 120_000);

  it('Acme down: Work’s fresh shift is not told as saved data, and the offline line names Acme', async () => {
    const w = await world2({ acmeKey: true });
    w.acme.faults.set('*', { status: 500 });
    await w.harness.clock.advance(60 * 60_000);
    await w.engine.handlers['sync:refresh'](null);
    await w.harness.clock.advance(5_000);
    const now = w.harness.clock.now();
    const state = w.engine.getState();
    expect(state.schedules.map((s) => [s.id, s.status.kind])).toEqual([
      ['work:sch_primary', 'fresh'],
      ['acme:sch_primary', 'stale'],
    ]);
    const tooltip = trayTooltip(state, now, ZONE).split('\n');
    expect(tooltip[0]).toMatch(/^(On call|Next on call): .*Work/);
    expect(tooltip[0]).not.toContain('saved data');
    expect(tooltip.join('\n')).toMatch(/Acme: /);
    expect(popover(state, now, ZONE).me).not.toContain('saved data');
  }, 120_000);
});

describe('engine: a wait the service asked for, said until when', () => {
  it('Acme’s 503 with Retry-After: the tooltip names Acme and until when it waits; Work stays as it is', async () => {
    const w = await world2({ acmeKey: true });
    w.acme.faults.set('*', { status: 503, retryAfter: '600' });
    await w.engine.handlers['sync:refresh'](null);
    await w.harness.clock.advance(5_000);
    const now = w.harness.clock.now();
    const state = w.engine.getState();
    const tooltip = trayTooltip(state, now, ZONE);
    // The wait ends ten minutes after the 503 (sent within the last 5 s), rounded up to the minute, in Berlin time.
    const hhmm = (ms: number): string =>
      new Date(Math.ceil(ms / 60_000) * 60_000).toLocaleTimeString('en-GB', {
        timeZone: ZONE,
        hour: '2-digit',
        minute: '2-digit',
      });
    const shown = /Acme: .*The service asked to wait until (\d\d:\d\d)/.exec(tooltip)?.[1];
    expect([hhmm(now - 5_000 + 600_000), hhmm(now + 600_000)]).toContain(shown);
    // Acme's saved requests are said as Acme's, not of all requests.
    expect(tooltip).not.toMatch(/^Coverage requests: saved data/m);
    expect(state.accounts.find((a) => a.id === 'work')?.sync.kind).toBe('ok');
  }, 120_000);
});
