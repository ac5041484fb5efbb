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

/** Two accounts read, each with my shifts, Start at login off: the engine's state once it says so. */
async function twoAccountsStartAtLoginOff(): Promise<AppState> {
  const h = (host = await startHost('configured'));
  const o = (other = await startSecondService());
  const saved = h.engine.getState().settings.accounts;
  const schedules = ['sch_platform_primary', 'sch_payments_us'].map((id) => ({ id }));
  await h.invoke('settings:update', {
    startAtLogin: false,
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
      (x.me.readiness?.checks.some((c) => c.id === 'autostart' && c.result === 'problem') ?? false),
    'both accounts read, Start at login off before my shift',
  );
}

describe('Start at login, off, before my next shift with two accounts', () => {
  it('is one app-wide line on every surface, without an account name before it', async () => {
    const s = await twoAccountsStartAtLoginOff();
    const check = s.me.readiness?.checks.find((c) => c.id === 'autostart');
    const message = check?.message ?? '';
    expect(message).toMatch(/Start at login/);
    // The only problem is the app-wide one (else an account's own problem could rightly name it).
    expect(s.me.readiness?.checks.filter((c) => c.result === 'problem').map((c) => c.id)).toEqual(['autostart']);
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
