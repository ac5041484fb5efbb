// Settings in real Chromium against the real engine and simulator: a rejected key leads to settings and a new
// key recovers; edits (theme, reminders, e-mail, schedules) are checked inline and saved through the engine.
import { describe, expect, it } from 'vitest';
import { fullyVisible, horizontalOverflow } from './support/layout';
import { e2eSession } from './support/session';

const session = e2eSession();

describe('settings', () => {
  it('says in the key section that the key was rejected, focuses Replace key, and a new write-only key brings syncing back', async () => {
    const app = await session.open('configured', { kind: 'action', view: 'settings', width: 440, height: 640 });
    const { page, host } = app;
    await page.getByTestId('key-storage').waitFor();
    host.sim.state.revokeKey(host.sim.apiKey);
    await host.invoke('sync:refresh', null);
    await host.waitForState((s) => s.sync.kind === 'key_rejected', 'the key rejected');
    await page.reload(); // settings opened while the key is rejected
    // The key section says what is wrong, not "a key is stored" as if all were well, and Replace key has the focus.
    expect(await page.getByTestId('key-storage').textContent()).toMatch(/rejected the stored key/);
    const focusedText = () =>
      page.evaluate('document.activeElement && (document.activeElement.id || document.activeElement.textContent)');
    await expect.poll(focusedText).toBe('Replace key');
    await app.screenshot('settings-key-rejected');
    host.sim.state.addKey('ocs_demo_new', 'usr_alice');
    await page.keyboard.press('Enter');
    await expect.poll(focusedText).toBe('api-key');
    await page.keyboard.type('ocs_demo_new');
    await page.keyboard.press('Enter');
    await page.getByText('Stored in your keychain.', { exact: true }).waitFor();
    await expect.poll(focusedText).toBe('Replace key'); // the field closed: the focus is not dropped to <body>
    // Write-only: the field is emptied and the key never comes back to the page.
    expect(await page.getByLabel('New API key').count()).toBe(0); // closed again: nothing typed stays on the page
    const received = await page.evaluate(() => JSON.stringify(Reflect.get(globalThis, '__oncallReceived')));
    expect(received).toContain('"storage":"keychain"'); // the key:set answer is in what the page received…
    expect(received).not.toContain('ocs_demo_new'); // …but the key itself never came back, in any answer or push
    await host.waitForState(
      (s) => s.sync.kind === 'ok' && s.schedules.every((x) => x.status.kind === 'fresh'),
      'syncing again',
    );
  });

  it('checks edits inline and saves theme, reminders, e-mail and schedules through the engine', async () => {
    const app = await session.open('configured', { kind: 'action', view: 'settings', height: 900 });
    const { page, host } = app;
    await page.getByLabel('My e-mail').fill('alice@');
    await page.getByLabel('Dark').check();
    await page.getByLabel('Remind me this long before a shift').fill('2');
    await page.getByLabel('Unit').selectOption({ label: 'hours' });
    await page.getByLabel('Remind me this long before a shift').press('Enter'); // adds; does not submit the form
    await page.getByText('2 h before').waitFor();
    expect(await page.getByText('Settings saved.').count()).toBe(0);
    await page.getByRole('button', { name: 'Remove', description: 'Stop watching Data Tokyo' }).click();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('This must be an e-mail address.').waitFor();
    expect(host.engine.getState().settings.theme).toBe('system');
    await page.getByLabel('My e-mail').fill('alice@example.com');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    const s = host.engine.getState().settings;
    const main = s.accounts[0]!;
    expect([s.theme, main.email, s.reminders.leadTimesMin, main.schedules.map((x) => x.id)]).toEqual([
      'dark',
      'alice@example.com',
      [1440, 120, 15],
      ['sch_platform_primary', 'sch_payments_us'],
    ]);
    await expect.poll(() => page.getAttribute('html', 'data-theme')).toBe('dark');
    // The user's pick wins over the (light) system scheme.
    expect(await page.evaluate('getComputedStyle(document.body).backgroundColor')).toBe('rgb(23, 25, 29)');
    expect(await app.cspViolations()).toEqual([]);
    await app.screenshot('settings-saved-dark');
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`keeps one save model with the Save bar on screen at 360×480 (${colorScheme}), and records the shortcut by pressing it`, async () => {
      const app = await session.open('configured', {
        kind: 'action',
        view: 'settings',
        width: 360,
        height: 480,
        colorScheme,
      });
      const { page, host } = app;
      const save = page.getByRole('button', { name: 'Save settings' });
      await save.waitFor();
      expect(await fullyVisible(save)).toBe(true);
      expect(await horizontalOverflow(page)).toEqual([]);
      await page.getByLabel('Dark').check();
      await page.getByText('Unsaved changes').waitFor();
      expect(host.engine.getState().settings.theme).toBe('system'); // nothing saved behind the user's back

      const shortcut = page.getByLabel('Global shortcut for quick override');
      expect(await shortcut.inputValue()).toBe('Ctrl+Shift+O');
      await shortcut.focus();
      await page.keyboard.press('Control+c');
      expect(await shortcut.inputValue()).toBe('Ctrl+C');
      await page.getByText('Ctrl+C is copy in almost every app. Add Shift or Alt, e.g. Ctrl+Shift+C.').waitFor();
      expect(await shortcut.getAttribute('aria-invalid')).toBe('true');
      await save.click();
      expect(host.engine.getState().settings.theme).toBe('system');
      await shortcut.focus();
      await page.keyboard.press('Control+Alt+k');
      expect(await shortcut.inputValue()).toBe('Ctrl+Alt+K');
      expect(await page.getByText('is copy in almost every app').count()).toBe(0);
      await page.mouse.wheel(0, 2000);
      expect(await fullyVisible(save)).toBe(true);
      await app.screenshot(`settings-shortcut-${colorScheme}`);
      await save.click();
      await page.getByText('Settings saved.').waitFor();
      expect([host.engine.getState().settings.globalShortcut, host.engine.getState().settings.theme]).toEqual([
        'CommandOrControl+Alt+K',
        'dark',
      ]);
      await shortcut.focus();
      await page.keyboard.press('Backspace');
      expect(await shortcut.inputValue()).toBe('Off');
      expect(await horizontalOverflow(page)).toEqual([]);
    });
  }

  it('puts the focus on the next Remove (or ×) when a schedule or a reminder time is removed, and on the field once none is left', async () => {
    const app = await session.open('configured', { kind: 'action', view: 'settings', height: 900 });
    const { page } = app;
    // A schedule's Remove by the schedule it removes, a reminder's × by its name, a field by its id.
    const focused = () =>
      page.evaluate(
        '(e => e?.getAttribute("data-unwatch") ?? e?.getAttribute("aria-label") ?? e?.id ?? "")(document.activeElement)',
      );
    const press = async (selector: string) => {
      await page.locator(selector).focus();
      await page.keyboard.press('Enter');
    };
    await press('[aria-label="Remove the reminder 1 d before"]');
    await expect.poll(focused).toBe('Remove the reminder 15 min before');
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('lead-amount');
    await press('[data-unwatch="sch_platform_primary"]');
    await expect.poll(focused).toBe('sch_payments_us');
    await press('[data-unwatch="sch_data_tokyo"]'); // the last one: the focus goes to the one now last
    await expect.poll(focused).toBe('sch_payments_us');
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('schedule-input');
    expect(await page.getByText('No schedules yet.').count()).toBe(1);
  });

  it('says clearly when the recorded shortcut cannot be registered because another app holds it', async () => {
    const app = await session.open(
      'configured',
      { kind: 'action', view: 'settings', width: 440, height: 640 },
      { takenShortcuts: ['CommandOrControl+Alt+T'] },
    );
    const { page, host } = app;
    const shortcut = page.getByLabel('Global shortcut for quick override');
    await shortcut.focus();
    await page.keyboard.press('Control+Alt+t');
    expect(await shortcut.inputValue()).toBe('Ctrl+Alt+T');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    expect(host.engine.getState().settings.globalShortcut).toBe('CommandOrControl+Alt+T');
    await page
      .getByText('Ctrl+Alt+T could not be registered: another app may be using it. Press another combination.')
      .waitFor();
    await app.screenshot('settings-shortcut-taken');
    await shortcut.focus();
    await page.keyboard.press('Control+Alt+y');
    expect(await page.getByText('could not be registered').count()).toBe(0);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    expect(await page.getByText('could not be registered').count()).toBe(0);
  });
});

describe('settings: notification choices, quiet hours and the calendar feed', () => {
  it.each(['light', 'dark'] as const)(
    "saves quiet hours, a schedule's own reminders and the feed, then shows the feed's address (%s)",
    async (scheme) => {
      const app = await session.open('configured', {
        kind: 'action',
        view: 'settings',
        width: 440,
        height: 640,
        colorScheme: scheme,
      });
      const { page, host } = app;
      const first = host.engine.getState().schedules[0]!;
      await page.getByLabel('Quiet hours').check();
      await page.getByLabel('From').fill('23:00');
      await page.getByLabel('to', { exact: true }).fill('06:30');
      await page.getByLabel('Sat').check();
      await page.getByLabel(`${first.name}: its own choice`).check();
      const own = page.getByRole('list', { name: 'Reminders per schedule' }).getByRole('listitem').first();
      await own.getByLabel('At the end').uncheck();
      await page.getByLabel('Serve my shifts as a calendar feed on this computer').check();
      expect(await horizontalOverflow(page)).toEqual([]);
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Settings saved.').waitFor();
      const saved = host.engine.getState().settings;
      expect(saved.quietHours).toEqual({ enabled: true, start: '23:00', end: '06:30', days: [6] });
      const watched = saved.accounts[0]!.schedules;
      expect(watched[0]?.reminders).toMatchObject({ atEnd: false, atStart: true });
      expect(watched.slice(1).every((w) => w.reminders === undefined)).toBe(true);
      expect(saved.calendarFeed.enabled).toBe(true);
      expect(saved.calendarFeed.token).not.toBe('');
      await page.getByText(`/${saved.calendarFeed.token}/on-call.ics`).waitFor();
      await page.getByTestId('quiet-hours').scrollIntoViewIfNeeded();
      await app.screenshot(`settings-quiet-hours-${scheme}`);
    },
  );

  it('sets how far My shifts looks ahead (14 to 90 days), refusing other numbers beside the field', async () => {
    const app = await session.open('configured', { kind: 'action', view: 'settings', width: 360, height: 480 });
    const { page, host } = app;
    await page.getByLabel('Days ahead').fill('120');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('My shifts can look 14 to 90 days ahead.').waitFor();
    expect(host.engine.getState().settings.horizonDays).toBe(14);
    await page.getByLabel('Days ahead').fill('30');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    expect(host.engine.getState().settings.horizonDays).toBe(30);
  });

  it('turns the calendar alarms off (on by default): the exported calendar then carries none', async () => {
    const app = await session.open('configured', { kind: 'action', view: 'settings', width: 440, height: 640 });
    const { page, host } = app;
    const alarms = page.getByRole('checkbox', { name: 'Alarms in the calendar, as my reminders' });
    expect(await alarms.isChecked()).toBe(true);
    expect(await alarms.getAttribute('aria-describedby')).toBe('calendar-alarms-hint');
    const before = await host.engine.calendar(14);
    expect(before).toContain('BEGIN:VEVENT'); // the configured user has shifts in the demo data
    expect(before).toContain('BEGIN:VALARM');
    await alarms.scrollIntoViewIfNeeded();
    await app.screenshot('settings-calendar-alarms');
    await alarms.uncheck();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    expect(host.engine.getState().settings.calendarAlarms).toBe(false);
    const after = await host.engine.calendar(14);
    expect(after).toContain('BEGIN:VEVENT');
    expect(after).not.toContain('BEGIN:VALARM');
  });

  it('refuses quiet hours that end when they start, next to the section, and keeps the input', async () => {
    const app = await session.open('configured', { kind: 'action', view: 'settings', width: 360, height: 480 });
    const { page, host } = app;
    await page.getByLabel('Quiet hours').check();
    await page.getByLabel('From').fill('07:00');
    await page.getByLabel('to', { exact: true }).fill('07:00');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Quiet hours must end at another time than they start.').waitFor();
    expect(host.engine.getState().settings.quietHours.enabled).toBe(false);
    expect(await page.getByLabel('From').inputValue()).toBe('07:00');
  });

  it('stops the address, e-mail and schedule link at their limits, so nothing over them is typed or pasted', async () => {
    const app = await session.open('configured', { kind: 'action', view: 'settings', height: 900 });
    const { page, host } = app;
    const email = page.getByLabel('My e-mail');
    expect(await email.getAttribute('maxlength')).toBe('254');
    expect(await page.getByLabel('Service address').getAttribute('maxlength')).toBe('500');
    expect(await page.getByLabel('Schedule id or link').getAttribute('maxlength')).toBe('2048');
    await email.fill('');
    await email.focus();
    await page.keyboard.insertText(`${'a'.repeat(300)}@example.com`); // a paste
    expect((await email.inputValue()).length).toBe(254);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('This must be an e-mail address.').waitFor(); // the cut text lost its domain: not sent
    expect(host.engine.getState().settings.accounts[0]?.email).not.toContain('aaaa');
  });
});
