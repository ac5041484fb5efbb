// The glance in real Chromium against the real engine and simulator (demo seed, me = Alice): my shifts to the
// horizon, "You" tags and my schedules first, the asks-you strip → override form with the request's context →
// the request reads covered after sync and leaves every count, the problem bar in the flow, the demo row on one
// line each, no focus ring on Refresh at open, names never cut at 360 px, the More menu, a card opening an override.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppState } from '../../electron/shared/view-state';
import { deriveState } from '../../electron/core/state/derive';
import { withAsksWords } from '../../electron/core/state/asks-words';
import { SETUP_OK, alice, details, me, scheduleSnap, settingsWith, shift, snapshotOf } from '../core/support/fixtures';
import { axeViolations } from './support/axe';
import { fullyVisible } from './support/layout';
import { e2eSession, type Opened } from './support/session';
import type { Locator } from 'playwright-core';
import { partialSync } from '../support/sync-status';

const session = e2eSession();

const card = (app: Opened, name: string) =>
  app.page.getByRole('listitem').filter({ has: app.page.getByRole('heading', { name }) });
const json = (value: unknown): string => JSON.stringify(value);
/** Pushes a state as main would (through the same checked channel). */
const push = (app: Opened, state: AppState) =>
  app.page.evaluate(`window.__oncallPush('state:changed', ${json(state)})`);

/** The same three schedules under three accounts (ids of their own, as a service's are), as main would send them. */
function threeAccounts(state: AppState): AppState {
  const labels = ['Work', 'Acme', 'Globex'];
  const [account] = state.accounts;
  const [settings] = state.settings.accounts;
  if (!account || !settings) throw new Error('one account set up');
  const ids = labels.map((l, i) => (i === 0 ? account.id : (l.toLowerCase() as typeof account.id)));
  return {
    ...state,
    accounts: ids.map((id, i) => ({ ...account, id, label: labels[i] ?? id })),
    settings: {
      ...state.settings,
      accounts: ids.map((id, i) => ({ ...settings, id, label: labels[i] ?? id })),
    },
    schedules: ids.flatMap((id, i) =>
      state.schedules.map((s) => ({ ...s, id: i === 0 ? s.id : `${s.id}_${id}`, accountId: id })),
    ),
  };
}

/** Ten schedules on one account (the demo's three, again under names and ids of their own), as main would send them. */
function tenSchedules(state: AppState): AppState {
  const names = ['Platform primary', 'Payments US', 'Data Tokyo', 'Platform secondary', 'Payments EU', 'Search'].concat(
    ['Mobile backend', 'Identity', 'Billing operations', 'Edge network'],
  );
  return {
    ...state,
    schedules: names.flatMap((name, i) => {
      const s = state.schedules[i % state.schedules.length];
      return s ? [{ ...s, id: i < state.schedules.length ? s.id : `${s.id}_${i}`, name }] : [];
    }),
  };
}

/** Issue 49, adversarial 4: ten schedules with long names, 2–3 people on call each (long names too), the service
 *  down: each now-line still one line, and the problem inside the first screen. */
function tenLongDown(state: AppState): AppState {
  const ten = tenSchedules(state);
  const people = ['Maximiliana Alexandrovna Featherstonehaugh-Worthington', 'Bartholomew Christophersen-Vandenberghe']
    .concat(['Guadalupe Esmeralda Montenegro y Villalobos'])
    .map((name, i) => ({ id: `usr_long${i}`, name, email: `long${i}@example.com` }));
  const saved = state.lastSuccessAt ?? new Date().toISOString();
  return {
    ...ten,
    sync: { kind: 'offline', cause: 'refused', message: 'Cannot reach the service.', saved },
    schedules: ten.schedules.map((s, i) => ({
      ...s,
      name: `${s.name} — Payments and Checkout Platform Infrastructure Escalation`,
      status: { kind: 'stale', since: saved, reason: 'Cannot reach the service.' },
      now: s.now && { ...s.now, users: people.slice(0, 2 + (i % 2)) },
    })),
  };
}

describe('the first screen at 360×520', () => {
  it("shows my state and every schedule's now-line without scrolling, 1 account × 3 and × 10, 3 accounts × 3, light and dark, axe 0", async () => {
    const app = await session.shared('configured');
    const { page, host } = app;
    await page.waitForSelector('html[data-rendered]');
    const one = host.engine.getState();
    for (const [name, state] of [
      ['1 account', one],
      ['3 accounts', threeAccounts(one)],
      ['1 account 10 schedules', tenSchedules(one)],
      ['10 long schedules down', tenLongDown(one)],
    ] as const) {
      await push(app, state);
      await expect.poll(() => page.getByTestId('now-line').count()).toBe(state.schedules.length);
      await page.getByTestId('status-more').waitFor();
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await app.screenshot(`glance-first-screen-${name.replaceAll(' ', '-')}-${scheme}`);
        expect(await fullyVisible(page.getByTestId('my-state')), `${name} ${scheme}: my state`).toBe(true);
        for (const line of await page.locator('[data-testid=now-line], [data-testid=now-fold]').all()) {
          expect(await fullyVisible(line), `${name} ${scheme}: ${await line.textContent()}`).toBe(true);
          // One compact line each (a long name or list of people cut, the whole line its accessible name).
          expect((await line.boundingBox())?.height ?? 99, `${name}: one line`).toBeLessThanOrEqual(22);
          expect(await line.getAttribute('aria-label')).toContain(await line.locator('.name').textContent());
        }
        const problem = page.getByTestId('stale-line');
        if (state.sync.kind !== 'ok') expect(await fullyVisible(problem), `${name} ${scheme}: the problem`).toBe(true);
        expect(await axeViolations(page), `${name} ${scheme}`).toEqual([]);
      }
    }
    // Each line says who and until when, as its card does.
    await push(app, one);
    const platform = one.schedules.find((s) => s.id === 'sch_platform_primary');
    const line = page.getByTestId('now-line').filter({ hasText: 'Platform primary' }).first();
    for (const u of platform?.now?.users ?? []) expect(await line.textContent()).toContain(u.name);
  }, 60_000);
});

// Issue 49: with 3 accounts × 10 schedules only ~6 of 30 now-lines fitted the first screen. Each account's now folds
// into one line ("10 schedules — you on …; Bob, Carol"), opened by a click or a key: every account answered at a glance.
describe("every account's now on the first screen, 3 accounts × 10 schedules at 360×520", () => {
  it('folds each account into one line, all three in view, opened and closed from the keyboard; light and dark, axe 0', async () => {
    const app = await session.shared('configured');
    const { page } = app;
    await page.waitForSelector('html[data-rendered]');
    const state = threeAccounts(tenSchedules(app.host.engine.getState()));
    await push(app, state);
    const folds = page.getByTestId('now-fold');
    await expect.poll(() => folds.count()).toBe(3);
    expect(await page.getByTestId('now-line').count()).toBe(0);
    await page.getByTestId('status-more').waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await app.screenshot(`glance-3x10-folded-${scheme}`);
      expect(await fullyVisible(page.getByTestId('my-state')), `${scheme}: my state`).toBe(true);
      for (const fold of await folds.all()) {
        expect(await fullyVisible(fold), `${scheme}: ${await fold.textContent()}`).toBe(true);
        expect(await fold.textContent()).toMatch(/^10 schedules — you on (none|\d+)/);
        expect(await fold.getAttribute('aria-expanded')).toBe('false');
      }
      expect(await axeViolations(page), scheme).toEqual([]);
    }
    // Opened: that account's ten lines; the others stay folded. Enter again folds it.
    const acme = folds.nth(1);
    await acme.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('status-more').waitFor();
    // The ten now-lines, folded to what fits above the alarms: the lines shown and the fold's "N more schedules".
    const shownAndHidden = async (): Promise<number> => {
      const fold = (await page.getByTestId('now-fold').allTextContents()).join('');
      return (await page.getByTestId('now-line').count()) + Number(/^(\d+) more schedules/.exec(fold)?.[1] ?? 0);
    };
    await expect.poll(shownAndHidden).toBe(10);
    expect(await acme.getAttribute('aria-expanded')).toBe('true');
    await app.screenshot('glance-3x10-one-open-dark');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('now-line').count()).toBe(0);
  }, 60_000);
});

// fix49d: with three accounts, a block whose end no read covers said "until at least 13 Dec 2027, 22:00, then
// unknown" cut at the window's right edge (the until-when only in the line's title). Until when stays visible.
describe('a long until-when at 360×520', () => {
  it('keeps "until at least …, then unknown" visible in a now-line, 3 accounts, long names and people', async () => {
    const app = await session.shared('configured');
    const { page, host } = app;
    await page.waitForSelector('html[data-rendered]');
    const three = threeAccounts(host.engine.getState());
    const people = [
      'Maximiliana Alexandrovna Featherstonehaugh-Worthington',
      'Bartholomew Christophersen-Vandenberghe',
    ];
    const state: AppState = {
      ...three,
      schedules: three.schedules.map((s) => {
        if (!s.now || !s.known) return s;
        // A block reaching past the read: its end is the read's, then unknown (a year on: the date with its year).
        const to = new Date(Date.parse(s.known.from) + 380 * 86_400_000).toISOString();
        const users = people.map((name, i) => ({ id: `usr_l${i}`, name, email: `l${i}@example.com` }));
        return {
          ...s,
          name: `${s.name} — Checkout Platform Escalation`,
          known: { ...s.known, to },
          now: { ...s.now, end: to, users },
          next: null,
        };
      }),
    };
    await push(app, state);
    // Right under my state, folded only by what fits (adversarial round 6): the first account's lines shown.
    await expect.poll(() => page.getByTestId('now-line').count()).toBeGreaterThan(0);
    const lines = await page.getByTestId('now-line').all();
    expect(lines.length).toBeGreaterThan(0);
    expect(await lines[0]?.textContent()).toMatch(/then unknown/);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await app.screenshot(`glance-long-until-3-accounts-${scheme}`);
      for (const line of lines) {
        const when = line.locator('.when');
        const [w, l] = [await when.boundingBox(), await line.boundingBox()];
        const text = await when.textContent();
        // The whole until-when inside its line and the window, not cut.
        expect(w && l && w.x + w.width <= l.x + l.width + 0.5, `${scheme}: ${text}`).toBe(true);
        expect(w && w.x >= 0 && w.x + w.width <= (page.viewportSize()?.width ?? 0), `${scheme}: ${text}`).toBe(true);
      }
      expect(await fullyVisible(page.getByTestId('my-state'))).toBe(true);
      expect(await axeViolations(page), scheme).toEqual([]);
    }
  }, 60_000);
});

// Adversarial round 2 (issue 49), findings 3 and 6: at 360×520 a long until-when squeezed the name and the people to
// one letter ("P…  B…"), the whole line only in a hover title on a row no keyboard reached; with ten schedules, a
// pause, a readiness warning and a problem, "Asks you" fell under the button bar. Now each line keeps its name and
// people readable (a long until-when wraps to a line of its own), is focusable and named whole, and the glance
// compacts with seven schedules or more so the problem and what asks me stay in view with every now-line.
/** The little of an element these checks read in the page (this project's Node typings have no DOM). */
interface Part {
  clientWidth: number;
  scrollWidth: number;
  querySelector(selector: string): Part | null;
}
/** An element's box and its laid-out text's box (a Range's, which "…" does not shorten). */
interface Boxed {
  getBoundingClientRect(): { width: number };
  ownerDocument: {
    createRange(): { selectNodeContents(node: Boxed): void; getBoundingClientRect(): { width: number } };
  };
}
/** Whether an element's text shows whole: its laid-out width fits the element's box (nothing cut with "…"). */
const wholeText = (el: Boxed): boolean => {
  const range = el.ownerDocument.createRange();
  range.selectNodeContents(el);
  // Strict: Chromium cuts with "…" from a fraction of a pixel short (38.2 px of "14:30" in a 37.9 px box).
  return range.getBoundingClientRect().width <= el.getBoundingClientRect().width + 0.05;
};

describe('readable now-lines and a whole first screen at 360×520', () => {
  const long = (state: AppState, days: number): AppState => ({
    ...state,
    schedules: state.schedules.map((s, i) => {
      if (!s.now || !s.known || i % 3 !== 1) return s;
      const to = new Date(Date.parse(s.known.from) + days * 86_400_000).toISOString();
      return { ...s, known: { ...s.known, to }, now: { ...s.now, end: to }, next: null };
    }),
  });
  /** Pause, a readiness warning with its fix: the my-state box at its tallest. */
  const busy = (state: AppState): AppState => {
    const shift = state.me.shifts[0];
    if (!shift) throw new Error('demo seed: Alice has shifts');
    const message = 'After a restart, nothing will remind you: turn on Start at login.';
    return {
      ...state,
      settings: { ...state.settings, pausedUntil: new Date(Date.now() + 3_600_000).toISOString() },
      me: {
        ...state.me,
        readiness: {
          shift,
          checks: [
            { id: 'autostart', result: 'problem', message, action: 'start-at-login', label: 'Turn on Start at login' },
          ],
        },
      },
    };
  };
  it('keeps name, people and until readable and focusable, 3 accounts × 3 and 1 × 10 with a problem and asks, axe 0', async () => {
    const app = await session.shared('configured');
    const { page, host } = app;
    await page.waitForSelector('html[data-rendered]');
    const one = host.engine.getState();
    expect(one.coverage.askingMe.length).toBeGreaterThan(0);
    const crowd = [
      'Maximiliana Alexandrovna Featherstonehaugh-Worthington',
      'Bartholomew Christophersen-Vandenberghe',
    ].map((name, i) => ({ id: `usr_c${i}`, name, email: `c${i}@example.com` }));
    const three = long(threeAccounts(one), 380);
    for (const [name, state] of [
      [
        '3x3',
        {
          ...busy(three),
          schedules: three.schedules.map((s) => (s.now ? { ...s, now: { ...s.now, users: crowd } } : s)),
        },
      ],
      ['1x10', busy(long(tenLongDown(one), 380))],
    ] as const) {
      await push(app, state);
      await expect.poll(() => page.getByTestId('now-line').count()).toBe(state.schedules.length);
      await page.getByTestId('status-more').waitFor();
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await app.screenshot(`glance-readable-${name}-${scheme}`);
        const bar = await page.getByRole('navigation', { name: 'Actions' }).boundingBox();
        const inView = async (testId: string): Promise<boolean> => {
          const box = await page.getByTestId(testId).first().boundingBox();
          return !!box && !!bar && box.y >= 0 && box.y + box.height <= bar.y + 0.5 && box.x + box.width <= 360;
        };
        expect(await inView('my-state'), `${name} ${scheme}: my state`).toBe(true);
        expect(await inView('asks-you'), `${name} ${scheme}: asks you`).toBe(true);
        if (state.sync.kind !== 'ok') expect(await inView('stale-line'), `${name} ${scheme}: the problem`).toBe(true);
        for (const line of await page.locator('[data-testid=now-line], [data-testid=now-fold]').all()) {
          const box = await line.boundingBox();
          const label = (await line.getAttribute('aria-label')) ?? '';
          expect(box && bar && box.y + box.height <= bar.y + 0.5, `${name} ${scheme}: ${label}`).toBe(true);
          // Readable: the name and the people show at least 60 px each (or whole), until when whole.
          const widths = z
            .array(z.tuple([z.number(), z.number()]))
            .parse(
              await line.evaluate((el: Part) =>
                ['.name', '.people', '.when']
                  .map((s) => el.querySelector(s))
                  .map((p) => [p?.clientWidth, p?.scrollWidth]),
              ),
            );
          for (const [shown, whole] of widths.slice(0, -1))
            expect(shown, `${name} ${scheme}: ${label}`).toBeGreaterThanOrEqual(Math.min(whole, 60));
          const [shown, whole] = widths.at(-1) ?? [0, 1];
          expect(shown, `${name} ${scheme}: until whole in ${label}`).toBeGreaterThanOrEqual(whole);
          // Focusable and named by its whole line: name, people, until when.
          expect(await line.getAttribute('tabindex')).toBe('0');
          for (const part of await line.locator('.name, .people, .when').allTextContents())
            expect(label).toContain(part);
        }
        expect(await axeViolations(page), `${name} ${scheme}`).toEqual([]);
      }
    }
    // A keyboard user sees the focused line whole: its people are no longer cut.
    const first = page
      .getByTestId('now-line')
      .filter({ has: page.locator('.people') })
      .first();
    await first.focus();
    expect(await first.locator('.people').evaluate((el: Part) => el.scrollWidth > el.clientWidth + 1)).toBe(false);
  }, 60_000);
});

describe('my shifts', () => {
  it('lists every block of mine to the horizon with start → end and length, the schedule zone where it differs', async () => {
    const app = await session.shared('configured');
    const { page, host } = app;
    const state = host.engine.getState();
    expect(state.me.shifts.length).toBeGreaterThan(1);
    const list = page.getByTestId('my-shifts');
    await list.waitFor();
    expect(await list.textContent()).toContain('next 14 days');
    // The first few at a glance, all of them on request, in start order.
    const more = list.getByRole('button', { name: /Show all/ });
    if ((await more.count()) > 0) await more.click();
    const rows = list.getByTestId('my-shift');
    await expect.poll(() => rows.count()).toBe(state.me.shifts.length);
    const texts = await rows.allTextContents();
    texts.forEach((text, i) => {
      expect(text).toContain(state.me.shifts[i]?.scheduleName);
      expect(text).toMatch(/\d\d:\d\d ?– ?.*\d\d:\d\d/);
    });
    // Payments US is in New York: its rows add New York's clock; Platform primary (Berlin) rows do not.
    const payments = texts.filter((t) => t.includes('Payments US'));
    for (const t of payments) expect(t).toContain('New York)');
    for (const t of texts.filter((x) => x.includes('Platform primary'))) expect(t).not.toContain('(');
    // Day headings read as every surface names a day (shared/format): a weekday within a week, else a date.
    const headings = await list.getByRole('heading', { level: 3 }).allTextContents();
    for (const h of headings) expect(h).toMatch(/^(Now|Mon|Tue|Wed|Thu|Fri|Sat|Sun)( \d+ \w+)?$/);
    // The main line names when the next block starts and how soon; the detail under it, its start and end.
    expect(await page.getByTestId('my-state').textContent()).toMatch(/^Next: (\w{3} )?\d\d:\d\d \(in /);
    await app.screenshot('glance-my-shifts');
  });

  it('follows the horizon setting (up to 90 days): a longer horizon lists more of my blocks', async () => {
    const app = await session.open('configured');
    const { page, host } = app;
    const before = host.engine.getState().me.shifts.length;
    await host.engine.handlers['settings:update']({ horizonDays: 45 });
    const after = await host.waitForState(
      (s) => s.settings.horizonDays === 45 && s.me.shifts.length > before,
      'a longer horizon read',
    );
    await expect.poll(() => page.getByTestId('my-shifts').textContent()).toContain('next 45 days');
    expect(after.me.shifts.at(-1)?.start ?? '').not.toBe('');
    expect(Date.parse(after.me.shifts.at(-1)?.start ?? '')).toBeGreaterThan(Date.now() + 14 * 86_400_000);
    expect(await host.engine.handlers['settings:update']({ horizonDays: 91 })).toMatchObject({ ok: false });
  });
});

describe('my shifts over a DST change, with a schedule in another zone (page clock set to Fri 27 March 2026)', () => {
  it('reads local wall times, a calendar day of 23 real hours, and New York time for the New York schedule', async () => {
    const app = await session.open('configured');
    const { page } = app;
    await page.getByRole('heading', { name: 'Data Tokyo' }).waitFor();
    const nowMs = Date.parse('2026-03-27T10:00:00Z'); // 11:00 in Berlin; Berlin goes to summer time on Sunday 29 March
    await page.clock.setFixedTime(nowMs);
    const fetched = '2026-03-27T09:58:00Z';
    const platform = scheduleSnap(
      'sch_platform',
      [
        shift('2026-03-27T08:00:00Z', '2026-03-28T08:00:00Z', alice),
        shift('2026-03-28T08:00:00Z', '2026-03-29T07:00:00Z', me),
        shift('2026-03-29T07:00:00Z', '2026-04-05T07:00:00Z', alice),
      ],
      {
        details: details('Platform primary', 'Europe/Berlin', [alice, me]),
        detailsFetchedAt: fetched,
        shiftsFetchedAt: fetched,
      },
    );
    // Alice after me: the read covers my block's end (a read ending with it would say "until at least").
    const payments = scheduleSnap(
      'sch_pay',
      [
        shift('2026-03-27T13:00:00Z', '2026-03-27T21:00:00Z', me),
        shift('2026-03-27T21:00:00Z', '2026-03-28T13:00:00Z', alice),
      ],
      {
        details: details('Payments US', 'America/New_York', [alice, me]),
        detailsFetchedAt: fetched,
        shiftsFetchedAt: fetched,
        // Read from the fetch on: nobody on call there now is known (a read starting at the first shift would leave
        // now unread, and my now unknown).
        shiftsFrom: fetched,
      },
    );
    const state = deriveState({
      snapshot: snapshotOf([platform, payments], { coverageFetchedAt: fetched }),
      nowMs,
      settings: settingsWith({ schedules: [{ id: 'sch_platform' }, { id: 'sch_pay' }] }),
      setup: SETUP_OK,
      syncing: false,
      notices: [],
    });
    await push(app, state);
    const rows = page.getByTestId('my-shift');
    await expect.poll(() => rows.count()).toBe(2);
    const [pay, sat] = await rows.allTextContents();
    expect(pay).toMatch(/14:00–22:00.*8 h.*Payments US.*\(09:00–17:00 New York\)/);
    expect(sat).toMatch(/Sat 09:00 – Sun 09:00.*1 d \(23 h: clocks change\).*Platform primary/);
    expect(await page.getByTestId('my-shifts').getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Fri',
      'Sat',
    ]);
    expect(await page.getByTestId('my-state').textContent()).toMatch(/^Next: 14:00 \(09:00 New York\) \(in 3\sh\)/);
    await app.screenshot('glance-my-shifts-dst');
  });
});

describe('rows I am in', () => {
  it('tags every row I am in with "You", puts my schedules first and warns of an uncovered schedule', async () => {
    const app = await session.shared('configured');
    const { page, host } = app;
    const state = host.engine.getState();
    const me = (s: AppState['schedules'][number]['now']) => !!s?.users.some((u) => u.email === 'alice@example.com');
    // The cards are mounted after the first frame (the glance comes first): each count is awaited, not read once.
    for (const s of state.schedules) {
      const tags = () => card(app, s.name).getByText('You', { exact: true }).count();
      await expect.poll(tags).toBe(Number(me(s.now)) + Number(me(s.next)));
    }
    const mine = state.schedules.filter((s) => s.users.some((u) => u.email === 'alice@example.com')).map((s) => s.name);
    const order = await page
      .getByRole('list', { name: 'Schedules' })
      .getByRole('heading', { level: 2 })
      .allTextContents();
    expect(order.slice(0, mine.length).map((t) => t.trim())).toEqual(mine);
    // An uncovered schedule (nobody on call now) reads as a warning, not grey.
    const platform = state.schedules.find((s) => s.id === 'sch_platform_primary');
    if (!platform?.next) throw new Error('demo seed: Platform primary has a next shift');
    // Nobody now: the stretch of the timeline that held now's people, read as nobody.
    const current = platform.now;
    const emptied = platform.timeline.map((t) =>
      t.start === current?.start && t.end === current.end ? { ...t, kind: 'nobody' as const, users: [] } : t,
    );
    const gap = {
      ...state,
      schedules: state.schedules.map((s) => (s.id === platform.id ? { ...s, now: null, timeline: emptied } : s)),
    };
    await push(app, gap);
    const warning = card(app, 'Platform primary').getByTestId('uncovered');
    await warning.waitFor();
    expect(await warning.textContent()).toMatch(/^Uncovered until (\w{3} |\d+ \w{3}, )?\d\d:\d\d$/);
    const [warn, muted] = z
      .tuple([z.string(), z.string()])
      .parse(
        await page.evaluate(
          `[getComputedStyle(document.querySelector('[data-testid="uncovered"]')).color, getComputedStyle(document.querySelector('[data-testid="freshness"]')).color]`,
        ),
      );
    expect(warn).not.toBe(muted);
  });

  it('never cuts names at 360 px: mine stays readable in a long list, the time goes to its own line', async () => {
    const app = await session.shared('configured');
    const { page, host } = app;
    const state = host.engine.getState();
    const crowd = ['Maximilian Alexander Featherstonehaugh', 'Bartholomew Montgomery-Smythe', 'Alice Doe'].map(
      (name, i) => ({ id: `usr_x${i}`, name, email: i === 2 ? 'alice@example.com' : `x${i}@example.com` }),
    );
    const first = state.schedules[0];
    if (!first?.now) throw new Error('demo seed: someone is on call');
    await push(app, {
      ...state,
      schedules: state.schedules.map((s, i) => (i === 0 ? { ...s, now: { ...first.now!, users: crowd } } : s)),
    });
    const names = card(app, first.name).locator('.names').first();
    await expect.poll(() => names.textContent()).toContain('Alice Doe');
    const cut = await page.evaluate(
      `[...document.querySelectorAll('.names')].some((el) => el.scrollWidth > el.clientWidth || getComputedStyle(el).textOverflow.includes('ellipsis'))`,
    );
    expect(cut).toBe(false);
    const box = await names.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(360);
  });
});

describe('who needs me', () => {
  it("asks-you strip → override form with the request's context → covered after sync, counts agreeing everywhere", async () => {
    const app = await session.open('configured');
    const { page, host } = app;
    const state = host.engine.getState();
    const asking = state.coverage.askingMe;
    expect(asking.length).toBeGreaterThan(0);
    const strip = page.getByTestId('asks-you');
    await strip.waitFor();
    // Counts agree: the strip, the Coverage badge and the tray's label all say how many ask me.
    expect(await strip.textContent()).toContain(asking.length > 1 ? `Asks you (${asking.length})` : 'Asks you');
    expect(await page.getByRole('button', { name: /^Coverage/ }).textContent()).toContain(String(asking.length));
    // Requests use the accent colour, not the error red.
    const accent = await page.evaluate(
      "getComputedStyle(document.documentElement).getPropertyValue('--accent').trim()",
    );
    expect(accent).not.toBe('');
    expect(await page.evaluate(`getComputedStyle(document.querySelector('nav .count')).backgroundColor`)).not.toMatch(
      /rgb\(163, 34, 27\)/,
    );

    await strip.getByRole('button', { name: 'Cover…', description: / for / }).click();
    const opened = host.windowCalls.at(-1)?.request as { view: string; params: Record<string, string> };
    expect(opened.view).toBe('override');
    const request = asking.find((r) => r.id === opened.params['requestId']);
    expect(request).toBeDefined();
    expect(opened.params).toMatchObject({
      who: 'me',
      scheduleId: request?.shifts.find((s) => s.scheduleId === opened.params['scheduleId'])?.scheduleId,
    });
    // The form shows the request's context above it: who asked, why, which shifts.
    const context = page.getByTestId('coverage-request');
    await context.waitFor();
    expect(await context.textContent()).toContain(request?.requester.name);
    expect(await context.textContent()).toContain(request?.reason);

    // Cover it (as the form would), then the schedule shows me on it: the loop closes after the sync.
    const created = await host.invoke('override:create', {
      scheduleId: opened.params['scheduleId'],
      window: { kind: 'custom', start: opened.params['start'], end: opened.params['end'] },
      emails: [],
    });
    expect(created).toMatchObject({ ok: true });
    const after = await host.waitForState(
      (s) => s.coverage.coveredByMe.some((r) => r.id === request?.id) && !s.syncing,
      'the request covered by me',
    );
    expect(after.coverage.askingMe.map((r) => r.id)).not.toContain(request?.id);
    await page.evaluate("window.__oncallPush('navigate', { view: 'coverage' })");
    const item = page.getByRole('listitem').filter({ hasText: request?.reason ?? '' });
    await expect.poll(() => item.textContent()).toContain('Covered by you ✓');
    const counts = await page.getByTestId('coverage-counts').textContent();
    // The one statement's words (shared/asks-you.ts): "asking you (2)", its total first.
    expect(counts).toContain(`asking you (${after.coverage.askingMe.length}`);
    expect(counts).toContain(`${after.coverage.mine.length} yours`);
    // One scrolling list: no pages.
    expect(await page.getByRole('navigation', { name: 'Pages' }).count()).toBe(0);
    // "Cover this" only on shifts the request asks me about (my schedules).
    const coverButtons = await page.getByRole('button', { name: /^Cover / }).count();
    const mySchedules = new Set(
      after.schedules.filter((s) => s.users.some((u) => u.email === 'alice@example.com')).map((s) => s.id),
    );
    const askedShifts = after.coverage.askingMe.flatMap((r) => r.shifts.filter((s) => mySchedules.has(s.scheduleId)));
    expect(coverButtons).toBe(askedShifts.length);
    await page.evaluate("window.__oncallPush('navigate', { view: 'status' })");
    await expect
      .poll(() => page.getByRole('button', { name: /^Coverage/ }).textContent())
      .toContain(String(after.coverage.askingMe.length));
  });
});

describe('stale, broken and small things', () => {
  it('keeps the navigation clickable under the problem bar, which sits in the flow', async () => {
    const app = await session.shared('configured');
    const { page, host } = app;
    await page.getByRole('heading', { name: 'Data Tokyo' }).waitFor();
    await page.evaluate("window.__oncallPush('state:changed', { schedules: 'not a list' })");
    const bar = page.getByTestId('problem');
    await bar.waitFor();
    const barBox = await bar.boundingBox();
    for (const name of ['Override', 'Coverage', 'More', 'Settings']) {
      const button = page
        .getByRole('navigation', { name: 'Actions' })
        .getByRole('button', { name: new RegExp(`^${name}`) })
        .first();
      const box = await button.boundingBox();
      const overlaps = !!barBox && !!box && box.y < barBox.y + barBox.height && barBox.y < box.y + box.height;
      expect(overlaps).toBe(false);
    }
    // The popover itself does not scroll with the bar in it (measured before the click: the test host then shows
    // the settings view in this same page, which is taller).
    expect(
      await page.evaluate('[document.documentElement.scrollHeight, document.documentElement.clientHeight]'),
    ).toEqual([520, 520]);
    await page.getByRole('button', { name: 'Settings' }).click();
    expect(host.windowCalls.at(-1)).toEqual({ channel: 'window:open', request: { view: 'settings', params: {} } });
  });

  it('keeps the demo status row on one line per item', async () => {
    const app = await session.shared('configured');
    const { page, host } = app;
    await push(app, { ...host.engine.getState(), setup: { ...host.engine.getState().setup, demo: true } });
    await page.getByTestId('connect-live').waitFor();
    for (const el of [
      page.getByTestId('freshness'),
      page.getByText('Demo data', { exact: true }),
      page.getByTestId('connect-live'),
      page.getByRole('button', { name: 'Refresh now' }),
    ]) {
      const box = await el.boundingBox();
      expect(box?.height ?? 99).toBeLessThan(22);
      expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(360);
    }
    await app.screenshot('glance-demo-row');
  });

  it('does not put focus (and a ring) on Refresh now when the popover opens', async () => {
    const app = await session.shared('configured');
    const { page, host } = app;
    await page.getByRole('heading', { name: 'Data Tokyo' }).waitFor();
    await page.waitForTimeout(100);
    expect(await page.evaluate('document.activeElement?.textContent?.trim() ?? ""')).not.toBe('Refresh now');
    expect(await page.evaluate('document.activeElement?.tagName')).toBe('MAIN');
    const calls = host.windowCalls.length;
    await page.keyboard.press('Enter');
    await page.waitForTimeout(100);
    expect(host.windowCalls.length).toBe(calls);
    expect(host.engine.getState().syncing).toBe(false);
  });

  // Issue 49, round 4 F3: "I'm on it" on an alarm left the focus on <body> with nothing announced.
  it('after “I’m on it” on the second alarm, focus is on its line and “Acknowledged” is announced', async () => {
    const app = await session.open('configured');
    const { page, host } = app;
    await page.getByRole('heading', { name: 'Data Tokyo' }).waitFor();
    const start = new Date(Date.now() - 2 * 60_000).toISOString();
    const alarm = (key: string, scheduleName: string, ackedAt: string | null) => ({
      key,
      scheduleName,
      start,
      ringing: ackedAt === null,
      ackedAt,
      ackSource: ackedAt === null ? null : ('window' as const),
    });
    const state = host.engine.getState();
    await push(app, { ...state, alarm: alarm('a1', 'Platform', null), otherAlarms: [alarm('a2', 'Payments', null)] });
    const second = page.getByTestId('alarm-ask').filter({ hasText: 'Payments' });
    await second.getByRole('button', { name: 'I’m on it' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => host.alarm.intents).toEqual([{ kind: 'ack', key: 'a2' }]);
    // What main then sends: the second alarm acknowledged (its button gone).
    const acked = alarm('a2', 'Payments', new Date().toISOString());
    await push(app, { ...state, alarm: alarm('a1', 'Platform', null), otherAlarms: [acked] });
    await second.getByText(/acknowledged \d\d:\d\d/).waitFor();
    const active = 'document.activeElement?.getAttribute("data-testid") ?? document.activeElement?.tagName';
    await expect.poll(() => page.evaluate(active)).toBe('alarm-ask');
    expect(await page.evaluate('document.activeElement?.textContent ?? ""')).toContain('Payments');
    expect(await page.getByTestId('alarm-ack-said').textContent()).toBe('Acknowledged');
    expect(await page.getByTestId('alarm-ack-said').getAttribute('aria-live')).toBe('polite');
  });

  it('keeps avatar initials whole, dark card edges visible, rare actions under More, and a card opens an override for it', async () => {
    const app = await session.shared('configured', { colorScheme: 'dark' });
    const { page, host } = app;
    await page.getByRole('heading', { name: 'Data Tokyo' }).waitFor();
    // Two avatars side by side overlap by at most a few pixels: the first one's letters stay visible.
    const pairs =
      await page.evaluate(`[...document.querySelectorAll('.avatars')].filter((a) => a.children.length > 1).map((a) => {
      const [x, y] = a.children; const bx = x.getBoundingClientRect(); const by = y.getBoundingClientRect(); return bx.right - by.left; })`);
    for (const overlap of pairs as number[]) expect(overlap).toBeLessThanOrEqual(4);
    // The card's edge against the page: at least 3:1 in dark mode.
    const ratio = await page.evaluate(`(() => {
      const lum = (c) => { const [r, g, b] = c.match(/\\d+/g).slice(0, 3).map(Number).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
      const edge = getComputedStyle(document.querySelector('.card')).borderTopColor; const bg = getComputedStyle(document.body).backgroundColor;
      const [a, b] = [lum(edge), lum(bg)].sort((x, y) => y - x); return (a + 0.05) / (b + 0.05); })()`);
    expect(ratio as number).toBeGreaterThanOrEqual(3);
    expect(await page.getByRole('button', { name: 'Team' }).count()).toBe(0);
    await page.getByRole('button', { name: 'More', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Team' }).click();
    expect(host.windowCalls.at(-1)).toEqual({ channel: 'window:open', request: { view: 'team', params: {} } });
    await page.evaluate("window.__oncallPush('navigate', { view: 'status' })");
    await card(app, 'Payments US').click({ position: { x: 200, y: 50 } });
    expect(host.windowCalls.at(-1)).toEqual({
      channel: 'window:open',
      request: { view: 'override', params: { scheduleId: 'sch_payments_us', scheduleName: 'Payments US' } },
    });
  });
});

// Adversarial round 5 (issue 49), finding 2: with 3 accounts × 10 schedules and problems on each (a schedule
// unreadable over now, one account unreachable, one key rejected), an alarm ringing and a pause, the one merged
// problem text was clamped to two lines (91 px shown 36): the rejected key and its fix were cut off the first screen,
// the whole text only in a hover title. Now each problem is said once with its own fix, the worst whole and first,
// the others behind "2 more problems" (keyboard reachable), axe 0.
describe('several problems at 360×520', () => {
  const ringing = (key: string, scheduleName: string) => ({
    key,
    scheduleName,
    start: new Date(Date.now() - 2 * 60_000).toISOString(),
    ringing: true,
    ackedAt: null,
    ackSource: null,
  });
  it('shows the worst problem whole with its fix, the rest one keyboard press away, each with its own fix', async () => {
    const app = await session.shared('configured');
    const { page, host } = app;
    await page.waitForSelector('html[data-rendered]');
    const one = host.engine.getState();
    const three = threeAccounts(tenSchedules(one));
    const saved = one.lastSuccessAt ?? new Date().toISOString();
    const syncs = [
      partialSync("Couldn't read some shifts of Search", saved),
      { kind: 'offline', cause: 'refused', message: 'Cannot reach the service.', saved },
      { kind: 'key_rejected', message: 'The service rejected the API key. Enter a new key in Settings to resume.' },
    ] as const;
    const state: AppState = {
      ...three,
      sync: partialSync('Work: … Acme: … Globex: …', saved),
      accounts: three.accounts.map((a, i) => ({ ...a, sync: syncs[i] ?? { kind: 'ok' } })),
      settings: { ...three.settings, pausedUntil: new Date(Date.now() + 3_600_000).toISOString() },
      alarm: ringing('a1', 'Platform primary'),
      // Adversarial round 8 (issue 49), F1: a phone line ("Your phone may still ring …") and its fix above the bar.
      phone: {
        provider: 'ntfy',
        server: 'https://ntfy.sh',
        hasSecrets: true,
        lastTest: null,
        booking: 'booked',
        nextBooked: null,
        problem: 'could not connect to ntfy.sh',
        stillRing: [
          {
            key: 'k1',
            at: new Date(Date.now() + 40 * 60_000).toISOString(),
            scheduleName: 'Platform primary',
            accountName: 'Work',
            why: 'not-mine',
            error: 'could not connect to ntfy.sh (ECONNREFUSED)',
            passed: false,
          },
        ],
      },
    };
    await push(app, state);
    // Thirty now-lines fold into one line for all accounts (issue 49): one per account leaves the alarm's "I'm on it"
    // under the bar here (a heading and a line each, under the problems, the pause and the phone line). Settled from
    // the most lines on each change, so the same on every run (it was 3 on some runs, 1 on others).
    await expect.poll(() => page.getByTestId('now-fold').count()).toBe(1);
    await page.getByTestId('status-more').waitFor();
    const problems = page.getByTestId('stale-line');
    const bar = await page.getByRole('navigation', { name: 'Actions' }).boundingBox();
    const above = async (l: Locator): Promise<boolean> => {
      const box = await l.boundingBox();
      return !!box && !!bar && box.y >= 0 && box.y + box.height <= bar.y + 0.5;
    };
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await app.screenshot(`glance-problems-3x10-${scheme}`);
      // The worst (the rejected key, which no retry heals) first, whole, with its own fix, above the bar.
      const worst = problems.locator('.stale').first();
      expect(await worst.textContent()).toContain('Globex: The service rejected the API key');
      const cut = await worst
        .locator('.text')
        .evaluate((el: Part & { scrollHeight: number; clientHeight: number }) =>
          el.scrollHeight > el.clientHeight + 1 ? `${el.scrollHeight} > ${el.clientHeight}` : '',
        );
      expect(cut, `${scheme}: the worst problem cut`).toBe('');
      expect(await above(worst.getByRole('button', { name: 'Enter new key…' })), scheme).toBe(true);
      expect(await above(page.getByTestId('more-problems')), scheme).toBe(true);
      expect(await above(page.getByTestId('my-state')), scheme).toBe(true);
      for (const fold of await page.getByTestId('now-fold').all()) expect(await above(fold), scheme).toBe(true);
      expect(await above(page.getByRole('button', { name: 'Phone settings…' })), scheme).toBe(true);
      expect(await page.getByTestId('more-problems').textContent()).toBe('2 more problems');
      expect(await axeViolations(page), scheme).toEqual([]);
    }
    // By keyboard: Tab reaches "2 more problems", Enter shows the others, each once with its own fix.
    const active = 'document.activeElement?.getAttribute("data-testid") ?? ""';
    for (let i = 0; i < 15 && (await page.evaluate(active)) !== 'more-problems'; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(active)).toBe('more-problems');
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('more-problems').getAttribute('aria-expanded')).toBe('true');
    const lines = problems.locator('.stale');
    await expect.poll(() => lines.count()).toBe(3);
    const texts = await lines.allTextContents();
    expect(texts[1]).toMatch(/^Acme: Offline · .*Retry/);
    expect(texts[2]).toMatch(/^Work: Couldn't read some shifts of Search.*Retry/);
    // Said once on the glance: the now-lines' account headings only name the account.
    const glance = (await problems.textContent()) + ((await page.getByTestId('now-lines').textContent()) ?? '');
    for (const said of ['rejected the API key', 'Acme: Offline', "Couldn't read some shifts"])
      expect(glance.split(said).length - 1, `said once: ${said}`).toBe(1);
    await app.screenshot('glance-problems-3x10-expanded');
    expect(await axeViolations(page)).toEqual([]);
    // Adversarial round 8 (issue 49), F4: one other problem is "1 more problem", not "1 more problems".
    await push(app, {
      ...state,
      accounts: state.accounts.map((a, i) => (i === 0 ? { ...a, sync: { kind: 'ok' } } : a)),
    });
    await expect.poll(() => page.getByTestId('more-problems').textContent()).toBe('1 more problem');
    await lines.first().getByRole('button', { name: 'Enter new key…' }).click();
    expect(host.windowCalls.at(-1)).toEqual({
      channel: 'window:open',
      request: { view: 'settings', params: { account: 'globex' } },
    });
  }, 60_000);
});

// Adversarial round 4 (issue 49), finding 4: at 125 % zoom (a 360×520 window is a 288×416 CSS viewport), dark and
// forced colours, 10 schedules, 2 alarms ringing and a pause, six of ten now-lines were under the button bar. The
// compact glance keeps my state, the now-lines (folded to what fits: "4 more schedules — …") and each alarm above the
// bar: in a low window each ringing alarm takes one line (its "I'm on it" whole), and Asks you comes after.
describe('the first screen at 125 % zoom', () => {
  it('keeps my state, the now-lines (folded to fit) and each alarm above the bar, 10 schedules, 2 alarms, a pause, dark, forced colours', async () => {
    const app = await session.open('configured', { width: 288, height: 416, colorScheme: 'dark' });
    const { page, host } = app;
    await page.waitForSelector('html[data-rendered]');
    const start = new Date(Date.now() - 2 * 60_000).toISOString();
    const alarm = (key: string, scheduleName: string) => ({
      key,
      scheduleName,
      start,
      ringing: true,
      ackedAt: null,
      ackSource: null,
    });
    const one = host.engine.getState();
    const ten = tenSchedules(one);
    const state: AppState = {
      ...ten,
      settings: { ...ten.settings, pausedUntil: new Date(Date.now() + 3_600_000).toISOString() },
      alarm: alarm('a1', 'Platform primary'),
      otherAlarms: [alarm('a2', 'Payments US')],
    };
    await push(app, state);
    await page.getByTestId('status-more').waitFor();
    // The ten now-lines, folded to what fits above the alarms: the lines shown and the fold's "N more schedules".
    const shownAndHidden = async (): Promise<number> => {
      const fold = (await page.getByTestId('now-fold').allTextContents()).join('');
      return (await page.getByTestId('now-line').count()) + Number(/^(\d+) more schedules/.exec(fold)?.[1] ?? 0);
    };
    await expect.poll(shownAndHidden).toBe(10);
    for (const forced of ['none', 'active'] as const) {
      await page.emulateMedia({ forcedColors: forced });
      await app.screenshot(`glance-zoom125-10-alarms-dark-${forced === 'active' ? 'fc' : 'plain'}`);
      const bar = await page.getByRole('navigation', { name: 'Actions' }).boundingBox();
      const above = async (l: Locator): Promise<boolean> => {
        const box = await l.boundingBox();
        return !!box && !!bar && box.y >= 0 && box.y + box.height <= bar.y + 0.5;
      };
      expect(await above(page.getByTestId('my-state')), `${forced}: my state`).toBe(true);
      for (const line of await page.locator('[data-testid=now-line], [data-testid=now-fold]').all())
        expect(await above(line), `${forced}: ${await line.getAttribute('aria-label')}`).toBe(true);
      for (const ask of await page.getByTestId('alarm-ask').all()) {
        expect(await above(ask.getByRole('button', { name: 'I’m on it' })), `${forced}: I'm on it`).toBe(true);
        expect((await ask.boundingBox())?.height ?? 99, `${forced}: one line`).toBeLessThanOrEqual(24);
      }
    }
    await page.emulateMedia({ forcedColors: 'none' });
    expect(await axeViolations(page)).toEqual([]);
    // Each alarm's own "I'm on it", its line read whole.
    const asks = page.getByTestId('alarm-ask');
    await asks.filter({ hasText: 'Payments US' }).getByRole('button', { name: 'I’m on it' }).click();
    await expect.poll(() => host.alarm.intents).toEqual([{ kind: 'ack', key: 'a2' }]);
    expect(await axeViolations(page)).toEqual([]);
  }, 60_000);

  // Adversarial round 10 (issue 49), F1: two alarms read "Shift-start alarm — Pl… · I’m on it" twice at 288×416 (the
  // schedule cut away, the start never said, nothing showing it whole). Now which shift and when come first and stay;
  // the fixed words are cut instead; each "I'm on it" is named by its schedule; a focused line shows whole.
  it('says which shift rings and when on each one-line alarm (Platform primary / Platform secondary), light and dark', async () => {
    const app = await session.shared('configured', { width: 288, height: 416 });
    const { page, host } = app;
    await page.waitForSelector('html[data-rendered]');
    // 2 min ago, but never before the page's own midnight: a start on the day before is worded with its day ("Sun
    // 23:58"), which these lines' widths don't plan for (a run just after midnight failed so).
    const startMs = Math.max(Date.now() - 2 * 60_000, await page.evaluate(() => new Date().setHours(0, 0, 1, 0)));
    const alarm = (key: string, scheduleName: string) =>
      ({
        key,
        scheduleName,
        start: new Date(startMs).toISOString(),
        ringing: true,
        ackedAt: null,
        ackSource: null,
      }) as const;
    const ten = tenSchedules(host.engine.getState());
    await push(app, {
      ...ten,
      alarm: alarm('a1', 'Platform primary'),
      otherAlarms: [alarm('a2', 'Platform secondary')],
    });
    const asks = page.getByTestId('alarm-ask');
    await expect.poll(() => asks.count()).toBe(2);
    const hhmm = await page.evaluate(
      (ms) => new Date(ms).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false }),
      startMs,
    );
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await app.screenshot(`glance-zoom125-alarm-names-${scheme}`);
      for (const [i, name] of ['Platform primary', 'Platform secondary'].entries()) {
        const line = asks.nth(i);
        // What is shown: the start whole (never cut: adv49 r11 F1), the schedule's name from its start (cut with "…"
        // only by the few pixels 288 px lacks: "Platform second…"), then "I'm on it" whole.
        const start = line.locator('.start');
        expect(await start.textContent(), `${scheme} ${name}`).toBe(`${name},`);
        // "Alarm:" comes first, whole (adv49 r15 #2), so at 288 px the name keeps about 50 px ("Platfo…"); focus or the
        // title shows it whole.
        expect((await start.boundingBox())?.width ?? 0, `${scheme} ${name} readable`).toBeGreaterThan(45);
        expect(await line.locator('.at').textContent()).toBe(` ${hhmm}`);
        expect(await line.locator('.at').evaluate(wholeText), `${scheme} ${hhmm} whole`).toBe(true);
        expect((await line.boundingBox())?.height ?? 99, `${scheme}: one line`).toBeLessThanOrEqual(24);
        expect(await line.getAttribute('title')).toBe(`Shift-start alarm (${name}, ${hhmm}): not acknowledged`);
        await line.getByRole('button', { name: `I’m on it — ${name}`, exact: true }).waitFor();
      }
      expect(await axeViolations(page), scheme).toEqual([]);
    }
    // Tab reaches the line (as a now-line), which then shows whole: every word inside it, wrapped.
    const second = asks.nth(1);
    await second.focus();
    const words = second.locator('.state');
    expect(
      await words.evaluate(
        (el: Part & { scrollWidth: number; clientWidth: number }) => el.scrollWidth <= el.clientWidth + 1,
      ),
    ).toBe(true);
    expect(await second.getAttribute('tabindex')).toBe('0');
    await app.screenshot('glance-zoom125-alarm-focused');
  }, 60_000);

  // Adversarial round 11 (issue 49), F1: with 2 accounts at 360×520 the account's name came first and pushed the start
  // out ("Work · Platform primary, 13:… · s…"). The start is what tells two alarms apart: it stays whole; the name cuts.
  it('keeps each one-line alarm’s start whole with 2 accounts × 5 at 360×520, the name cut instead, light and dark, axe 0', async () => {
    const app = await session.shared('configured');
    const { page, host } = app;
    await page.waitForSelector('html[data-rendered]');
    // 2 min ago, but never before the page's own midnight: a start on the day before is worded with its day ("Sun
    // 23:58"), which these lines' widths don't plan for (a run just after midnight failed so).
    const startMs = Math.max(Date.now() - 2 * 60_000, await page.evaluate(() => new Date().setHours(0, 0, 1, 0)));
    const alarm = (key: string, accountName: string, scheduleName: string) =>
      ({
        key,
        accountName,
        scheduleName,
        start: new Date(startMs).toISOString(),
        ringing: true,
        ackedAt: null,
        ackSource: null,
      }) as const;
    const three = threeAccounts(tenSchedules(host.engine.getState()));
    const two = three.accounts.slice(0, 2).map((a) => a.id);
    await push(app, {
      ...three,
      accounts: three.accounts.slice(0, 2),
      settings: { ...three.settings, accounts: three.settings.accounts.slice(0, 2) },
      schedules: three.schedules.filter((s) => two.includes(s.accountId)).filter((_, i) => i % 10 < 5),
      alarm: alarm('a1', 'Work', 'Platform primary'),
      otherAlarms: [alarm('a2', 'Acme', 'Payments US')],
    });
    const asks = page.getByTestId('alarm-ask');
    await expect.poll(() => asks.count()).toBe(2);
    const hhmm = await page.evaluate(
      (ms) => new Date(ms).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false }),
      startMs,
    );
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await app.screenshot(`glance-2accounts-alarms-${scheme}`);
      for (const line of await asks.all()) {
        const at = line.locator('.at');
        expect(await at.textContent()).toBe(` ${hhmm}`);
        // Not clipped: the laid-out text (a Range's box, which "…" does not shorten) fits the time's own box, and
        // that box lies inside the line's.
        expect(await at.evaluate(wholeText), `${scheme}: ${hhmm} whole`).toBe(true);
        const [atBox, lineBox] = [await at.boundingBox(), await line.boundingBox()];
        expect(atBox && lineBox && atBox.width > 20 && atBox.x + atBox.width <= lineBox.x + lineBox.width + 0.5).toBe(
          true,
        );
        expect((await line.boundingBox())?.height ?? 99, `${scheme}: one line`).toBeLessThanOrEqual(30);
        await line.getByRole('button', { name: /^I’m on it — / }).waitFor();
      }
      expect(await axeViolations(page), scheme).toEqual([]);
    }
  }, 60_000);
});

// Adversarial round 6 (issue 49), findings 1 and 3: a now-line reading "until at least 14 Dec, 06:00, then unknown"
// takes two lines, so with 1 account × 10 (an alarm and the readiness line too) or 3 accounts × 3 (an alarm) the last
// now-lines were under the button bar; at 150 % zoom (240×347) the alarm and its "I'm on it" were below the fold and
// the bar scrolled the page sideways ("Settin"). The glance now folds by what fits (measured), and the bar wraps.
// At 200 % (180×260) only my state and the readiness line showed: no now-line, the alarm far below the bar.
describe('every account’s now above the bar, long until-whens, an alarm (100 % to 200 % zoom)', () => {
  const atLeast = (state: AppState): AppState => ({
    ...state,
    alarm: {
      key: 'a1',
      scheduleName: 'Platform primary',
      start: new Date().toISOString(),
      ringing: true,
      ackedAt: null,
      ackSource: null,
    },
    me: {
      ...state.me,
      readiness: state.me.shifts[0]
        ? {
            shift: state.me.shifts[0],
            checks: [
              {
                id: 'autostart',
                result: 'problem',
                action: 'start-at-login',
                label: 'Turn on Start at login',
                message: 'After a restart, nothing will remind you: turn on Start at login.',
              },
            ],
          }
        : state.me.readiness,
    },
    schedules: state.schedules.map((s) => {
      if (!s.now || !s.known) return s;
      const to = new Date(Date.parse(s.known.from) + 380 * 86_400_000).toISOString();
      return { ...s, known: { ...s.known, to }, now: { ...s.now, end: to }, next: null };
    }),
  });
  /** Each account's now inside the screen above the bar: its now-lines, or its folded line. */
  const allAbove = async (app: Opened, label: string): Promise<void> => {
    const { page } = app;
    const bar = await page.getByRole('navigation', { name: 'Actions' }).boundingBox();
    const size = page.viewportSize();
    const above = async (l: Locator): Promise<boolean> => {
      const box = await l.boundingBox();
      return !!box && !!bar && box.y >= 0 && box.y + box.height <= bar.y + 0.5;
    };
    expect(bar && size && bar.x + bar.width <= size.width + 0.5, `${label}: the bar inside the width`).toBe(true);
    expect(await page.evaluate('document.documentElement.scrollWidth <= document.documentElement.clientWidth')).toBe(
      true,
    );
    expect(await above(page.getByTestId('my-state')), `${label}: my state`).toBe(true);
    // What asks me comes before the problem (whose fix goes under its text at 200 %): above it on the page.
    const stale = page.getByTestId('stale-line');
    const problem = (await stale.count()) > 0 ? await stale.boundingBox() : null;
    const asked = await page.getByTestId('asks-you').boundingBox();
    if (problem) expect(asked && asked.y < problem.y, `${label}: Asks you before the problem`).toBe(true);
    for (const ask of await page.getByTestId('alarm-ask').all())
      expect(await above(ask.getByRole('button', { name: 'I’m on it' })), `${label}: I'm on it`).toBe(true);
    for (const line of await page.locator('[data-testid=now-line], [data-testid=now-fold]').all())
      expect(await above(line), `${label}: ${await line.getAttribute('aria-label')}`).toBe(true);
    // What asks me (fix49t: its first request was half under the bar at 1 × 10): the heading and the soonest
    // request with its Cover…, down to 150 % zoom; at 200 % (fix49ai: it was under the bar) the heading and Cover…,
    // on one line (the request is cut there, read whole by a screen reader).
    const asks = page.getByTestId('asks-you');
    if (label.includes('zoom200')) {
      for (const part of [
        asks.getByRole('heading', { name: /^Asks you/ }),
        asks.getByRole('button', { name: 'Cover…' }),
      ])
        expect(await above(part), `${label}: ${await part.textContent()}`).toBe(true);
      return;
    }
    for (const part of [
      asks.getByRole('heading', { name: /^Asks you/ }),
      asks.locator('h2 + p'),
      asks.getByRole('button', { name: 'Cover…' }),
    ])
      expect(await above(part), `${label}: ${await part.textContent()}`).toBe(true);
    // Readable, not only there: who asks shows at least 60 px of its line (or whole).
    const line = await asks.locator('.text').boundingBox();
    const who = await asks.locator('h2 + p strong').boundingBox();
    const shown = line && who ? Math.min(who.x + who.width, line.x + line.width) - who.x : 0;
    expect(shown, `${label}: who asks`).toBeGreaterThanOrEqual(Math.min(who?.width ?? 1, 60));
  };
  /** Me on call now, for 12 h (as a shift-start alarm rings): the headline "On call until …" and its detail. */
  const onCallNow = (state: AppState): AppState => {
    const [mine] = state.me.shifts;
    if (!mine) throw new Error('demo seed: Alice has a shift');
    const now = { ...mine, start: new Date(Date.now() - 60_000).toISOString() };
    const until = { ...now, end: new Date(Date.now() + 12 * 3_600_000).toISOString() };
    return { ...state, me: { ...state.me, onCallNow: [until], shifts: [until, ...state.me.shifts.slice(1)] } };
  };
  /** A rejected key (one sentence, its fix "Enter new key…"), shown as the glance's problem. */
  const rejected = (state: AppState): AppState => ({
    ...state,
    sync: { kind: 'key_rejected', message: 'Acme: the service rejected the API key, so nothing could be read.' },
  });
  /** Two requests asking me (the demo's, and one more of it), so "Asks you (2)" is in every world. */
  const twoAsks = (state: AppState): AppState => {
    const [ask] = state.coverage.askingMe;
    if (!ask) throw new Error('demo seed: a request asks Alice');
    // Worded again as main words every state it pushes (core/state/asks-words.ts).
    const asks = { ...state, coverage: { ...state.coverage, askingMe: [ask, { ...ask, id: `${ask.id}_2` }] } };
    return withAsksWords(asks, Date.now(), undefined);
  };
  // Adversarial round 9 (issue 49), F1: one account × 10 (and 3 accounts) with two alarms, two asks, a hole, a pause,
  // readiness and 2–3 "Your phone may still ring …" lines: Asks you and its Cover… were under the bar. Several phone
  // lines now fold into one ("3 phone alerts may ring · Phone settings…"), so what asks me stays in the first screen.
  it('all at once (2 alarms, 2 asks, a hole, a pause, readiness, 2–3 phone lines), 3 accounts × 3, 1 and 3 accounts × 10, light and dark: Asks you and Cover… above the bar', async () => {
    const app = await session.shared('configured');
    const { page, host } = app;
    await page.waitForSelector('html[data-rendered]');
    const one = host.engine.getState();
    const ten = tenSchedules(one);
    const ring = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        key: `k${i}`,
        at: new Date(Date.now() + (40 + i * 60) * 60_000).toISOString(),
        scheduleName: ten.schedules[i]?.name ?? 'Search',
        accountName: 'Work',
        why: 'not-mine' as const,
        error: 'could not connect to ntfy.sh (ECONNREFUSED)',
        passed: false,
      }));
    const start = new Date(Date.now() - 2 * 60_000).toISOString();
    const alarm = (key: string, scheduleName: string) =>
      ({ key, scheduleName, start, ringing: true, ackedAt: null, ackSource: null }) as const;
    for (const [name, world] of [
      ['3x3', threeAccounts(one)],
      ['1x10', ten],
      ['3x10', threeAccounts(ten)],
    ] as const) {
      for (const phones of name === '3x3' ? [2] : [2, 3]) {
        const base = atLeast(twoAsks(world));
        const saved = base.lastSuccessAt ?? new Date().toISOString();
        const state: AppState = {
          ...base,
          sync: partialSync("Couldn't read some shifts of Mobile backend and some shifts of Billing operations", saved),
          // With 3 accounts, one's key rejected and one offline (the report's 3-account world): the worst problem whole.
          accounts: base.accounts.map((a, i) =>
            i === 1
              ? { ...a, sync: { kind: 'key_rejected', message: 'The service rejected the API key. Enter a new key.' } }
              : i === 2
                ? { ...a, sync: { kind: 'offline', cause: 'refused', message: 'Cannot reach the service.', saved } }
                : a,
          ),
          // Notifications paused, and (3 accounts) the third account's reminders too: two pause lines.
          settings: {
            ...base.settings,
            pausedUntil: new Date(Date.now() + 3_600_000).toISOString(),
            accounts: base.settings.accounts.map((a, i) =>
              i === 2 ? { ...a, pausedUntil: new Date(Date.now() + 7_200_000).toISOString() } : a,
            ),
          },
          alarm: alarm('a1', 'Platform primary'),
          otherAlarms: [alarm('a2', 'Payments US')],
          phone: {
            provider: 'ntfy',
            server: 'https://ntfy.sh',
            hasSecrets: true,
            lastTest: null,
            booking: 'booked',
            nextBooked: null,
            problem: 'could not connect to ntfy.sh',
            stillRing: ring(phones),
          },
        };
        await push(app, state);
        await page.getByTestId('status-more').waitFor();
        await page.getByRole('button', { name: 'Phone settings…' }).first().waitFor();
        await expect.poll(() => page.getByRole('button', { name: 'I’m on it' }).count()).toBe(2);
        for (const scheme of ['light', 'dark'] as const) {
          const label = `${name} ${phones} phone lines ${scheme}`;
          await page.emulateMedia({ colorScheme: scheme });
          await app.screenshot(`glance-all-at-once-${name}-${phones}-${scheme}`);
          const bar = await page.getByRole('navigation', { name: 'Actions' }).boundingBox();
          const above = async (l: Locator): Promise<boolean> => {
            const box = await l.boundingBox();
            return !!box && !!bar && box.y >= 0 && box.y + box.height <= bar.y + 0.5;
          };
          expect(await above(page.getByTestId('my-state')), `${label}: my state`).toBe(true);
          // What asks me comes before the problem (whose fix goes under its text at 200 %): above it on the page.
          const stale = page.getByTestId('stale-line');
          const problem = (await stale.count()) > 0 ? await stale.boundingBox() : null;
          const asked = await page.getByTestId('asks-you').boundingBox();
          if (problem) expect(asked && asked.y < problem.y, `${label}: Asks you before the problem`).toBe(true);
          for (const line of await page.locator('[data-testid=now-line], [data-testid=now-fold]').all())
            expect(await above(line), `${label}: ${await line.getAttribute('aria-label')}`).toBe(true);
          for (const b of await page.getByRole('button', { name: /^(I’m on it|Phone settings…)$/ }).all())
            expect(await above(b), `${label}: ${await b.textContent()}`).toBe(true);
          const asks = page.getByTestId('asks-you');
          for (const part of [
            asks.getByRole('heading', { name: /^Asks you \(2\)/ }),
            asks.locator('h2 + p'),
            asks.getByRole('button', { name: 'Cover…' }),
          ])
            expect(await above(part), `${label}: ${await part.textContent()}`).toBe(true);
          // The phone lines' fold: one line, whole (its count read), its fix beside it.
          const fold = page.getByRole('button', { name: `${phones} phone alerts may ring` });
          expect(
            await fold.evaluate(
              (el: Part & { scrollWidth: number; clientWidth: number }) => el.scrollWidth <= el.clientWidth + 1,
            ),
            `${label}: fold whole`,
          ).toBe(true);
          expect(await page.getByRole('button', { name: 'Phone settings…' }).count(), label).toBe(1);
          expect(await axeViolations(page), label).toEqual([]);
        }
        // Adversarial round 9, 3 × 3 (a rejected key, an offline account, a two-line state, two pauses): each account
        // folded, a heading and a line each, still put Asks you under the bar (y 492, bar 481). All accounts then fold
        // into one line, which opens (by keyboard) to every account's lines and closes again.
        if (name === '3x3') {
          const all = page.getByTestId('now-fold');
          await expect.poll(() => all.count()).toBe(1);
          expect(await all.getAttribute('aria-label')).toMatch(/^3 accounts, 9 schedules — you on /);
          await all.focus();
          await page.keyboard.press('Enter');
          await expect.poll(() => page.getByTestId('now-line').count()).toBe(9);
          expect(await page.locator('h3.account').allTextContents()).toEqual(['Work', 'Acme', 'Globex']);
          expect(await page.evaluate("document.activeElement?.dataset.testid === 'now-fold'")).toBe(true);
          await page.keyboard.press('Enter');
          await expect.poll(() => page.getByTestId('now-line').count()).toBe(0);
        }
      }
    }
    // Behind the fold, each one's own line with its fix.
    await page.getByRole('button', { name: '3 phone alerts may ring' }).click();
    await expect.poll(() => page.getByText(/^Your phone may still ring at /).count()).toBe(3);
    expect(await page.getByRole('button', { name: 'Phone settings…' }).count()).toBe(3);
  }, 90_000);

  // Adversarial round 10 (issue 49), #3: Enter on the phone lines' fold removed its button (focus fell to <body>),
  // aria-expanded never became true, nothing folded them back, and a third line coming in while they were open put
  // the second alarm's "I’m on it" and Asks you's Cover… under the bar. #4: at 288×416 and 240×347 the fold read
  // "Phone may still r… · Phone settings…", its count cut away.
  it('the phone lines’ fold is a disclosure (Enter opens and folds back, focus stays), folds back for a new line that would push the alarms under the bar, and keeps its count whole at 288×416 and 240×347; light and dark, axe 0', async () => {
    const app = await session.shared('configured');
    const { page, host } = app;
    await page.waitForSelector('html[data-rendered]');
    const ten = tenSchedules(host.engine.getState());
    const start = new Date(Date.now() - 2 * 60_000).toISOString();
    const world = (phones: number): AppState => {
      const base = atLeast(twoAsks(ten));
      return {
        ...base,
        otherAlarms: [{ key: 'a2', scheduleName: 'Payments US', start, ringing: true, ackedAt: null, ackSource: null }],
        phone: {
          provider: 'ntfy',
          server: 'https://ntfy.sh',
          hasSecrets: true,
          lastTest: null,
          booking: 'booked',
          nextBooked: null,
          problem: 'could not connect to ntfy.sh',
          stillRing: Array.from({ length: phones }, (_, i) => ({
            key: `k${i}`,
            at: new Date(Date.now() + (40 + i * 60) * 60_000).toISOString(),
            scheduleName: ten.schedules[i]?.name ?? 'Search',
            accountName: 'Work',
            why: 'not-mine' as const,
            error: 'could not connect to ntfy.sh (ECONNREFUSED)',
            passed: false,
          })),
        },
      };
    };
    const fold = (n: number) => page.getByRole('button', { name: `${n} phone alerts may ring`, exact: true });
    const lines = page.getByText(/^Your phone may still ring at /);
    /** The focused element's name and aria-expanded: the fold's while it has the focus. */
    const focused = async (n: number) =>
      String(
        await page.evaluate('`${document.activeElement?.textContent}|${document.activeElement?.ariaExpanded}`'),
      ).replace(`${n} phone alerts may ring|`, '');
    const bar = async () => (await page.getByRole('navigation', { name: 'Actions' }).boundingBox())?.y ?? 0;
    const above = async (l: Locator) => {
      const box = await l.boundingBox();
      return !!box && box.y >= 0 && box.y + box.height <= (await bar()) + 0.5;
    };
    const alarmsAndAsksAbove = async (label: string) => {
      for (const b of await page.getByRole('button', { name: 'I’m on it' }).all())
        expect(await above(b), `${label}: I’m on it`).toBe(true);
      expect(
        await above(page.getByTestId('asks-you').getByRole('button', { name: 'Cover…' })),
        `${label}: Cover…`,
      ).toBe(true);
    };
    await push(app, world(2));
    await fold(2).waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const button = fold(2);
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      const controls = await button.getAttribute('aria-controls');
      expect(controls, 'aria-controls').toBeTruthy();
      await button.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(2)).toBe('true');
      await expect
        .poll(() =>
          page
            .locator(`#${controls ?? '?'}`)
            .getByText(/^Your phone may still ring at /)
            .count(),
        )
        .toBe(2);
      await app.screenshot(`glance-phone-fold-open-${scheme}`);
      expect(await axeViolations(page), `${scheme} open`).toEqual([]);
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(2)).toBe('false');
      expect(await lines.count()).toBe(0);
      await app.screenshot(`glance-phone-fold-${scheme}`);
      expect(await axeViolations(page), `${scheme} folded`).toEqual([]);
    }
    // Opened, a third line comes: with the alarms and Asks you no longer above the bar at 360×520, it folds back, says
    // so politely, and the focus stays on it.
    await fold(2).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => lines.count()).toBe(2);
    await push(app, world(3));
    await expect.poll(() => focused(3)).toBe('false');
    expect(await lines.count()).toBe(0);
    await expect.poll(() => page.getByTestId('still-ring-said').textContent()).toMatch(/folded/i);
    await alarmsAndAsksAbove('3 lines, folded back');
    // In a taller window they still fit: it stays open.
    await page.setViewportSize({ width: 360, height: 1000 });
    await push(app, world(2));
    await fold(2).click();
    await expect.poll(() => lines.count()).toBe(2);
    await push(app, world(3));
    await expect.poll(() => lines.count()).toBe(3);
    expect(await fold(3).getAttribute('aria-expanded')).toBe('true');
    await fold(3).click();
    // 125 % and 150 % zoom: the fold's count and words whole (its fix on a line of its own if need be).
    for (const size of [
      { width: 288, height: 416 },
      { width: 240, height: 347 },
    ]) {
      await page.setViewportSize(size);
      await push(app, world(2));
      await fold(2).waitFor();
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        const label = `${size.width}×${size.height} ${scheme}`;
        await app.screenshot(`glance-phone-fold-${size.width}-${scheme}`);
        expect(
          await fold(2).evaluate((el: Part) => el.scrollWidth <= el.clientWidth + 1),
          `${label}: the fold's words whole`,
        ).toBe(true);
        expect(await above(fold(2)), `${label}: the fold`).toBe(true);
        expect(await above(page.getByRole('button', { name: 'Phone settings…' })), `${label}: its fix`).toBe(true);
        expect(await axeViolations(page), label).toEqual([]);
      }
    }
  }, 90_000);

  it('1 account × 10 and 3 accounts × 3 at 360×520, 3 × 3 at 288×416, 1 × 10 and 1 × 3 at 240×347, 1 × 3 and 3 × 3 at 180×260 (Asks you too; on call, an alarm and a problem); light and dark, axe 0', async () => {
    const app = await session.shared('configured');
    const { page, host } = app;
    await page.waitForSelector('html[data-rendered]');
    const one = host.engine.getState();
    const worlds = [
      ['1x10', tenSchedules(one), { width: 360, height: 520 }],
      ['3x3', threeAccounts(one), { width: 360, height: 520 }],
      ['3x3-zoom125', threeAccounts(one), { width: 288, height: 416 }],
      ['1x10-zoom150', tenSchedules(one), { width: 240, height: 347 }],
      ['1x3-zoom150', one, { width: 240, height: 347 }],
      ['1x3-zoom200', one, { width: 180, height: 260 }],
      ['3x3-zoom200', threeAccounts(one), { width: 180, height: 260 }],
      // Adversarial round 13 (issue 49), F1: on call now (a two-line title and its detail) with the alarm ringing,
      // and then a problem too (its fix beside it wrapped the text a few letters a line): Asks you and Cover…, and
      // with the problem I'm on it too, were under the bar at 200 %.
      ['1x3-zoom200-oncall', onCallNow(one), { width: 180, height: 260 }],
      ['1x3-zoom200-problem', rejected(onCallNow(one)), { width: 180, height: 260 }],
      ['3x3-zoom200-problem', rejected(threeAccounts(one)), { width: 180, height: 260 }],
    ] as const;
    for (const [name, world, size] of worlds) {
      await page.setViewportSize(size);
      await push(app, atLeast(twoAsks(world)));
      await page.getByTestId('status-more').waitFor();
      await expect.poll(() => page.getByTestId('alarm-ask').count()).toBe(1);
      // Each account answered: by its lines, or by its folded line.
      const nows = page.locator('[data-testid=now-line], [data-testid=now-fold]');
      await expect.poll(() => nows.count()).toBeGreaterThan(0);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await app.screenshot(`glance-at-least-${name}-${scheme}`);
        await allAbove(app, `${name} ${scheme}`);
        // The problem's fix under its text at 200 %, not beside it (the text wrapped "Ac" / "me"): the text the
        // box's whole width, and the fix a 24 px target.
        if (name.includes('problem')) {
          const box = await page.locator('[data-testid=stale-line] .stale').first().boundingBox();
          const text = await page.locator('[data-testid=stale-line] .stale .text').first().boundingBox();
          const fix = await page.getByRole('button', { name: 'Enter new key…' }).boundingBox();
          expect(text && box && text.width >= box.width - 16, `${name}: the problem's text width`).toBe(true);
          expect(fix && text && fix.y >= text.y + text.height - 0.5 && fix.height >= 24, `${name}: its fix`).toBe(true);
        }
        // 200 %: my state, the now-lines folded to what fits ("… more schedules" says what it hides), the alarm.
        if (name === '1x3-zoom200') await expect.poll(() => page.getByTestId('now-fold').count()).toBe(1);
        expect(
          (await page.getByText(/then unknown/).count()) + (await page.getByTestId('now-fold').count()),
        ).toBeGreaterThan(0);
        expect(await axeViolations(page), `${name} ${scheme}`).toEqual([]);
      }
    }
  }, 90_000);

  // Adversarial round 6 follow-up: in a low window the alarm was placed (CSS order) above the now-lines it followed in
  // the page, so a screen reader read another order than the one shown, and a folded account said only its count.
  // Issue 49: a ringing alarm is in my state's block (before its pause and readiness lines), in the page as shown.
  it('a low window (360×347) reads in the order shown: my state, the alarm, who is on call now, "N more schedules"', async () => {
    const app = await session.shared('configured', { width: 360, height: 347 });
    const { page, host } = app;
    await page.waitForSelector('html[data-rendered]');
    await push(app, atLeast(tenSchedules(host.engine.getState())));
    await page.getByTestId('status-more').waitFor();
    const fold = page.getByTestId('now-fold');
    await expect.poll(() => fold.textContent()).toMatch(/^\d+ more schedules — /);
    const tree = (await page.locator('main').ariaSnapshot()).replace(/\s+/g, ' ');
    const title = ((await page.getByTestId('my-state').textContent()) ?? '?').replace(/\s+/g, ' ');
    const first = (await page.getByTestId('now-line').first().getAttribute('aria-label')) ?? '?';
    const read = [title, 'Alarm:', 'I’m on it', 'On call now', first, 'more schedules', 'Asks you'];
    const at = read.map((text) => tree.indexOf(text));
    expect(
      at.every((i) => i >= 0),
      `${json(read)}: ${json(at)} in ${tree}`,
    ).toBe(true);
    expect(
      [...at].sort((a, b) => a - b),
      tree,
    ).toEqual(at);
    // The order shown is the same, top to bottom.
    const tops = await Promise.all(
      [page.getByTestId('my-state'), page.getByTestId('alarm-ask'), page.getByTestId('now-line').first(), fold].map(
        async (l) => (await l.boundingBox())?.y ?? -1,
      ),
    );
    expect([...tops].sort((a, b) => a - b)).toEqual(tops);
    // The fold is reached by Tab and opens on Enter: every line then.
    for (let i = 0; i < 20 && !(await page.evaluate("document.activeElement?.dataset.testid === 'now-fold'")); i++)
      await page.keyboard.press('Tab');
    expect(await page.evaluate("document.activeElement?.dataset.testid === 'now-fold'")).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => fold.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => page.getByTestId('now-line').count()).toBe(10);
    await app.screenshot('glance-low-reading-order');
    expect(await axeViolations(page)).toEqual([]);
  }, 60_000);
});
