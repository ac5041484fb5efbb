// The shift-start alarm's images for `npm run screenshots` (docs-screenshots.ts; `--alarm` makes only these): the
// alarm window at its size (520×340) ringing late for a shift whose schedule is in another zone, and Settings →
// Phone set up with ntfy, light and dark. The engine's alarm side is the host's fake (host.alarm), as in
// test/e2e/alarm.test.ts.
import type { Browser } from 'playwright-core';
import { openApp } from './browser';
import type { Host } from './host';
import type { Shot } from './docs-images';

const SCHEMES = ['light', 'dark'] as const;

export async function alarmShots(browser: Browser, host: Host, shot: Shot): Promise<void> {
  const startMs = Math.floor(Date.now() / 3_600_000) * 3_600_000;
  host.alarm.view = {
    key: 'alarm:docs',
    accountName: 'Work',
    scheduleName: 'Platform Primary',
    startUtc: new Date(startMs).toISOString(),
    endUtc: new Date(startMs + 8 * 3_600_000).toISOString(),
    scheduleZone: 'America/New_York',
    handoverFrom: ['Bob Builder'],
    endKnown: true,
    late: true,
    again: false,
    test: false,
  };
  host.alarm.phone = {
    provider: 'ntfy',
    server: 'https://ntfy.sh',
    hasSecrets: true,
    lastTest: new Date(startMs - 25 * 60_000).toISOString(),
    booking: 'booked',
    nextBooked: new Date(startMs + 24 * 3_600_000 + 3 * 60_000).toISOString(),
    problem: null,
  };
  host.alarm.link = 'https://ntfy.sh/oncall-xq7fr2mwb9tzk4plc8vhn3sjqe';
  const escalation = { provider: 'ntfy', ntfyServer: 'https://ntfy.sh', afterMin: 3 } as const;
  await host.engine.handlers['settings:update']({ escalation });
  try {
    for (const colorScheme of SCHEMES) {
      const alarm = await openApp(browser, host, { kind: 'alarm', width: 520, height: 340, colorScheme });
      await alarm.page.getByRole('button', { name: 'I’m on it' }).waitFor();
      await shot(alarm.page, `alarm-window-${colorScheme}`);
      await alarm.context.close();
      const settings = await openApp(browser, host, {
        kind: 'action',
        view: 'settings',
        width: 440,
        height: 640,
        colorScheme,
      });
      await settings.page.getByTestId('phone-settings').scrollIntoViewIfNeeded();
      await shot(settings.page, `settings-phone-${colorScheme}`);
      await settings.context.close();
    }
  } finally {
    host.alarm.view = null;
    host.alarm.phone = undefined;
    host.alarm.link = null;
    await host.engine.handlers['settings:update']({ escalation: { ...escalation, provider: 'off' } });
  }
}
