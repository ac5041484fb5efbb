// Issue 34: one account never speaks for or writes to another, in Chromium against the real engine and TWO
// simulators on loopback with the same schedule, team and coverage-request ids (the second service is the demo seed
// with other people and keys). "Set up…" stores the key on the account that needs it; the Coverage view lists both
// services' requests with equal ids; Team edit renames the second service's team there only; a failed "Add another
// service" leaves nothing behind. axe on the views touched, light and dark.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { horizontalOverflow } from './support/layout';
import { PAGE_ZONE, type Host } from './support/host';
import { startSecondService, type SecondService } from './support/second-service';
import { e2eSession } from './support/session';

/** A time as the page's clock reads it: "22:15" today, "Sat 00:15" on another day (computed here, not by the app). */
function pageClock(iso: string): string {
  const at = (options: Intl.DateTimeFormatOptions, d: Date) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: PAGE_ZONE, ...options }).format(d);
  const time = at({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, new Date(iso));
  const sameDay = at({ dateStyle: 'short' }, new Date(iso)) === at({ dateStyle: 'short' }, new Date());
  return sameDay ? time : `${at({ weekday: 'short' }, new Date(iso))} ${time}`;
}

const session = e2eSession();
let acme: SecondService | undefined;
afterEach(async () => {
  await acme?.sim.close();
  acme = undefined;
});

const SCHEDULES = ['sch_platform_primary', 'sch_payments_us', 'sch_data_tokyo'].map((id) => ({ id }));

/** Work (the host's service) and Acme; Acme's key stored only when `withKey`. */
/** In the first hour of a month (the page's zone) nothing of it is counted yet and the popover has no load line (the
 *  landing CI at 00:12 on 1 Dec): there, last month's figures are laid out as this month's, so the line is the same
 *  two-account line whatever the hour the tests run. */
async function lastMonthInFirstHour(page: Page, host: Host): Promise<void> {
  const state = host.engine.getState();
  const byAccount = state.me.load?.byAccount;
  if (!byAccount || byAccount.some((a) => a.thisMonth)) return;
  const load = { ...state.me.load!, byAccount: byAccount.map((a) => ({ ...a, thisMonth: a.lastMonth })) };
  const pushed = { ...state, me: { ...state.me, load } };
  await page.evaluate(`window.__oncallPush('state:changed', ${JSON.stringify(pushed)})`);
}

async function twoServices(host: Host, withKey = true): Promise<SecondService> {
  const second = await startSecondService();
  acme = second;
  const saved = host.engine.getState().settings.accounts;
  await host.invoke('settings:update', {
    accounts: [
      { ...saved[0], label: 'Work' },
      { id: 'acme', label: 'Acme', baseUrl: second.sim.url, email: second.me, schedules: SCHEDULES },
    ],
  });
  if (withKey) await host.invoke('key:set', { accountId: 'acme', key: second.sim.apiKey });
  await host.waitForState(
    (s) =>
      s.accounts.length === 2 &&
      s.schedules.filter((x) => x.status.kind === 'fresh').length === (withKey ? 6 : 3) &&
      (!withKey || s.coverage.status.kind === 'fresh'),
    'the services read',
    15_000,
  );
  return second;
}

/** Page errors (a Svelte each_key_duplicate throws one) collected from now on. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

describe('accounts kept apart', () => {
  it('"Set up Acme…" opens onboarding on Acme: the key is stored there, Work keeps its key and is never sent it', async () => {
    const app = await session.open('configured', { kind: 'action', view: 'status', width: 440, height: 640 });
    const { page, host } = app;
    const second = await twoServices(host, false);
    const workKeyRequests = host.sim.requests.count({ status: 401 });
    // What the tray's "Set up Acme…" opens (tray-commands: onboarding with the account).
    await page.goto(`${host.url}/index.html?window=action&view=onboarding&account=acme`);
    await page.getByRole('heading', { name: 'Set up Acme' }).waitFor();
    await page.getByTestId('setup-account').waitFor();
    await page.getByLabel('API key').fill(second.sim.apiKey);
    await page.getByRole('button', { name: 'Next: Service address' }).click();
    expect(await page.getByLabel('Service address').inputValue()).toBe(second.sim.url);
    await page.getByRole('button', { name: 'Next: Schedules' }).click();
    await page.getByRole('button', { name: 'Next: You' }).click();
    const state = await host.waitForState(
      (s) => s.accounts.every((a) => a.hasKey && a.sync.kind === 'ok'),
      'both services keyed and read',
      15_000,
    );
    expect(state.accounts.map((a) => [a.id, a.hasKey])).toEqual([
      ['main', true],
      ['acme', true],
    ]);
    // Acme's key never reached Work (Work would have answered 401), and Work's key still works there.
    expect(host.sim.requests.count({ status: 401 })).toBe(workKeyRequests);
    expect(second.sim.requests.count({ status: 401 })).toBe(0);
    expect(state.settings.accounts.map((a) => [a.id, a.baseUrl])).toEqual([
      ['main', host.sim.url],
      ['acme', second.sim.url],
    ]);
  });

  // Case 1: one account needing setup no longer blanks the popover (it showed "Nothing to show yet" for both).
  it('a second account without a key leaves the first fully usable: Work’s cards and people in the popover', async () => {
    const app = await session.open('configured', { width: 360, height: 640 });
    const { page, host } = app;
    await twoServices(host, false);
    await page.goto(`${host.url}/index.html?window=popover&view=status`);
    const groups = page.getByTestId('account-group');
    await expect.poll(() => groups.count()).toBe(2);
    const work = groups.nth(0).getByRole('listitem').filter({ hasText: 'Platform primary' }).first();
    const onCall = host.engine.getState().schedules.find((s) => s.accountId === 'main' && s.now)?.now?.users[0]?.name;
    expect(onCall).toBeDefined();
    await expect.poll(async () => (await work.textContent()) ?? '').toContain(onCall ?? '?');
    expect(await page.getByText('Nothing to show yet').count()).toBe(0);
  });

  it('Coverage lists both services’ requests though their ids are equal, each under its own account', async () => {
    const app = await session.open('configured', { kind: 'action', view: 'status', width: 440, height: 640 });
    const { page, host } = app;
    await twoServices(host);
    const errors = pageErrors(page);
    await page.goto(`${host.url}/index.html?window=action&view=coverage`);
    await page.getByRole('heading', { name: 'Coverage requests' }).waitFor();
    const state = host.engine.getState();
    const all = [...state.coverage.askingMe, ...state.coverage.mine, ...state.coverage.coveredByMe];
    const perAccount = (id: string) => all.filter((c) => c.accountId === id).length;
    expect(perAccount('main')).toBeGreaterThan(0);
    expect(perAccount('acme')).toBe(perAccount('main'));
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
    await expect.poll(() => page.locator('li.request').count()).toBe(all.length);
    expect(errors).toEqual([]);
  });

  it('Team edit lists each service’s teams named by it; renaming Acme’s team patches Acme’s service only', async () => {
    const app = await session.open('configured', { kind: 'action', view: 'status', width: 440, height: 640 });
    const { page, host } = app;
    const second = await twoServices(host);
    await page.goto(`${host.url}/index.html?window=action&view=team`);
    const team = page.getByLabel('Team');
    await team.locator('option', { hasText: 'Acme · Platform' }).waitFor({ state: 'attached' });
    const labels = await team.locator('option').allTextContents();
    expect(labels).toEqual([
      'Work · Data',
      'Work · Payments',
      'Work · Platform',
      'Acme · Data',
      'Acme · Payments',
      'Acme · Platform',
    ]);
    await team.selectOption({ label: 'Acme · Platform' });
    await page.getByLabel('Name').fill('Platform EU');
    await page.getByRole('button', { name: 'Save team' }).click();
    await page.getByText('Acme now has “Platform EU”').waitFor();
    expect(second.sim.requests.count({ method: 'PATCH' })).toBe(1);
    expect(host.sim.requests.count({ method: 'PATCH' })).toBe(0);
    const teams = host.engine.getState().schedules.flatMap((s) => s.teams.map((t) => `${s.accountId}:${t.name}`));
    expect(teams).toContain('acme:Platform EU');
    expect(teams).toContain('main:Platform');
  });

  it('a failed "Add another service" leaves nothing behind and keeps what was typed', async () => {
    const app = await session.open('configured', { kind: 'action', view: 'settings', width: 440, height: 640 });
    const { page, host } = app;
    acme = await startSecondService();
    const before = host.engine.getState().settings;
    await page.getByRole('button', { name: 'Add another service' }).click();
    const form = page.getByTestId('add-account');
    await form.getByLabel('Name').fill('Acme');
    await form.getByLabel('Service address').fill(acme.sim.url);
    await form.getByLabel('API key').fill('ocs_not_acmes_key');
    await form.getByLabel('Schedules').fill('sch_platform_primary');
    await form.getByRole('button', { name: 'Add service' }).click();
    await form.getByText('Acme was not added: fix what is marked and add again.').waitFor();
    // The refusal is on the key field; nothing saved, nothing "unsaved", the popover's account unchanged.
    await expect.poll(() => page.locator('#new-key').getAttribute('aria-invalid')).toBe('true');
    expect(host.engine.getState().settings.accounts).toEqual(before.accounts);
    expect(host.engine.getState().accounts.map((a) => a.id)).toEqual(['main']);
    expect(await page.getByText('Unsaved changes').count()).toBe(0);
    expect(await form.getByLabel('Service address').inputValue()).toBe(acme.sim.url);
    // The same address and e-mail as Work: refused as the same service, before anything is sent.
    const sent = host.sim.requests.count();
    await form.getByLabel('Service address').fill(host.sim.url);
    await form.getByLabel('API key').fill(host.sim.apiKey);
    await form.getByLabel('My e-mail there').fill(before.accounts[0]?.email ?? '');
    await form.getByRole('button', { name: 'Add service' }).click();
    await form.getByText(/This is the same service as /).waitFor();
    expect(host.sim.requests.count()).toBe(sent);
  });

  it('a 40-character name without a break fits Settings (440 px) and the popover: nothing wider than the window', async () => {
    const app = await session.open('configured', { kind: 'action', view: 'status', width: 440, height: 640 });
    const { page, host } = app;
    await twoServices(host);
    const long = 'Acme'.padEnd(40, 'X');
    const accounts = host.engine.getState().settings.accounts.map((a) => (a.id === 'acme' ? { ...a, label: long } : a));
    await host.invoke('settings:update', { accounts });
    const widest = () => page.evaluate('document.documentElement.scrollWidth');
    await page.goto(`${host.url}/index.html?window=action&view=settings`);
    await page.getByRole('heading', { name: long }).waitFor();
    await page.locator('[data-account="acme"]').getByRole('button', { name: 'Edit' }).click();
    await page.locator('#account-acme-remove').click();
    expect(await widest()).toBeLessThanOrEqual(440);
    await page.setViewportSize({ width: 360, height: 520 });
    await page.goto(`${host.url}/index.html?window=popover&view=status`);
    await page.getByTestId('account-group').nth(1).waitFor();
    expect(await widest()).toBeLessThanOrEqual(360);
  });

  // The two-account load line ("This month: Work 62 h … ; Acme 24 h … — each service counted apart") in the real
  // popover (360 px): it wraps between words, never past the window or inside a word, and passes axe.
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`the two-account load line fits the 360 px popover and passes axe (${colorScheme})`, async () => {
      const app = await session.open('configured', { width: 360, height: 520, colorScheme });
      const { page, host } = app;
      await twoServices(host);
      await page.goto(`${host.url}/index.html?window=popover&view=status`);
      await page.waitForSelector('html[data-rendered]');
      await lastMonthInFirstHour(page, host);
      const line = page.getByTestId('my-load');
      await line.waitFor();
      const text = (await line.textContent()) ?? '';
      expect(text).toMatch(/^This month: Work .+; Acme .+ — each service counted apart$/);
      expect(await horizontalOverflow(page)).toEqual([]);
      // Wrapped between words only: each rendered line starts and ends on a word's edge.
      const lines: unknown = await page.evaluate(`(() => {
        const el = document.querySelector('[data-testid="my-load"]');
        const range = document.createRange();
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        const out = [];
        let top = null;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let i = 0; i < node.data.length; i++) {
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const r = range.getClientRects()[0];
            if (!r) continue;
            if (top === null || r.top > top + 2) { out.push(''); top = r.top; }
            out[out.length - 1] += node.data[i];
          }
        }
        return out;
      })()`);
      const rows = Array.isArray(lines) ? lines.map(String) : [];
      expect(rows.length).toBeGreaterThan(1);
      for (const [i, row] of rows.entries())
        if (i > 0) expect([row, /^\S/.test(row) && /\s$/.test(rows[i - 1] ?? '')]).toEqual([row, true]);
      expect([colorScheme, await axeViolations(page)]).toEqual([colorScheme, []]);
    });
  }

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`mutes one service and resumes its pause from its section of Settings, saved with Save (${colorScheme})`, async () => {
      const app = await session.open('configured', {
        kind: 'action',
        view: 'status',
        width: 440,
        height: 640,
        colorScheme,
      });
      const { page, host } = app;
      await twoServices(host);
      const pausedUntil = new Date(Date.now() + 2 * 3_600_000).toISOString();
      const saved = host.engine.getState().settings.accounts;
      await host.invoke('settings:update', {
        accounts: saved.map((a) => (a.id === 'acme' ? { ...a, pausedUntil } : a)),
      });
      const before = host.engine.getState().settings.accounts;
      expect(before.find((a) => a.id === 'acme')?.pausedUntil).toBeTruthy();
      await page.goto(`${host.url}/index.html?window=action&view=settings`);
      const acmeItem = page.locator('[data-account="acme"]');
      await acmeItem.getByRole('button', { name: 'Edit' }).click();
      await acmeItem.getByTestId('account-pause').waitFor();
      expect(await acmeItem.getByTestId('account-pause').textContent()).toBe(
        `Reminders paused until ${pageClock(pausedUntil)}.`,
      );
      expect([colorScheme, await axeViolations(page)]).toEqual([colorScheme, []]);
      await page.locator('[data-account="main"]').getByRole('button', { name: 'Edit' }).click();
      await page.locator('[data-account="main"]').getByRole('checkbox', { name: 'Mute reminders' }).check();
      await acmeItem.getByRole('button', { name: 'Resume' }).click();
      expect(await acmeItem.getByTestId('account-pause').textContent()).toMatch(/resume when you save/);
      // Nothing is saved before Save.
      expect(host.engine.getState().settings.accounts).toEqual(before);
      await page.getByRole('button', { name: 'Save settings' }).click();
      const state = await host.waitForState(
        (s) => s.settings.accounts.some((a) => a.muted === true),
        'the mute saved',
        10_000,
      );
      expect(state.settings.accounts.map((a) => [a.id, a.muted === true, a.pausedUntil ?? null])).toEqual([
        ['main', true, null],
        ['acme', false, null],
      ]);
      await acmeItem.getByTestId('account-silence').waitFor();
      expect(await acmeItem.getByTestId('account-pause').count()).toBe(0);
    });
  }

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no WCAG 2.2 AA violation in Team edit, Coverage and onboarding with two services (${colorScheme})`, async () => {
      const app = await session.open('configured', { kind: 'action', width: 440, height: 640, colorScheme });
      const { page, host } = app;
      await twoServices(host);
      for (const view of ['team', 'coverage', 'onboarding&account=acme']) {
        await page.goto(`${host.url}/index.html?window=action&view=${view}`);
        await page.locator('main[data-view]').waitFor();
        expect([view, await axeViolations(page)]).toEqual([view, []]);
      }
    });
  }
});
