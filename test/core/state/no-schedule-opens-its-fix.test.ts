// Issue 49 (adv49 r31): one account, key set and accepted, watching no schedule. The problem ("Add a schedule to
// watch.") is the item that opens its fix (onboarding on that account), as it is with several accounts, and no
// second "Set up OnCall Tray…" offers the same fix beside it.
import { afterEach, describe, expect, it } from 'vitest';
import { startHost, type Host } from '../../e2e/support/host';
import { buildTrayMenu } from '../../../electron/core/state/tray-menu';
import { trayItems, trayLabels } from '../support/tray-labels';

let host: Host | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

describe('one account watching no schedule', () => {
  it('leads the tray with the problem as an item opening onboarding on that account, offered once', async () => {
    host = await startHost('configured');
    const saved = host.engine.getState().settings.accounts;
    const account = saved[0];
    expect(saved).toHaveLength(1);
    if (!account) return;
    await host.invoke('settings:update', { accounts: [{ ...account, schedules: [] }] });
    const s = await host.waitForState(
      (x) => x.sync.kind === 'needs_setup' && x.setup.hasKey && !x.syncing,
      'no schedule watched, key kept',
    );
    // The problem as the engine states it (its own words, read from the state, not from the menu).
    const problem = s.sync.kind === 'needs_setup' ? s.sync.message : '';
    expect(problem).not.toBe('');
    const menu = buildTrayMenu(s, Date.now(), 'Europe/Berlin');
    expect(menu[0]).toEqual({
      type: 'action',
      label: problem,
      action: 'open-onboarding',
      enabled: true,
      params: { accountId: account.id },
    });
    // One way to that fix: no other item (top level or nested) opens onboarding, and no "Set up" beside it.
    const onboarding = trayItems(menu).filter((i) => i.type === 'action' && i.action === 'open-onboarding');
    expect(onboarding).toHaveLength(1);
    expect(trayLabels(menu)).not.toContain('Set up OnCall Tray…');
    expect(menu.filter((i) => i.type !== 'separator').length).toBeLessThanOrEqual(15);
  }, 60_000);
});
