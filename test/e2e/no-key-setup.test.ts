// Issue 49, adversarial round 7, #2, in real Chromium: one of two accounts has no key. Its problem is one line whose
// button opens onboarding on that account (the tray item's intent), never Retry; axe 0.
import { describe, expect, it } from 'vitest';
import { accountIdOf } from '../../electron/shared/accounts';
import type { AppState } from '../../electron/shared/view-state';
import { axeViolations } from './support/axe';
import { e2eSession, type Opened } from './support/session';

const session = e2eSession();
const push = (app: Opened, state: AppState) =>
  app.page.evaluate(`window.__oncallPush('state:changed', ${JSON.stringify(state)})`);

describe('an account with no key in the popover', () => {
  it('is one problem whose action opens its onboarding, not Retry, axe 0', async () => {
    const app = await session.open('configured');
    const { page, host } = app;
    const state = host.engine.getState();
    const [work] = state.accounts;
    const [first] = state.schedules;
    if (!work || !first) throw new Error('one account set up');
    const acme = accountIdOf('acme');
    await push(app, {
      ...state,
      sync: { kind: 'partial', message: 'Acme: Add your API key to start.', clause: 'Acme: Add your API key to start' },
      accounts: [
        work,
        {
          ...work,
          id: acme,
          label: 'Acme',
          sync: {
            kind: 'needs_setup' as const,
            message: 'Add your API key to start.',
            clause: 'Add your API key to start',
          },
          hasKey: false,
          keyStorage: 'none' as const,
          lastSuccessAt: null,
        },
      ],
      schedules: [
        ...state.schedules,
        {
          ...first,
          id: 'acme:sch_0',
          accountId: acme,
          status: { kind: 'not_read', reason: 'no API key for Acme' },
          now: null,
          next: null,
          timeline: [],
          known: null,
          meOnCall: false,
        },
      ],
    });
    const line = page.getByTestId('stale-line');
    await expect.poll(() => line.textContent()).toContain('Acme: Add your API key to start.');
    expect(await line.getByRole('button', { name: /Retry/ }).count()).toBe(0);
    // Nor in a heading (the now-lines' or the cards'): said once, by the line with its fix.
    expect(await page.getByText('Acme: not set up').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    // Named for its account, as the tray's item, also when read alone (adv49 r8 F3).
    await line.getByRole('button', { name: 'Set up Acme…', exact: true }).click();
    expect(host.windowCalls.at(-1)).toEqual({
      channel: 'window:open',
      request: { view: 'onboarding', params: { account: 'acme' } },
    });
  }, 120_000);
});
