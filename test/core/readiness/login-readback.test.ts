// adv49 r35 F1: Start at login on, but the OS did not take it (Linux: the autostart entry can't be written; macOS:
// the login item waits for approval; Windows: it was not registered). Readiness is judged from what the OS said,
// the problem is said once, and what says it opens its fix (Settings at Start at login).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyStartAtLogin } from '../../../electron/adapters/autostart';
import { DESKTOP_PLATFORMS, platformTraits } from '../../../electron/core/platform/desktop-platform';
import { buildTrayMenu } from '../../../electron/core/state/tray-menu';
import type { TrayMenuItem } from '../../../electron/core/state/tray-items';
import { readinessLine } from '../../../electron/shared/readiness-text';
import type { AppState } from '../../../electron/shared/view-state';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { MY_START } from '../support/phone-engine-rig';

const ZONE = 'Europe/Berlin';

/** What the OS says of Start at login on `platform`, through the real adapter, in a world where it does not take. */
async function osRefusal(platform: (typeof DESKTOP_PLATFORMS)[number]): Promise<string> {
  const home = mkdtempSync(join(tmpdir(), 'oncall-login-'));
  // Linux: ~/.config/autostart is a file, so the entry's folder can't be made.
  writeFileSync(join(home, 'autostart'), 'not a folder');
  const status = platform === 'darwin' ? { status: 'requires-approval' } : {};
  try {
    const said = await applyStartAtLogin(true, {
      platform,
      setLoginItemSettings: () => undefined,
      getLoginItemSettings: () => ({ openAtLogin: false, ...status }),
      env: { XDG_CONFIG_HOME: home, HOME: home },
      execPath: '/usr/bin/oncall-tray',
    });
    if (said === undefined) throw new Error(`${platform}: the OS refusal was not reported`);
    return said;
  } catch (e) {
    // As settings-follower.ts words a failed write.
    if (platformTraits(platform).autostart !== 'xdg-autostart') throw e;
    return `Start at login could not be set: ${e instanceof Error ? e.message : String(e)}`;
  }
}

const leaves = (items: readonly TrayMenuItem[]): TrayMenuItem[] =>
  items.flatMap((i) => (i.type === 'submenu' ? leaves(i.items) : [i]));

/** The real engine 3 h before my shift, Start at login on, told what the OS said as the shell tells it. */
async function startedState(loginProblem: string): Promise<{ state: AppState; now: number; before: AppState }> {
  const h = await createHarness({ startMs: MY_START - 3 * 3_600_000, seed: opsSeed, files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID], startAtLogin: true });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(5000);
  const before = engine.getState();
  engine.loginProblem(loginProblem);
  await h.clock.advance(0);
  return { state: engine.getState(), now: h.clock.now(), before };
}

describe('Start at login the OS did not take', () => {
  for (const platform of DESKTOP_PLATFORMS)
    it(`${platform}: readiness is not ready, said once, and the item opens Settings at Start at login`, async () => {
      const loginProblem = await osRefusal(platform);
      const { state, now, before } = await startedState(loginProblem);
      // Until the OS answers, the setting is all there is.
      expect(before.me.readiness?.checks.find((c) => c.id === 'autostart')?.result).toBe('ok');
      const auto = state.me.readiness?.checks.find((c) => c.id === 'autostart');
      expect(auto).toMatchObject({ result: 'problem', message: loginProblem, action: 'settings' });
      expect(auto?.label).toBe('Open Start at login in Settings');
      const r = state.me.readiness;
      if (!r) throw new Error('no readiness for a shift 3 h away');
      const line = readinessLine(r, (iso) => iso, state);
      expect(line.ready).toBe(false);
      expect(line.problem?.id).toBe('autostart');
      expect(line.text).not.toContain('✓');

      const menu = leaves(buildTrayMenu(state, now, ZONE, { loginProblem }));
      const saying = menu.filter((m) => 'label' in m && m.label.includes(loginProblem));
      expect(saying, 'the problem is said once in the menu').toHaveLength(1);
      expect(saying[0]).toMatchObject({ type: 'action', action: 'open-settings', params: { section: 'login' } });
    }, 30_000);

  it('with no shift to be ready for, the tray item alone says it, and opens Settings at Start at login', async () => {
    const loginProblem = await osRefusal('linux');
    const { state, now } = await startedState(loginProblem);
    const noShift = { ...state, me: { ...state.me, readiness: null } };
    const saying = leaves(buildTrayMenu(noShift, now, ZONE, { loginProblem })).filter(
      (m) => 'label' in m && m.label.includes(loginProblem),
    );
    expect(saying).toHaveLength(1);
    expect(saying[0]).toMatchObject({ type: 'action', action: 'open-settings', params: { section: 'login' } });
  }, 30_000);
});
