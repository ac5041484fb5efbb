// Issue 47 (after adv47 r25 #1): who I am at the service, unsettled, is the account's problem on every surface with
// its fix, Settings at that account's e-mail field. (1) The service lists my user under another e-mail: the tray
// has it as an item opening the e-mail field, the tooltip says it, the one notification opens there too. (2) My
// e-mail names no one on any of the account's schedules (a typo on a first run; my user on none): never "Off call,
// nothing in 14 days" as fact, but the problem with the same fix; the fix (the right e-mail) settles it. (3) Only
// some schedules lack me, or I am in a rotation with no shift in the horizon: that is off call, and no problem.
// Real engine, simulator on loopback, fake clock; the expected words are spelled here from the world, not the code.
import { describe, expect, it } from 'vitest';
import { buildTrayMenu, trayIconFor, trayTooltip } from '../../../electron/core/state/tray-menu';
import { formatStatus } from '../../../electron/cli/status-format';
import { myStateLine } from '../../../renderer/src/lib/status-model';
import { MAIN_ACCOUNT_ID } from '../../../electron/shared/accounts';
import type { AppState } from '../../../electron/shared/view-state';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, PLATFORM_ID, opsSeed, seedOf } from '../support/seeds';
import { trayItems } from '../support/tray-labels';
import { twoServices } from './support/two-services';

const MIN = 60_000;
const START = Date.parse('2026-03-10T10:00:00Z');
const MOVED = 'mia.meyer@example.com';
const TYPO = 'me@exmaple.com';
const EMAIL_FIX = { accountId: MAIN_ACCOUNT_ID, section: 'email' };

async function started(seed: object, email: string, scheduleIds: string[]) {
  const h = await createHarness({ startMs: START, seed, files: 'fs' });
  await seedSettings(h, { email, scheduleIds });
  const e = h.engine();
  await h.clock.runWhileAdvancing(e.start(), 1000, 60);
  await h.clock.advance(5 * MIN);
  return { h, e, label: new URL(h.sim.url).hostname };
}

/** What each surface says, read as a person reads it. */
function surfaces(state: AppState, nowMs: number) {
  const menu = trayItems(buildTrayMenu(state, nowMs, 'UTC'));
  return {
    tooltip: trayTooltip(state, nowMs, 'UTC'),
    popover: myStateLine(state, { nowMs, locale: 'en-GB', localZone: 'UTC' }).title,
    status: formatStatus(state, { nowMs, localZone: 'UTC' }),
    icon: trayIconFor(state, nowMs),
    /** Every tray item opening Settings at an e-mail field, with its words. */
    emailItems: menu.flatMap((i) =>
      i.type === 'action' && i.params?.section === 'email' ? [{ label: i.label, params: i.params }] : [],
    ),
  };
}

const setEmail = (h: Harness, email: string) => {
  const me = h.sim.state.users.get('usr_me');
  if (me) me.email = email;
};

describe('my e-mail at the service, unsettled: the account’s problem with its fix', () => {
  it('the service lists my user under another e-mail: a tray item and tooltip line, opening the e-mail field', async () => {
    const { h, e, label } = await started(opsSeed, ME, [OPS_ID]);
    const mark = h.notifier.shown.length;
    setEmail(h, MOVED);
    h.sim.state.addOverride(
      OPS_ID,
      { startMs: Date.parse('2026-04-20T01:00:00Z'), endMs: Date.parse('2026-04-20T02:00:00Z'), userIds: ['usr_bob'] },
      h.clock.now(),
    );
    await h.clock.advance(20 * MIN);
    const problem = `${label} lists you as ${MOVED} now; Settings say ${ME}. Update the e-mail in Settings.`;
    const seen = surfaces(e.getState(), h.clock.now());
    expect(seen.emailItems).toEqual([{ label: problem, params: EMAIL_FIX }]);
    expect(seen.tooltip.split('\n')).toContain(problem);
    const told = h.notifier.shown.slice(mark).filter((n) => n.id.startsWith('identity-moved:'));
    // Clicked, it opens Settings with the view params the tray's item opens it with (tray-commands' settingsPlace).
    expect(told.map((n) => [n.target, n.params])).toEqual([
      ['settings', { account: MAIN_ACCOUNT_ID, section: 'email' }],
    ]);
    await e.stop();
  }, 60_000);

  it('a first run with a typo’d e-mail: unknown, never off call, said as a problem whose fix settles it', async () => {
    const { h, e, label } = await started(opsSeed, TYPO, [OPS_ID]);
    const problem = `No one on ${label}'s schedules has the e-mail ${TYPO} — check the e-mail in Settings.`;
    const seen = surfaces(e.getState(), h.clock.now());
    for (const said of [seen.tooltip, seen.popover, seen.status]) {
      expect(said).not.toMatch(/Off call|Not on call|No shift of yours|No upcoming shift/);
    }
    expect(seen.popover).toBe('Your shifts: unknown');
    expect(seen.status).toContain(`no one on ${label}'s schedules has the e-mail ${TYPO}`);
    expect(seen.icon).toBe('problem');
    expect(seen.emailItems).toEqual([{ label: problem, params: EMAIL_FIX }]);
    expect(seen.tooltip.split('\n')).toContain(problem);

    // The fix: the e-mail the service has for me. The next read settles it; my shift (Ops, me 09–17 UTC) shows.
    const update = e.handlers['settings:update']({ account: { id: MAIN_ACCOUNT_ID, email: ME } });
    await h.clock.runWhileAdvancing(update, 1000, 60);
    await h.clock.advance(10 * MIN);
    const fixed = surfaces(e.getState(), h.clock.now());
    expect(fixed.emailItems).toEqual([]);
    expect(e.getState().me.onCallNow.map((s) => s.scheduleId)).toEqual([`${OPS_ID}`]);
    await e.stop();
  }, 60_000);

  it('my user taken off every schedule: my shifts are unknown, not "off call"', async () => {
    const { h, e, label } = await started(opsSeed, ME, [OPS_ID]);
    expect(e.getState().me.onCallNow).not.toEqual([]);
    const ops = h.sim.state.schedules.get(OPS_ID);
    for (const l of ops?.layers ?? []) l.userIds = l.userIds.filter((id) => id !== 'usr_me');
    h.sim.state.addOverride(
      OPS_ID,
      { startMs: Date.parse('2026-04-20T01:00:00Z'), endMs: Date.parse('2026-04-20T02:00:00Z'), userIds: ['usr_bob'] },
      h.clock.now(),
    );
    await h.clock.advance(20 * MIN);
    const seen = surfaces(e.getState(), h.clock.now());
    expect(seen.popover).toBe('Your shifts: unknown');
    expect(seen.tooltip).not.toMatch(/Off call/);
    expect(seen.emailItems.map((i) => i.label)).toEqual([
      `No one on ${label}'s schedules has the e-mail ${ME} — check the e-mail in Settings.`,
    ]);
    await e.stop();
  }, 60_000);

  it('only some schedules lack me, or none of my turns falls in the horizon: off call, no problem', async () => {
    // Quiet: Alice and Bob only. Rota: me third in 15-day turns from 1 Mar, so my next starts 31 Mar (past 14 days).
    const seed = seedOf([
      {
        id: OPS_ID,
        name: 'Quiet',
        zone: 'Etc/UTC',
        rotationStart: '2026-03-01T00:00:00Z',
        userIds: ['usr_alice', 'usr_bob'],
        length: { amount: 1, unit: 'days' },
      },
      {
        id: PLATFORM_ID,
        name: 'Rota',
        zone: 'Etc/UTC',
        rotationStart: '2026-03-01T00:00:00Z',
        userIds: ['usr_alice', 'usr_bob', 'usr_me'],
        length: { amount: 15, unit: 'days' },
      },
    ]);
    const { h, e } = await started(seed, ME, [OPS_ID, PLATFORM_ID]);
    const state = e.getState();
    const seen = surfaces(state, h.clock.now());
    expect(seen.emailItems).toEqual([]);
    expect(state.notices.filter((n) => n.id.startsWith('identity-'))).toEqual([]);
    expect(seen.popover).toBe(`Off call, nothing in ${state.settings.horizonDays} days`);
    await e.stop();
  }, 60_000);

  it('with several accounts: the account whose e-mail names no one, named once, its item opening its own field', async () => {
    const w = await twoServices(START);
    const settings = JSON.parse((await w.harness.files.read('settings.json')) ?? '{}') as {
      accounts: { email: string }[];
    };
    settings.accounts[1]!.email = 'erin@exmaple.com';
    await w.harness.files.writeAtomic('settings.json', JSON.stringify(settings));
    w.engine = w.harness.engine();
    await w.harness.clock.runWhileAdvancing(w.engine.start(), 1000, 60);
    await w.harness.clock.advance(5 * MIN);
    const seen = surfaces(w.engine.getState(), w.harness.clock.now());
    expect(seen.emailItems).toEqual([
      {
        label: 'Acme: No one on its schedules has the e-mail erin@exmaple.com — check the e-mail in Settings.',
        params: { accountId: 'acme', section: 'email' },
      },
    ]);
    await w.engine.stop();
  }, 60_000);
});
