// adv49 r21 #1: at 150 % (240×347) and 200 % (180×260) zoom, dark and light, with an alarm ringing, the service
// offline, a pause, the readiness problem and three requests asking me, "Cover…" was cut in half by the button bar
// and the offline problem (why my state says "saved", with its Retry) was under it. The priority that holds: my state
// with the reason it is saved and its fix, who is on call now, then what asks me; every control either whole above
// the bar or wholly below it in the scrolling area, reached by Tab with the focus not hidden (WCAG 2.4.11).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AppState } from '../../electron/shared/view-state';
import { axeViolations } from './support/axe';
import { e2eSession } from './support/session';
import { DateTime } from 'luxon';
import { PAGE_ZONE } from './support/host';

const session = e2eSession();

/** Each control of the scrolling area: whole above its bottom, wholly below it, or cut (its text). */
const CUT = `(() => {
  const scroll = document.querySelector('.scroll').getBoundingClientRect();
  return [...document.querySelectorAll('.scroll button, .scroll [tabindex="0"]')].flatMap((el) => {
    const r = el.getBoundingClientRect();
    if (r.height === 0) return [];
    return r.top < scroll.bottom - 0.5 && r.bottom > scroll.bottom + 0.5 ? [el.textContent.trim()] : [];
  });
})()`;

async function world(page: Page, engine: { getState(): AppState }): Promise<void> {
  const base = engine.getState();
  const nowMs = Date.now();
  const iso = (ms: number): string => new Date(ms).toISOString();
  // Saved late last evening, the page's day before (at 00:30 the landing CI saw "saved 30 Nov, 23:31", a line longer
  // than "saved 23:31", push who is on call now under the bar): the longer wording on every run, whatever the hour.
  const yesterday = DateTime.now().setZone(PAGE_ZONE).startOf('day').minus({ minutes: 29 }).toUTC().toISO()!;
  const shift = {
    accountId: base.accounts[0]?.id ?? base.schedules[0]!.accountId,
    scheduleId: base.schedules[0]!.scheduleId,
    scheduleName: 'Platform primary',
    start: iso(nowMs - 2 * 60_000),
    end: iso(nowMs + 5 * 3_600_000),
    endBasis: { kind: 'unknown' as const, why: 'beyond' as const },
    basis: { kind: 'saved' as const, savedAt: yesterday },
  };
  const saved = yesterday;
  const message = 'After a restart, nothing will remind you: turn on Start at login.';
  const state: AppState = {
    ...base,
    sync: { kind: 'offline', cause: 'refused', message: 'Cannot reach the service.', saved },
    schedules: base.schedules.map((s, i) => ({
      ...s,
      now:
        i === 0 && s.now
          ? { ...s.now, users: [{ id: 'usr_alice', name: 'Alice Example', email: 'alice@example.com' }] }
          : s.now,
      status: { kind: 'stale', since: saved, reason: 'Cannot reach the service.' },
    })),
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
  await page.getByTestId('paused').waitFor();
  await page.getByTestId('stale-line').waitFor();
}

for (const size of [
  { width: 240, height: 347, zoom: '150 %' },
  { width: 180, height: 260, zoom: '200 %' },
]) {
  describe(`the first screen at ${size.zoom} zoom, offline with an alarm, a pause, a readiness problem and requests`, () => {
    it('shows my state with why it is saved and its fix, cuts no control at the bar, and Tab reaches Cover… whole', async () => {
      const app = await session.open('configured', size);
      const { page, host } = app;
      await page.waitForSelector('html[data-rendered]');
      await world(page, host.engine);
      for (const scheme of ['dark', 'light'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.waitForTimeout(200);
        await app.screenshot(`glance-zoom-offline-${size.width}-${scheme}`);
        const at = `${size.width} ${scheme}`;
        // The scrolling area's visible bottom (the bar is under it): what ends past it is cut.
        const bar = (await page.locator('.scroll').boundingBox())!;
        bar.y += bar.height;
        const above = async (box: { y: number; height: number } | null): Promise<boolean> =>
          box !== null && box.y >= 0 && box.y + box.height <= bar.y + 0.5;
        const me = page.getByTestId('my-state');
        expect(await me.innerText(), at).toMatch(/saved/);
        // Why it is saved, and its fix, in the first screen with my state.
        const problem = page.getByTestId('stale-line');
        expect(await problem.innerText(), at).toMatch(/^Offline/);
        expect(await above(await me.boundingBox()), `${at}: my state`).toBe(true);
        expect(await above(await problem.boundingBox()), `${at}: the offline problem`).toBe(true);
        expect(await above(await problem.getByRole('button', { name: 'Retry' }).boundingBox()), `${at}: Retry`).toBe(
          true,
        );
        expect(
          await above(await page.getByTestId('alarm-ask').getByRole('button', { name: 'I’m on it' }).boundingBox()),
          at,
        ).toBe(true);
        // Who is on call now (its fold) whole above the bar.
        const line = (await page.getByTestId('now-fold').count())
          ? page.getByTestId('now-fold')
          : page.getByTestId('now-line');
        expect(await above(await line.first().boundingBox()), `${at}: the now line`).toBe(true);
        // No control half under the bar.
        expect(await page.evaluate(CUT), `${at}: controls cut at the bar`).toEqual([]);
        if (size.width === 240) {
          const cover = page.getByTestId('asks-you').getByRole('button', { name: 'Cover…' }).first();
          expect(await above(await cover.boundingBox()), `${at}: Cover… whole`).toBe(true);
        }
        expect(await axeViolations(page), at).toEqual([]);
      }
      // By keyboard: Tab to the first Cover…; it is scrolled whole into the area above the bar.
      const cover = page.getByTestId('asks-you').getByRole('button', { name: 'Cover…' }).first();
      let reached = false;
      for (let i = 0; i < 20 && !reached; i++) {
        await page.keyboard.press('Tab');
        reached = (await page.evaluate('document.activeElement?.textContent?.trim()')) === 'Cover…';
      }
      expect(reached, 'Tab reaches Cover…').toBe(true);
      await page.waitForTimeout(200);
      const bar = (await page.locator('.scroll').boundingBox())!;
      bar.y += bar.height;
      const box = (await cover.boundingBox())!;
      expect(box.y >= 0 && box.y + box.height <= bar.y + 0.5, `${size.width}: focused Cover… not hidden`).toBe(true);
    }, 90_000);
  });
}
