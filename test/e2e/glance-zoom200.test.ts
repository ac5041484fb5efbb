// Issue 49: at 200 % zoom (a 360×520 popover is a 180×260 CSS viewport) a three-line headline, the pause line and the
// readiness line under it pushed a ringing alarm's "I'm on it" under the button bar. The alarm asks me to act: it
// comes before the pause and readiness detail, and its action stays in the first screen, light and dark, axe 0.
import { describe, expect, it } from 'vitest';
import type { AppState } from '../../electron/shared/view-state';
import { axeViolations } from './support/axe';
import { e2eSession } from './support/session';

const session = e2eSession();
/** How far an element's content runs past its box (0 when nothing is cut). */
const cut = (el: { scrollWidth: number; clientWidth: number }): number => el.scrollWidth - el.clientWidth;

describe('the first screen at 200 % zoom with an alarm ringing', () => {
  it("keeps the alarm's I'm on it above the bar under a three-line headline, a pause and a readiness warning", async () => {
    const app = await session.open('configured', { width: 180, height: 260 });
    const { page, host } = app;
    await page.waitForSelector('html[data-rendered]');
    const base = host.engine.getState();
    const nowMs = Date.now();
    const iso = (ms: number): string => new Date(ms).toISOString();
    const shift = {
      accountId: base.accounts[0]?.id ?? base.schedules[0]!.accountId,
      scheduleId: base.schedules[0]!.scheduleId,
      scheduleName: 'Platform primary',
      start: iso(nowMs - 2 * 60_000),
      end: iso(nowMs + 5 * 3_600_000),
      // Its end not read: "On call until at least …, then unknown · saved …", three lines at 180 px.
      endBasis: { kind: 'unknown' as const, why: 'beyond' as const },
      basis: { kind: 'saved' as const, savedAt: iso(nowMs - 3_600_000) },
    };
    const message = 'After a restart, nothing will remind you: turn on Start at login.';
    const state: AppState = {
      ...base,
      // Its schedule in New York: the end with its own time too, a headline of three lines at 180 px.
      schedules: base.schedules.map((s, i) => (i === 0 ? { ...s, timeZone: 'America/New_York' } : s)),
      settings: { ...base.settings, pausedUntil: iso(nowMs + 3_600_000) },
      me: {
        ...base.me,
        onCallNow: [shift],
        readiness: {
          shift,
          checks: [
            { id: 'autostart', result: 'problem', message, action: 'start-at-login', label: 'Turn on Start at login' },
          ],
        },
      },
      alarm: {
        key: 'a1',
        scheduleName: 'Platform primary',
        start: shift.start,
        ringing: true,
        ackedAt: null,
        ackSource: null,
      },
    };
    await page.evaluate(`window.__oncallPush('state:changed', ${JSON.stringify(state)})`);
    await page.getByTestId('status-more').waitFor();
    await page.getByTestId('paused').waitFor();
    await page.getByTestId('readiness').waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await app.screenshot(`glance-zoom200-alarm-pause-readiness-${scheme}`);
      const title = await page.getByTestId('my-state').boundingBox();
      expect(title?.height ?? 0, 'a headline of three lines or more').toBeGreaterThan(44);
      const bar = await page.getByRole('navigation', { name: 'Actions' }).boundingBox();
      const ack = await page.getByTestId('alarm-ask').getByRole('button', { name: 'I’m on it' }).boundingBox();
      expect(ack && bar && ack.y >= 0 && ack.y + ack.height <= bar.y + 0.5, `${scheme}: I'm on it above the bar`).toBe(
        true,
      );
      // The line says it is an alarm, whole, however narrow (adv49 r15 #2: "W 18:23 [I'm on it]" at 200 %): the word
      // is never cut, the name is (with "…"), and a space stands before the "·" after the time.
      const line = page.getByTestId('alarm-ask');
      const lead = line.locator('.lead');
      expect((await lead.textContent())?.trim(), scheme).toBe('Alarm:');
      expect(await lead.evaluate(cut), `${scheme}: "Alarm:" whole`).toBeLessThanOrEqual(0);
      expect((await lead.boundingBox())?.width ?? 0, scheme).toBeGreaterThan(20);
      // Too narrow for the name (the lead's decision): it goes from the visible line, never "Alarm:", the time or
      // "I'm on it", and the line stays one line; the name stays in its title and accessible name.
      expect(await line.locator('.start').isVisible(), `${scheme}: no name at 180 px`).toBe(false);
      expect((await line.locator('.at').boundingBox())?.width ?? 0, `${scheme}: the time shown`).toBeGreaterThan(25);
      const box = await line.boundingBox();
      expect(box?.height ?? 99, `${scheme}: one line`).toBeLessThanOrEqual(24);
      expect(await line.getAttribute('title'), scheme).toContain('Platform primary');
      expect(await line.evaluate(cut), `${scheme}: nothing runs past the line`).toBeLessThanOrEqual(0);
      const right = ack && box ? ack.x + ack.width - (box.x + box.width) : 99;
      expect(right, `${scheme}: I'm on it whole inside its line`).toBeLessThanOrEqual(0);
      expect((await line.innerText()).replace(/\s+/g, ' ').trim(), scheme).toMatch(/^Alarm: \d\d:\d\d I’m on it$/);
      expect(await axeViolations(page), scheme).toEqual([]);
    }
  }, 60_000);
});
