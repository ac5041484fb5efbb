// Issue 49, adv49 r18: with two accounts, my next shift on the second (Acme), the readiness line's Settings fix opened
// Settings at the top, where the shared Reminders read ON while Acme's own choice for the schedule was off. The tray's
// item (through the tray's own command table) now opens Settings where the problem is: Acme's reminder choice for
// that schedule, or Acme's mute and pause when Acme is muted or paused past the start. Real engine, two simulators
// on loopback, a fake clock.
import { describe, expect, it, vi } from 'vitest';
import { buildTrayMenu } from '../../electron/core/state/tray-menu';
import { trayCommands } from '../../electron/adapters/tray-commands';
import { invokeChannels, type ViewName } from '../../electron/shared/ipc-contract';
import { twoServices, type TwoServices } from '../core/engine/support/two-services';
import { trayItems } from '../core/support/tray-labels';

// The tray's command table imports Electron for its dialogs and clipboard, which the open-settings item never uses.
vi.mock('electron', () => ({ clipboard: {}, dialog: {} }));

const START = Date.parse('2026-03-05T12:00:00Z');
const ZONE = 'Europe/Berlin';
const OFF = { atStart: false, leadTimesMin: [] };

/** Work's e-mail matches no one there, so my shifts are Acme's; `acme` is added to Acme's stored settings. */
async function world(acme: Record<string, unknown>): Promise<TwoServices> {
  const w = await twoServices(START);
  const account = (id: string, label: string, baseUrl: string, email: string) => ({
    id,
    label,
    baseUrl,
    email,
    schedules: [{ id: 'sch_primary' }],
  });
  const settings = {
    version: 2,
    startAtLogin: true,
    accounts: [
      account('work', 'Work', w.harness.sim.url, 'nobody@example.com'),
      { ...account('acme', 'Acme', w.acme.url, 'erin@example.com'), ...acme },
    ],
  };
  await w.harness.files.writeAtomic('settings.json', JSON.stringify(settings));
  w.engine = w.harness.engine({ alarms: false });
  await w.engine.start();
  await w.harness.clock.advance(5_000);
  return w;
}

/** The readiness line's tray item (it starts "Acme · Not ready"), run through the tray's command table. */
async function opensFromTray(w: TwoServices): Promise<{ view: ViewName; params?: Record<string, string> }[]> {
  const now = w.harness.clock.now();
  const state = w.engine.getState();
  const item = trayItems(buildTrayMenu(state, now, ZONE)).find(
    (i) => 'label' in i && i.label.startsWith('Acme · Not ready for your shift'),
  );
  if (!item || item.type !== 'action') throw new Error('no readiness item for Acme');
  expect(item.action).toBe('open-settings');
  const opens: { view: ViewName; params?: Record<string, string> }[] = [];
  const commands = trayCommands({
    engine: w.engine,
    clock: { now: () => now, setTimer: () => () => undefined },
    localZone: () => ZONE,
    open: (view, params) => void opens.push({ view, params }),
    updatePage: () => undefined,
    openCheckedLink: async () => undefined,
    quit: () => undefined,
  });
  await commands[item.action](item.params);
  return opens;
}

describe('the readiness fix in the tray opens Settings where the problem is', () => {
  it('reminders off for Acme’s schedule: Settings at Acme’s reminder choice for that schedule', async () => {
    const w = await world({ schedules: [{ id: 'sch_primary', reminders: OFF }] });
    const readiness = w.engine.getState().me.readiness;
    expect(readiness?.checks.find((c) => c.id === 'reminders')?.result).toBe('problem');
    expect(await opensFromTray(w)).toEqual([
      { view: 'settings', params: { account: 'acme', section: 'reminders', schedule: 'sch_primary' } },
    ]);
  }, 60_000);

  it('Acme muted: Settings at Acme’s mute and pause, not at its (on) reminders', async () => {
    const w = await world({ muted: true });
    expect(await opensFromTray(w)).toEqual([{ view: 'settings', params: { account: 'acme', section: 'silence' } }]);
  }, 60_000);

  it('Acme paused past the shift’s start: Settings at Acme’s mute and pause', async () => {
    // Paused for a week: past every start within the readiness window.
    const until = new Date(START + 7 * 24 * 3_600_000).toISOString();
    const w = await world({ pausedUntil: until });
    expect(await opensFromTray(w)).toEqual([{ view: 'settings', params: { account: 'acme', section: 'silence' } }]);
  }, 60_000);

  it('window:open takes those places (the popover asks main for them), and still refuses an unknown section', () => {
    const schema = invokeChannels['window:open'].request;
    const at = (params: Record<string, string>) => schema.safeParse({ view: 'settings', params }).success;
    expect(at({ account: 'acme', section: 'reminders', schedule: 'sch_primary' })).toBe(true);
    expect(at({ account: 'acme', section: 'silence' })).toBe(true);
    expect(at({ account: 'acme', section: 'keys' })).toBe(false);
  });
});
