// The popover loads only its own code: the forms (override, settings, team, chat group, coverage, onboarding) are
// built as one chunk that a form window loads, never the popover (vite.config.ts names the popover's components;
// one added to the popover and not named there would pull every form into its first load, and fail here).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
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
