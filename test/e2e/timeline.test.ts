// The week timeline in real Chromium (demo host, me = Alice): a row per schedule (mine first) under the status line,
// axe-clean light and dark, the keyboard walk with its caption and the list read by a screen reader, collapsed as
// last left, and a DST week with a New York schedule: segments at the right local hours, an uncovered gap striped,
// an unloaded schedule hatched as unknown (never striped).
import { describe, expect, it } from 'vitest';
import type { AppState } from '../../electron/shared/view-state';
import { deriveState } from '../../electron/core/state/derive';
import { orderedSchedules } from '../../renderer/src/lib/glance';
import { SETUP_OK, alice, details, me, scheduleSnap, settingsWith, shift, snapshotOf } from '../core/support/fixtures';
import { axeViolations } from './support/axe';
import { e2eSession, type Opened } from './support/session';
import { DateTime } from 'luxon';
import { PAGE_ZONE } from './support/host';

const session = e2eSession();
const push = (app: Opened, state: AppState) =>
  app.page.evaluate(`window.__oncallPush('state:changed', ${JSON.stringify(state)})`);
const kindsOfRow = (app: Opened, row: number) =>
  app.page.evaluate(
    `[...document.querySelectorAll('[data-testid="week-timeline"] svg g')][${row}].querySelectorAll('rect.seg').length`,
  );

describe('the week timeline', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`shows a row per schedule (mine first) with no WCAG violation and no CSP report (${colorScheme})`, async () => {
      const app = await session.open('configured', { colorScheme });
      const { page, host } = app;
      const timeline = page.getByTestId('week-timeline');
      await timeline.waitFor();
      const names = orderedSchedules(host.engine.getState()).map((s) => s.name);
      const groups = page.getByTestId('week-list').getByRole('group');
      await expect.poll(() => groups.count()).toBe(names.length);
      for (const [i, name] of names.entries()) expect(await groups.nth(i).getAttribute('aria-label')).toBe(name);
      expect(await kindsOfRow(app, 0)).toBeGreaterThan(0);
      // My segments are emphasised; there is a "now" line.
      expect(await page.locator('[data-testid="week-timeline"] rect.seg.mine').count()).toBeGreaterThan(0);
      expect(await page.locator('[data-testid="week-timeline"] line.now').count()).toBe(1);
      // The now line is in no person's colour (it was the same red as one: issue 49).
      const colours: unknown = await page.evaluate(
        `[getComputedStyle(document.querySelector('[data-testid="week-timeline"] line.now')).stroke, ...[...document.querySelectorAll('[data-testid="week-timeline"] rect.seg.person')].map((r) => getComputedStyle(r).fill)]`,
      );
      const [nowStroke, ...personFills] = Array.isArray(colours) ? colours.map(String) : [];
      expect(personFills.length).toBeGreaterThan(0);
      expect(personFills).not.toContain(nowStroke);
      expect(await axeViolations(page)).toEqual([]);
      expect(await app.cspViolations()).toEqual([]);
      await page.screenshot({ path: `/tmp/timeline-${colorScheme}.png` });
    });
  }

  it('walks the segments with the arrow keys: the caption and the active option say who and when', async () => {
    const app = await session.open('configured');
    const { page } = app;
    const timeline = page.getByTestId('week-timeline');
    await timeline.waitFor();
    await timeline.focus();
    const caption = page.getByTestId('week-caption');
    const active = async () => {
      const id = await timeline.getAttribute('aria-activedescendant');
      return id ? page.locator(`#${id}`).textContent() : '';
    };
    const first = await caption.textContent();
    expect(first).toMatch(/^\S.*: .*\d\d:\d\d/);
    expect(first).toContain((await active()) ?? '∅');
    await page.keyboard.press('ArrowRight');
    const second = await caption.textContent();
    expect(second).not.toBe(first);
    expect(second).toContain((await active()) ?? '∅');
    expect(await page.locator('rect.focus-ring').count()).toBe(1);
    await page.keyboard.press('ArrowDown');
    const rowTwo = orderedSchedules(app.host.engine.getState())[1]?.name ?? '';
    expect(await caption.textContent()).toMatch(new RegExp(`^${rowTwo}: `));
    await page.keyboard.press('Home');
    expect(await page.locator('#week-seg-1-0').getAttribute('aria-selected')).toBe('true');
    await page.screenshot({ path: '/tmp/timeline-keyboard.png' });
  });

  it('overrides a shift from the timeline: Enter (or "Override this…") opens quick override with its window', async () => {
    const app = await session.open('configured');
    const { page, host } = app;
    const timeline = page.getByTestId('week-timeline');
    await timeline.waitFor();
    await timeline.focus();
    // The next shift on the first row: it starts later, so the window is exactly its own.
    await page.keyboard.press('ArrowRight');
    const state = host.engine.getState();
    const row = orderedSchedules(state)[0];
    const seg = await page.locator('[aria-selected="true"][id^="week-seg-0-"]').getAttribute('id');
    expect(seg).toMatch(/^week-seg-0-\d+$/);
    // The caption offers the same with a button (reached by Tab).
    expect(await page.getByTestId('override-this').textContent()).toBe('Override this…');
    await page.keyboard.press('Enter');
    await expect.poll(() => host.windowCalls.length).toBeGreaterThan(0);
    const call = host.windowCalls.at(-1);
    expect(call?.channel).toBe('window:open');
    const request = call?.request as { view: string; params: Record<string, string> };
    expect(request.view).toBe('override');
    expect(request.params.scheduleId).toBe(row?.id);
    const startMs = Date.parse(request.params.start ?? '');
    const endMs = Date.parse(request.params.end ?? '');
    expect(endMs).toBeGreaterThan(startMs);
    expect(startMs).toBeGreaterThanOrEqual(Date.now() - 60_000);
    // The form opens on that schedule with that window as a custom one.
    await expect.poll(() => page.getByLabel('Custom').isChecked()).toBe(true);
    expect(await page.getByLabel('Schedule').inputValue()).toBe(row?.id);
    // That shift is mine (the demo's me): someone else covers it.
    expect(request.params.who).toBe('others');
    expect(await page.getByLabel('Someone else').isChecked()).toBe(true);
    await page.screenshot({ path: 'test-results/screenshots/override-from-timeline.png' });
  });

  it('stays collapsed as last left (localStorage), and lazy-loads only when shown', async () => {
    const app = await session.open('configured');
    const { page } = app;
    await page.getByTestId('week-timeline').waitFor();
    const toggle = page.getByRole('button', { name: /This week/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByTestId('week-timeline').count()).toBe(0);
    await page.reload();
    await page.waitForSelector('#app:not([data-prerendered])', { state: 'attached' });
    await expect
      .poll(() => page.getByRole('button', { name: /This week/ }).getAttribute('aria-expanded'))
      .toBe('false');
    expect(await page.getByTestId('week-timeline').count()).toBe(0);
    await page.getByRole('button', { name: /This week/ }).click();
    await page.getByTestId('week-timeline').waitFor();
  });
});

describe('the demo week', () => {
  it('names every person the service has on call in the next 7 days, on every schedule', async () => {
    const app = await session.open('configured');
    const { page, host } = app;
    await page.getByTestId('week-timeline').waitFor();
    // The oracle is the simulator's own answer for the week the page draws (local midnight to 7 days on).
    const from = DateTime.now().setZone(PAGE_ZONE).startOf('day');
    const window = {
      from: from.toUTC().toISO({ suppressMilliseconds: true }),
      to: from.plus({ days: 7 }).toUTC().toISO({ suppressMilliseconds: true }),
    };
    for (const s of host.engine.getState().schedules) {
      const url = `${host.sim.url}/schedules/${s.id}/shifts/?from=${window.from}&to=${window.to}&per_page=100`;
      const answer = (await (await fetch(url, { headers: { 'x-api-key': host.sim.apiKey } })).json()) as {
        shifts: { users: { name: string }[] }[];
      };
      const expected = [...new Set(answer.shifts.flatMap((sh) => sh.users.map((u) => u.name)))].sort();
      expect(expected.length, `${s.name}: the demo has people on call this week`).toBeGreaterThan(0);
      const texts = await page
        .getByTestId('week-list')
        .getByRole('group', { name: s.name })
        .getByRole('option')
        .allTextContents();
      const named = expected.filter((name) =>
        texts.some((t) => t.startsWith(name) || t.includes(`, ${name}`) || t.startsWith(`${name} (you)`)),
      );
      expect(named, `${s.name}: every person on call this week is drawn`).toEqual(expected);
      // Read 14 days ahead: nothing in this week is hatched as unknown.
      expect(
        texts.filter((t) => t.startsWith('unknown')),
        s.name,
      ).toEqual([]);
    }
  });
});

describe('the larger week view', () => {
  for (const colorScheme of ['light', 'dark'] as const)
    it(`opens from "Larger…" with the same rows and every segment as readable text (${colorScheme})`, async () => {
      const popover = await session.open('configured', { colorScheme });
      await popover.page.getByTestId('week-timeline').waitFor();
      await popover.page.getByTestId('week-larger').click();
      expect(popover.host.windowCalls.at(-1)).toEqual({
        channel: 'window:open',
        request: { view: 'week', params: {} },
      });
      await popover.context.close();
      const app = await session.open('configured', {
        kind: 'action',
        view: 'week',
        width: 440,
        height: 640,
        colorScheme,
      });
      const { page, host } = app;
      await page.getByTestId('week-timeline').waitFor();
      const names = orderedSchedules(host.engine.getState()).map((s) => s.name);
      expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(names);
      // The visible lists say what the hidden one says to a screen reader: the same segments, in the same order.
      const hidden = await page.getByTestId('week-list').getByRole('option').allTextContents();
      const shown = await page.getByTestId('week-row-list').getByTestId('week-segment').allTextContents();
      expect(shown).toEqual(hidden);
      expect(shown.length).toBeGreaterThan(names.length);
      expect(await axeViolations(page)).toEqual([]);
      await app.screenshot(`week-view-${colorScheme}`);
    });
});

describe('a DST week with a New York schedule (page clock Fri 27 March 2026, Berlin)', () => {
  it('puts segments at the local hours, stripes the uncovered gap and hatches an unloaded schedule', async () => {
    const app = await session.open('configured');
    const { page } = app;
    await page.getByTestId('week-timeline').waitFor();
    const nowMs = Date.parse('2026-03-27T10:00:00Z');
    await page.clock.setFixedTime(nowMs);
    const fetched = '2026-03-27T09:58:00Z';
    const platform = scheduleSnap(
      'sch_platform',
      [
        shift('2026-03-27T08:00:00Z', '2026-03-28T08:00:00Z', alice),
        shift('2026-03-28T08:00:00Z', '2026-03-29T07:00:00Z', me),
      ],
      {
        details: details('Platform primary', 'Europe/Berlin', [alice, me]),
        detailsFetchedAt: fetched,
        shiftsFetchedAt: fetched,
      },
    );
    // New York: nobody until my 09:00–17:00 today, and me again Monday 09:00–17:00 New York (Berlin has changed by then).
    const payments = scheduleSnap(
      'sch_pay',
      [
        shift('2026-03-27T13:00:00Z', '2026-03-27T21:00:00Z', me),
        shift('2026-03-30T13:00:00Z', '2026-03-30T21:00:00Z', me),
      ],
      {
        details: details('Payments US', 'America/New_York', [me]),
        detailsFetchedAt: fetched,
        shiftsFetchedAt: fetched,
        // Read over the whole fortnight: the time before my shift is known to be nobody's.
        shiftsFrom: '2026-03-20T00:00:00Z',
        shiftsTo: '2026-04-10T00:00:00Z',
      },
    );
    const state = deriveState({
      snapshot: snapshotOf([platform, payments], { coverageFetchedAt: fetched }),
      nowMs,
      settings: settingsWith({ schedules: [{ id: 'sch_platform' }, { id: 'sch_pay' }, { id: 'sch_unloaded' }] }),
      setup: SETUP_OK,
      syncing: false,
      notices: [],
    });
    await push(app, state);
    const list = page.getByTestId('week-list');
    await expect.poll(() => list.getByRole('group').count()).toBe(3);
    const pay = list.getByRole('group', { name: 'Payments US' }).getByRole('option');
    const texts = await pay.allTextContents();
    // Local (Berlin) hours, and New York's own.
    expect(texts).toEqual([
      // Read over the whole week: nobody before my shift, my shifts, nobody between them (no "unknown" guessed).
      'uncovered: nobody on call, 00:00–14:00 (26 Mar, 19:00 – Fri 09:00 New York)',
      'Me (you), 14:00–22:00 (09:00–17:00 New York)',
      // Five hours from New York on Friday, six on Monday.
      'uncovered: nobody on call, Fri 22:00 – Mon 15:00 (Fri 17:00 – Mon 09:00 New York)',
      'Me (you), Mon 15:00–23:00 (Mon 09:00–17:00 New York)',
      'uncovered: nobody on call, Mon 23:00 – 3 Apr, 00:00 (Mon 17:00 – Thu 18:00 New York)',
    ]);
    // Saturday 09:00 → Sunday 09:00 Berlin across its change to summer time: 23 real hours, one day on the picture.
    const plat = await list.getByRole('group', { name: 'Platform primary' }).getByRole('option').allTextContents();
    expect(plat).toContain('Me (you), Sat 09:00 – Sun 09:00');
    const rowKinds = (name: string) =>
      page.evaluate(`(() => { const groups = [...document.querySelectorAll('[data-testid="week-list"] [role=group]')].map((g) => g.getAttribute('aria-label'));
        const g = [...document.querySelectorAll('[data-testid="week-timeline"] svg g')][groups.indexOf(${JSON.stringify(name)})];
        return [...g.querySelectorAll('rect.seg')].map((r) => r.dataset.kind); })()`);
    expect(await rowKinds('Payments US')).toContain('uncovered');
    const unloaded = (await rowKinds(
      state.schedules.find((s) => s.id === 'sch_unloaded')?.name ?? 'sch_unloaded',
    )) as string[];
    expect(unloaded).toEqual(['unknown']);
    // Striped and hatched are told apart by their fill.
    const fills = await page.evaluate(
      `[...new Set([...document.querySelectorAll('rect.seg.uncovered, rect.seg.unknown')].map((r) => r.dataset.kind + ' ' + getComputedStyle(r).fill))]`,
    );
    expect(fills).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^uncovered url\(.*tl-stripes/),
        expect.stringMatching(/^unknown url\(.*tl-hatch/),
      ]),
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/timeline-dst.png' });
  });
});
