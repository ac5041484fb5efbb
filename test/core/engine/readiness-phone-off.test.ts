// Issue 49 (adv49 r17): a fresh install set up as onboarding leaves it (Start at login on, notifications shown by a
// notification server, phone escalation left off: optional, the default) read "Can't tell if you're ready for your
// shift … — Phone escalation: not set up" before every shift, forever. Off is the user's choice, known for sure: the
// install is ready, on every surface (popover and tray line, tooltip, `status`, `--json`, the warning).
// Real engine, real simulator, fake clock; the desktop's answer about notifications is a recorded stand-in.
import { describe, expect, it } from 'vitest';
import { formatStatus } from '../../../electron/cli/status-format';
import { buildTrayMenu, trayTooltip } from '../../../electron/core/state/tray-menu';
import { formatDayTime } from '../../../electron/shared/format';
import { readinessLine } from '../../../electron/shared/readiness-text';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, PLATFORM_MY_START, platformSeed } from '../support/seeds';
import { trayLabels } from '../support/tray-labels';
import { HOUR, MIN } from '../../support/time';

const ZONE = 'Europe/Berlin';
const hm = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);
const weekday = (ms: number) => new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, weekday: 'short' }).format(ms);

describe('phone escalation off by choice (issue 49, adv49 r17)', () => {
  it('a fresh install with everything set reads ready on every surface, the phone said as off', async () => {
    const h = await createHarness({ startMs: PLATFORM_MY_START - 30 * HOUR, seed: platformSeed() });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_plat'], startAtLogin: true });
    const engine = h.engine({
      localZone: () => ZONE,
      platform: 'linux',
      notificationHealth: async () => ({ result: 'ok', message: 'Notifications can be shown (dunst).' }),
    });
    await engine.start();
    // The start as Berlin and UTC read it, worked out apart from the app's formatter: the day is named a day ahead.
    const at = `${hm(PLATFORM_MY_START, ZONE)} (${hm(PLATFORM_MY_START, 'UTC')} UTC)`;
    for (const [before, when] of [
      [20 * HOUR, `${weekday(PLATFORM_MY_START)} ${at}`],
      [30 * MIN, at],
    ] as const) {
      await h.clock.advanceTo(PLATFORM_MY_START - before);
      const state = engine.getState();
      const nowMs = h.clock.now();
      const r = state.me.readiness;
      expect(r?.checks.map((c) => [c.id, c.result])).toEqual(
        ['key', 'schedule', 'reminders', 'autostart', 'notifications', 'alarm', 'phone'].map((id) => [id, 'ok']),
      );
      expect(r?.checks.find((c) => c.id === 'phone')?.message).toBe(
        'Phone escalation: off (optional; Settings → Phone).',
      );
      const time = (iso: string, zone?: string) =>
        formatDayTime(iso, { nowMs, locale: 'en-GB', localZone: ZONE, ...(zone ? { scheduleZone: zone } : {}) });
      const line = r && readinessLine(r, time, state);
      const expected = `Ready for your shift at ${when} ✓`;
      expect(line?.text).toBe(expected);
      // The tray's item is that line; the tooltip and `status` hold no doubt; `--json` carries the checks as above.
      expect(trayLabels(buildTrayMenu(state, nowMs, ZONE))).toContain(expected);
      expect(trayTooltip(state, nowMs, ZONE)).not.toMatch(/Can't tell|Not ready/);
      const status = formatStatus(state, { nowMs, localZone: ZONE });
      expect(status).not.toMatch(/can't tell|Can't tell|PROBLEM/);
      expect(status).toContain('  ok — Phone escalation: off (optional; Settings → Phone).');
      const json: unknown = JSON.parse(JSON.stringify(state));
      expect(json).toMatchObject({ me: { readiness: { checks: r?.checks } } });
    }
    // Nothing to warn of: no "Not ready" notification at the day-ahead mark nor an hour before.
    expect(h.notifier.shown.filter((n) => n.id.startsWith('readiness:'))).toEqual([]);
    await engine.stop();
  }, 60_000);
});
