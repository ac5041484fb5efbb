// Issue 49 (adv49 r17): a fresh install through onboarding (Start at login asked, left on; phone escalation left off,
// as it is optional) on a desktop whose notification server answers: the popover's first screen says it is ready for
// my shift. Before, it said "Can't tell if you're ready … — Phone escalation: not set up" before every shift.
// Real Chromium, real engine and simulator; the desktop is the app's own Linux check over a stand-in for dbus-send.
import { describe, expect, it } from 'vitest';
import { linuxNotificationHealth, type Run } from '../../electron/adapters/notification-health';
import { e2eSession } from './support/session';

const session = e2eSession();
// dunst answers, not paused, not inhibited; gsettings has no GNOME schema.
const dunst: Run = async (command, args) =>
  command === 'dbus-send' && args.includes('org.freedesktop.Notifications.GetServerInformation')
    ? { ok: true, stdout: '   string "dunst"\n   string "dunst"\n   string "1.9.0"\n   string "1.2"\n' }
    : command === 'dbus-send'
      ? { ok: true, stdout: '   variant       boolean false\n' }
      : { ok: false, stdout: '' };

describe('a fresh install through onboarding', () => {
  it('reads ready for my shift on the popover, with no doubt about the phone left off', async () => {
    const app = await session.open('empty', undefined, { notificationHealth: () => linuxNotificationHealth(dunst) });
    const { page, host } = app;
    await page.getByRole('button', { name: 'Set up OnCall Tray' }).click();
    await page.getByRole('list', { name: 'Steps' }).getByRole('button').first().waitFor();
    await page.getByLabel('API key').fill(host.sim.apiKey);
    await page.getByRole('button', { name: 'Next: Service address' }).click();
    await page.getByLabel('Service address').fill(host.sim.url);
    await page.getByRole('button', { name: 'Next: Schedules' }).click();
    await page.getByText('Your key is stored in your keychain.').waitFor();
    await page.getByLabel('Schedule id or link').fill('sch_platform_primary');
    await page.getByRole('button', { name: 'Check and add' }).click();
    await page.getByText('Added “Platform primary” (Berlin).').waitFor();
    await page.getByRole('button', { name: 'Next: You' }).click();
    const who = page.getByRole('combobox', { name: 'Which of these people are you?' });
    await who.fill('ali');
    await who.press('Enter');
    // Start at login is asked, and left on as tray apps do.
    expect(await page.getByRole('checkbox', { name: /Start OnCall Tray when I log in/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.getByRole('heading', { name: 'Platform primary' }).waitFor();
    // The popover as a user opens it: Alice's week on the demo schedule starts within hours, so readiness speaks.
    await page.goto(`${host.url}/index.html?window=popover&view=status`);
    await page.waitForSelector('html[data-rendered]');
    const readiness = page.getByTestId('readiness');
    await readiness.getByText(/^Ready for your shift at .+ ✓$/).waitFor();
    expect(await page.getByText(/Can't tell if you're ready|Not ready for your shift/).count()).toBe(0);
    expect(await readiness.getByRole('button').count()).toBe(0);
    const checks = host.engine.getState().me.readiness?.checks ?? [];
    expect(checks.find((c) => c.id === 'phone')).toMatchObject({ result: 'ok', message: /Phone escalation: off/ });
    expect(checks.filter((c) => c.result !== 'ok')).toEqual([]);
  }, 60_000);
});
