// Every view and state a user meets, each reached the way the other e2e tests reach it: the popover as opened,
// offline (showing saved data), with its key rejected, with "More" open and asking to take over; the quick override as opened, with a custom window, with
// an unreadable time and refused by the service; coverage, team, chat group, settings and onboarding.
import type { OpenOptions } from './browser';
import type { HostSetup } from './host';
import type { Opened } from './session';

export interface ViewCase {
  name: string;
  setup: HostSetup;
  open: OpenOptions;
  /** Brings the opened page to the state to check, and waits until it is on screen. */
  reach(app: Opened): Promise<void>;
  /** Reaching it changes the host (the simulator stopped, the key revoked, a write sent): it gets a host of its own,
   *  where the other cases may share one (session.shared). */
  changesHost?: true;
}

const POPOVER = { width: 360, height: 520 } as const;
const WINDOW = { kind: 'action', width: 440, height: 640 } as const;

async function statusOpened({ page }: Opened): Promise<void> {
  await page.getByRole('heading', { name: 'Data Tokyo' }).waitFor();
  await page.waitForSelector('html[data-rendered]');
}

async function overrideOpened({ page }: Opened): Promise<void> {
  await page.getByTestId('preview-window').waitFor();
}

export const VIEWS: readonly ViewCase[] = [
  { name: 'status as opened', setup: 'configured', open: POPOVER, reach: statusOpened },
  {
    name: 'status offline',
    changesHost: true,
    setup: 'configured',
    open: POPOVER,
    async reach(app) {
      await statusOpened(app);
      await app.host.simulatorDown();
      await app.host.invoke('sync:refresh', null);
      await app.host.waitForState((s) => s.sync.kind === 'offline' && !s.syncing, 'offline');
      await app.page.getByTestId('stale-line').waitFor();
      // My status says it rests on saved data, once (the title's mark, or beside my block with from when).
      await app.page
        .locator('.me')
        .getByText(/\(saved data( from [^)]*)?\)/)
        .waitFor();
    },
  },
  {
    name: 'status key rejected',
    changesHost: true,
    setup: 'configured',
    open: POPOVER,
    async reach(app) {
      await statusOpened(app);
      app.host.sim.state.revokeKey(app.host.sim.apiKey);
      await app.host.invoke('sync:refresh', null);
      await app.host.waitForState((s) => s.sync.kind === 'key_rejected' && !s.syncing, 'the key rejected');
      await app.page.getByRole('button', { name: 'Enter new key…' }).waitFor();
    },
  },
  {
    name: 'status, More menu open',
    setup: 'configured',
    open: POPOVER,
    async reach(app) {
      await statusOpened(app);
      await app.page.getByRole('button', { name: 'More', exact: true }).press('Enter');
      await app.page.getByRole('menuitem', { name: 'Team' }).waitFor();
    },
  },
  {
    name: 'status, take-over confirmation',
    setup: 'configured',
    open: POPOVER,
    async reach(app) {
      await statusOpened(app);
      await app.page
        .getByRole('button', { name: /^Take over from / })
        .first()
        .click();
      await app.page.getByRole('group', { name: /^Take over from .* until / }).waitFor();
    },
  },
  { name: 'override default', setup: 'configured', open: { ...WINDOW, view: 'override' }, reach: overrideOpened },
  {
    name: 'override custom window',
    setup: 'configured',
    open: { ...WINDOW, view: 'override' },
    async reach(app) {
      await overrideOpened(app);
      await app.page.getByLabel('Custom').check();
      await app.page.getByLabel('Start time').waitFor();
    },
  },
  {
    name: 'override invalid',
    setup: 'configured',
    open: { ...WINDOW, view: 'override' },
    async reach(app) {
      await overrideOpened(app);
      await app.page.getByLabel('Custom').check();
      await app.page.getByLabel('Start time').fill('25:99');
      await app.page.getByRole('button', { name: 'Create override' }).click();
      await app.page.getByText('Enter a time like 19:15 or 7:15 pm.').waitFor();
    },
  },
  {
    name: 'override rejected',
    changesHost: true,
    setup: 'configured',
    open: { ...WINDOW, view: 'override' },
    async reach({ page }) {
      await page.getByLabel('Someone else').check();
      const picker = page.getByRole('combobox', { name: /Name or e-mail/ });
      for (const typed of ['bo', 'nobody@example.com']) {
        await picker.fill(typed);
        await picker.press('Enter');
      }
      await page.getByTestId('preview-window').waitFor();
      await page.getByRole('button', { name: 'Create override' }).click();
      await page.getByTestId('person-error').waitFor();
    },
  },
  {
    name: 'coverage',
    setup: 'configured',
    open: { ...WINDOW, view: 'coverage' },
    async reach({ page }) {
      await page.getByTestId('coverage-counts').waitFor();
    },
  },
  {
    name: 'team',
    setup: 'configured',
    open: { ...WINDOW, view: 'team' },
    async reach({ page }) {
      await page.getByLabel('Name').waitFor();
    },
  },
  {
    name: 'chat group',
    setup: 'configured',
    open: { ...WINDOW, view: 'chat-group' },
    async reach({ page }) {
      await page.getByLabel('Handle').waitFor();
    },
  },
  {
    name: 'settings',
    setup: 'configured',
    open: { ...WINDOW, view: 'settings' },
    async reach({ page }) {
      await page.getByTestId('key-storage').waitFor();
      await page.getByRole('button', { name: 'Save settings' }).waitFor();
    },
  },
  {
    name: 'onboarding',
    setup: 'empty',
    open: { ...WINDOW, view: 'onboarding' },
    async reach({ page }) {
      await page.getByRole('list', { name: 'Steps' }).waitFor();
      await page.getByLabel('API key').waitFor();
    },
  },
  {
    name: 'week',
    setup: 'configured',
    open: { ...WINDOW, view: 'week' },
    async reach({ page }) {
      await page.getByTestId('week-timeline').waitFor();
      await page.getByTestId('week-row-list').first().waitFor();
    },
  },
];
