// Issue 49 (adv49 r31): Start at login is one app-wide setting, so "Not ready … turn on Start at login" is said
// once, app-wide, never under one account ("Work · Not ready…") as if another account were ready. Real engine and
// simulators (two accounts, each with my shifts); the line is read on the tray menu, tooltip, popover and `status`.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type Host } from '../e2e/support/host';
import { startSecondService, type SecondService } from '../e2e/support/second-service';
import { buildTrayMenu, trayTooltip } from '../../electron/core/state/tray-menu';
import { formatStatus } from '../../electron/cli/status-format';
import { readinessWarning } from '../../electron/core/engine/readiness-warning';
import type { AppState } from '../../electron/shared/view-state';
import { trayLabels } from '../core/support/tray-labels';
import { loadPopover, popover } from '../core/support/popover-text';

beforeAll(loadPopover);
let host: Host | undefined;
let other: SecondService | undefined;
afterEach(async () => {
  await host?.close();
  await other?.sim.close();
  host = other = undefined;
});

const ZONE = 'Europe/Berlin';

/** The desktop's answer: no notification server (as notification-health.ts says it on Linux without one). */
const NO_SERVER = { result: 'problem' as const, message: 'No notification server answers on this desktop: start one.' };

/** Two accounts read, each with my shifts, and one app-wide problem: Start at login off, or (`notifications`) the
 *  desktop showing no notification: the engine's state once readiness says so. */
async function twoAccountsWith(problem: 'autostart' | 'notifications'): Promise<AppState> {
  const notifications = problem === 'notifications';
  const h = (host = await startHost('configured', notifications ? { notificationHealth: async () => NO_SERVER } : {}));
  const o = (other = await startSecondService());
  const saved = h.engine.getState().settings.accounts;
  const schedules = ['sch_platform_primary', 'sch_payments_us'].map((id) => ({ id }));
  await h.invoke('settings:update', {
    startAtLogin: notifications,
    accounts: [
      { ...saved[0], label: 'Work' },
      { id: 'acme', label: 'Acme', baseUrl: o.sim.url, email: o.me, schedules },
    ],
  });
  await h.invoke('key:set', { accountId: 'acme', key: 'ocs_acme_k1' });
  return h.waitForState(
    (x) =>
      x.accounts.length === 2 &&
      x.accounts.every((a) => a.sync.kind === 'ok') &&
      !x.syncing &&
      (x.me.readiness?.checks.some((c) => c.id === problem && c.result === 'problem') ?? false),
    `both accounts read, ${problem} a problem before my shift`,
  );
}
const twoAccountsStartAtLoginOff = (): Promise<AppState> => twoAccountsWith('autostart');

/** Every surface's "Not ready for your shift" lines (the menu, the tooltip, the popover, `status`), none named. */
function saidUnnamed(s: AppState): void {
  const named = (line: string): boolean => s.accounts.some((a) => line.startsWith(`${a.label} · `));
  const surfaces: Record<string, string[]> = {
    menu: trayLabels(buildTrayMenu(s, Date.now(), ZONE)),
    tooltip: trayTooltip(s, Date.now(), ZONE).split('\n'),
    popover: [popover(s, Date.now(), ZONE).all],
    status: formatStatus(s, { nowMs: Date.now(), localZone: ZONE })
      .split('\n')
      .map((l) => l.replace(/^Ready for your next shift: /, '')),
  };
  for (const [surface, lines] of Object.entries(surfaces)) {
    const said = lines.filter((l) => l.includes(`Not ready for your shift`));
    if (surface !== 'tooltip') expect(said.length, `${surface} says it`).toBeGreaterThan(0);
    for (const l of said) {
      expect(named(l), `${surface}: ${l}`).toBe(false);
      for (const a of s.accounts) expect(l, surface).not.toContain(`${a.label} · Not ready`);
    }
  }
}

describe('Start at login, off, before my next shift with two accounts', () => {
  it('is one app-wide line on every surface, without an account name before it', async () => {
    const s = await twoAccountsStartAtLoginOff();
    const check = s.me.readiness?.checks.find((c) => c.id === 'autostart');
    const message = check?.message ?? '';
    expect(message).toMatch(/Start at login/);
    // The only problem is the app-wide one (else an account's own problem could rightly name it).
    expect(s.me.readiness?.checks.filter((c) => c.result === 'problem').map((c) => c.id)).toEqual(['autostart']);
    saidUnnamed(s);
  }, 90_000);

  it('titles its warning notification without an account name, as its line', async () => {
    const s = await twoAccountsStartAtLoginOff();
    const r = s.me.readiness;
    expect(r).toBeDefined();
    if (!r) return;
    const warned = readinessWarning(s, r, { nowMs: Date.now(), localZone: ZONE });
    expect(warned.notice?.title).toBe('Not ready for your shift');
    expect(warned.notice?.body.startsWith('Not ready for your shift at ')).toBe(true);
  }, 90_000);
});

// The notifications check covers the whole app too (one desktop shows every account's notifications): the same
// line app-wide, unnamed, and its warning titled so (adv49 r31; fix49zero had no room for it in the first load).
describe('the desktop showing no notification before my next shift with two accounts', () => {
  it('is one app-wide line on every surface and its warning is titled without an account name', async () => {
    const s = await twoAccountsWith('notifications');
    // The line says its first problem (the alarm's, which the same desktop keeps quiet, comes after it).
    expect(s.me.readiness?.checks.find((c) => c.result === 'problem')?.id).toBe('notifications');
    saidUnnamed(s);
    const r = s.me.readiness;
    expect(r).toBeDefined();
    if (!r) return;
    const warned = readinessWarning(s, r, { nowMs: Date.now(), localZone: ZONE });
    expect(warned.notice?.title).toBe('Not ready for your shift');
    expect(warned.notice?.body.startsWith('Not ready for your shift at ')).toBe(true);
    expect(warned.notice?.body).toContain(NO_SERVER.message);
  }, 90_000);
});
