// The popover loads only its own code: the forms (override, settings, team, chat group, coverage, onboarding) are
// built as one chunk that a form window loads, never the popover (vite.config.ts names the popover's components;
// one added to the popover and not named there would pull every form into its first load, and fail here).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AppState } from '../../electron/shared/view-state';
import { e2eSession } from './support/session';

const session = e2eSession();

/** The scripts the page has loaded, by file name without its hash ("index", "forms", …). */
async function scripts(page: Page): Promise<string[]> {
  const names = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => e.name.split('/').pop() ?? ''),
  );
  return names.filter((n) => n.endsWith('.js')).map((n) => n.replace(/-[\w-]{8}\.js$/, ''));
}

describe('code split', () => {
  it('the popover loads no form code; a form window loads the forms chunk', async () => {
    const popover = await session.open('configured');
    await popover.page.getByTestId('my-state').waitFor();
    const first = await scripts(popover.page);
    expect(first).toContain('index');
    expect(first).not.toContain('forms');
    await popover.context.close();

    const form = await session.open('configured', { kind: 'action', view: 'override' });
    await form.page.getByRole('button', { name: /create override/i }).waitFor();
    expect(await scripts(form.page)).toContain('forms');
  }, 60_000);

  // The phone's "may still ring" lines load just after the glance (StillRingLines.svelte): they once landed in the
  // forms chunk, so a popover showing one loaded every form's code.
  it('the popover showing "Your phone may still ring" loads no form code', async () => {
    const popover = await session.open('configured');
    const { page } = popover;
    await page.waitForSelector('html[data-rendered]');
    const state: AppState = {
      ...popover.host.engine.getState(),
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
    await page.evaluate(`window.__oncallPush('state:changed', ${JSON.stringify(state)})`);
    await page.getByText(/^Your phone may still ring at /).waitFor();
    await page.getByTestId('status-more').waitFor();
    const loaded = await scripts(page);
    expect(loaded).toContain('after-glance');
    expect(loaded).not.toContain('forms');
  }, 60_000);

  it("a form window whose code can't be loaded says so, never a blank window", async () => {
    const form = await session.open('configured', { kind: 'action', view: 'settings' });
    await form.page.route('**/assets/forms-*.js', (route) => route.abort());
    await form.page.goto(form.page.url().replace('view=settings', 'view=override'));
    const said = form.page.getByTestId('view-missing');
    await said.waitFor();
    expect(await said.textContent()).toMatch(/can’t be shown: part of OnCall Tray is missing or damaged/);
    expect(await form.page.getByRole('button', { name: /create override/i }).count()).toBe(0);
  }, 60_000);
});
