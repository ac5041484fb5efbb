// Adv49 r23 #1 (issues 49, 47): both services' e-mails name no one (a typo, twice) and Acme's primary sends some
// shifts unreadable. The tray offered each e-mail's fix; the popover said only "Your shifts: unknown", with the hole's
// Retry as its one problem. Now its state says why (each account's e-mail) and, under the sync line, each account's
// e-mail problem has its fix: Settings at that account's e-mail field, as the tray's item opens it. Chromium, the
// real engine, two simulators on loopback; the e-mails and account ids are the ones this test put in Settings.
import { afterEach, describe, expect, it } from 'vitest';
import { startSecondService, type SecondService } from './support/second-service';
import { e2eSession } from './support/session';

const session = e2eSession();
let acme: SecondService | undefined;
afterEach(async () => {
  await acme?.sim.close();
  acme = undefined;
});

const SCHEDULES = ['sch_platform_primary', 'sch_payments_us', 'sch_data_tokyo'];
const HOUR = 3_600_000;
const WORK_EMAIL = 'nobody@example.com';
const ACME_EMAIL = 'nobody2@acme.example';

describe('the popover with my e-mail naming no one on two accounts and a hole on one', () => {
  it('says why my shifts are unknown and offers each account’s e-mail fix', async () => {
    const { page, host } = await session.open('configured', { width: 360, height: 520 }, { email: WORK_EMAIL });
    acme = await startSecondService();
    const now = acme.sim.clock.now();
    acme.sim.unreadable.add('sch_platform_primary', { fromMs: now + 2 * HOUR, toMs: now + 74 * HOUR });
    const [work] = host.engine.getState().settings.accounts;
    if (!work) throw new Error('no Work account');
    await host.invoke('settings:update', {
      accounts: [
        { ...work, label: 'Work', email: WORK_EMAIL },
        {
          id: 'acme',
          label: 'Acme',
          baseUrl: acme.sim.url,
          email: ACME_EMAIL,
          schedules: SCHEDULES.map((id) => ({ id })),
        },
      ],
    });
    await host.invoke('key:set', { accountId: 'acme', key: 'ocs_acme_k1' });
    const absent = (n: { id: string }) => n.id.startsWith('identity-absent:');
    await host.waitForState(
      (s) => !s.syncing && s.notices.filter(absent).length === 2,
      'both e-mails naming no one',
      30_000,
    );
    await page.goto(`${host.url}/index.html?window=popover&view=status`);
    // The hole's problem is there (the hostile case), with its Retry.
    await expect.poll(() => page.getByTestId('stale-line').innerText()).toContain("Acme: Couldn't read some shifts of");
    // My state says why, each account's e-mail.
    const me = await page.locator('section[aria-labelledby="me-heading"]').innerText();
    expect(me).toContain(WORK_EMAIL);
    expect(me).toContain(ACME_EMAIL);
    // Each e-mail problem once, with its fix: Settings at that account's e-mail field.
    const lines = page.getByTestId('email-fix');
    await expect.poll(() => lines.count()).toBe(2);
    for (const [id, email] of [
      [work.id, WORK_EMAIL],
      ['acme', ACME_EMAIL],
    ] as const) {
      // The press navigates this page to the view it asked for (the host's stand-in for main): back to the popover.
      await page.goto(`${host.url}/index.html?window=popover&view=status`);
      await expect.poll(() => lines.count()).toBe(2);
      const line = lines.filter({ hasText: email });
      expect(await line.count()).toBe(1);
      await line.getByRole('button', { name: 'Check the e-mail…' }).click();
      const call = host.windowCalls.at(-1);
      expect(call?.channel).toBe('window:open');
      expect(call?.request).toEqual({ view: 'settings', params: { account: id, section: 'email' } });
    }
  }, 90_000);
});
