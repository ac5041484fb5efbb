// `npm run screenshots` (tsx test/e2e/support/docs-screenshots.ts [--forms]): renders every image the README and
// docs/ show (quick override, who could cover, the week, the popover's glance states: asks you, soon, on call,
// offline, light and dark; the tray icons' legend) from the built renderer against the demo seed, into
// docs/screenshots/: palette PNGs when pngquant is installed, else as rendered (said in one line).
// `--forms` renders only the forms (quick override, who could cover). Last, two services (a second simulator with the same schedule
// ids and other people): the grouped popover and Settings → Accounts, light and dark; `--accounts` renders only those.
// The shift-start alarm window and Settings → Phone: `--alarm` renders only those (docs-screenshots-alarm.ts).
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { browserToLaunch, launchChromium, openApp } from './browser';
import { startHost } from './host';
import { startSecondService } from './second-service';
import { ensureRendererBuilt, ROOT } from './renderer-build';
import { MAIN_ACCOUNT_ID, accountIdOf } from '../../../electron/shared/accounts';
import { copyTrayIcons, imagesNotWritten, optimiserFor, pngquantFound, pngquantNotice, type Shot } from './docs-images';
import { awayShots, handedOffShot, quietHoursShots, swapShots } from './docs-screenshots-forms';
import { alarmShots } from './docs-screenshots-alarm';

const out = join(ROOT, 'docs', 'screenshots');

const startedMs = Date.now() - 1000;
const found = pngquantFound();
const notice = pngquantNotice(found);
if (notice) console.warn(notice);
const optimise = optimiserFor(found);
/** A page's screenshot as docs/screenshots/<name>.png. */
const shot: Shot = async (page, name) => {
  await page.screenshot({ path: join(out, 'raw-glance.png') });
  await optimise(join(out, 'raw-glance.png'), join(out, `${name}.png`));
};

const browserPath = Object.values(browserToLaunch()).find((v) => v.startsWith('/'));
if (browserPath !== undefined && !existsSync(browserPath)) {
  console.error(
    `screenshots: no browser at ${browserPath}: install chromium (apt-get install chromium) or set CHROMIUM_PATH`,
  );
  process.exit(1);
}
await ensureRendererBuilt();
await mkdir(out, { recursive: true });
await copyTrayIcons(out);
const host = await startHost('configured');
const browser = await launchChromium();
const formsOnly = process.argv.includes('--forms');
const accountsOnly = process.argv.includes('--accounts');
/** `--alarm`: only the alarm window and Settings → Phone. */
const alarmOnly = process.argv.includes('--alarm');

type Scheme = 'light' | 'dark';

async function shoot(
  name: string,
  scheme: Scheme,
  prepare?: (page: import('playwright-core').Page) => Promise<void>,
): Promise<void> {
  const status = await openApp(browser, host, { colorScheme: scheme });
  await status.page.getByRole('heading', { name: 'Data Tokyo' }).waitFor();
  await prepare?.(status.page);
  await status.page.screenshot({ path: join(out, 'raw-glance.png') });
  await optimise(join(out, 'raw-glance.png'), join(out, `popover-${name}-${scheme}.png`));
  await status.context.close();
}

/** The glance in its states, all from the real engine and simulator: whose e-mail is set decides "soon" or "on call". */
async function glanceShots(): Promise<void> {
  const state = host.engine.getState();
  const myEmail = state.settings.accounts[0]?.email ?? '';
  const onCall = state.schedules.flatMap((s) => s.now?.users ?? []).find((u) => u.email !== myEmail);
  for (const scheme of ['light', 'dark'] as const) await shoot('asks-you', scheme);
  // Soon: my next block within a day, no request asking me (the requests are answered by a state without them).
  const quiet = { ...host.engine.getState(), coverage: { ...state.coverage, askingMe: [], coveredByMe: [] } };
  for (const scheme of ['light', 'dark'] as const) {
    await shoot('soon', scheme, async (page) => {
      await page.evaluate(`window.__oncallPush('state:changed', ${JSON.stringify(quiet)})`);
      await page.getByTestId('asks-you').waitFor({ state: 'detached' });
    });
  }
  if (onCall) {
    await host.engine.handlers['settings:update']({ account: { id: MAIN_ACCOUNT_ID, email: onCall.email } });
    await host.waitForState((s) => s.me.onCallNow.length > 0, 'someone on call now as me');
    for (const scheme of ['light', 'dark'] as const) await shoot('oncall', scheme);
    await host.engine.handlers['settings:update']({ account: { id: MAIN_ACCOUNT_ID, email: myEmail } });
  }
  await host.simulatorDown();
  await host.engine.handlers['sync:refresh'](null);
  await host.waitForState((s) => s.sync.kind === 'offline' && !s.syncing, 'offline');
  for (const scheme of ['light', 'dark'] as const) await shoot('offline', scheme);
  await host.simulatorUp();
  await host.engine.handlers['sync:refresh'](null);
}

async function overrideShot(): Promise<void> {
  const override = await openApp(browser, host, { kind: 'action', view: 'override', height: 440 });
  await override.page.getByLabel('Next 2 h').check();
  // The default choice's preview is already there: wait for the one of the 2 hours chosen.
  await override.page
    .getByTestId('preview-window')
    .filter({ hasText: /· 2 h\b/ })
    .waitFor();
  await override.page.locator('body').click({ position: { x: 1, y: 1 } });
  await override.page.screenshot({ path: join(out, 'raw-override.png') });
  await optimise(join(out, 'raw-override.png'), join(out, 'quick-override.png'));
  await override.context.close();
}

/** The people picker's "who could cover", opened with ↓ on the empty field. */
async function candidatesShot(): Promise<void> {
  const override = await openApp(browser, host, { kind: 'action', view: 'override', width: 440, height: 560 });
  await override.page.getByLabel('Someone else').check();
  const picker = override.page.getByRole('combobox', { name: /Name or e-mail/ });
  // The ranking arrives a moment after the form opens (the placeholder then offers it).
  for (let i = 0; i < 50 && !((await picker.getAttribute('placeholder')) ?? '').includes('who could cover'); i++)
    await override.page.waitForTimeout(100);
  await picker.press('ArrowDown');
  await override.page.getByRole('listbox', { name: 'Who could cover, best first' }).waitFor();
  await override.page.screenshot({ path: join(out, 'raw-override.png') });
  await optimise(join(out, 'raw-override.png'), join(out, 'who-could-cover.png'));
  await override.context.close();
}

/** The larger Week view at its window size: every shift read in the week, light and dark. */
async function weekShots(): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    const week = await openApp(browser, host, { kind: 'action', view: 'week', width: 440, height: 640, colorScheme });
    await week.page.getByTestId('week-timeline').waitFor();
    await week.page.screenshot({ path: join(out, 'raw-glance.png') });
    await optimise(join(out, 'raw-glance.png'), join(out, `week-view-${colorScheme}.png`));
    await week.context.close();
  }
}

/** With two services: the week grouped by account, and Team edit naming each team's service (real window sizes). */
async function twoAccountViews(colorScheme: Scheme): Promise<void> {
  const views = [
    { view: 'week', ready: 'week-timeline', name: 'week-two-accounts' },
    { view: 'team', ready: 'team-name', name: 'team-two-accounts' },
  ];
  for (const { view, ready, name } of views) {
    const page = await openApp(browser, host, { kind: 'action', view, width: 440, height: 640, colorScheme });
    await page.page.locator(`[data-testid="${ready}"], #${ready}`).first().waitFor();
    await page.page.locator('body').click({ position: { x: 1, y: 1 } });
    await page.page.screenshot({ path: join(out, 'raw-glance.png') });
    await optimise(join(out, 'raw-glance.png'), join(out, `${name}-${colorScheme}.png`));
    await page.context.close();
  }
}

/** Two services: the popover grouped by account, and Settings → Accounts, light and dark. */
async function accountsShots(): Promise<void> {
  const acme = await startSecondService();
  const acmeId = accountIdOf('acme');
  const main = host.engine.getState().settings.accounts[0];
  try {
    const schedules = ['sch_platform_primary', 'sch_payments_us'].map((id) => ({ id }));
    await host.engine.handlers['settings:update']({
      accounts: [
        ...(main ? [{ ...main, label: 'Work' }] : []),
        { id: acmeId, label: 'Acme', baseUrl: acme.sim.url, email: acme.me, schedules },
      ],
    });
    await host.engine.handlers['key:set']({ accountId: acmeId, key: acme.sim.apiKey });
    await host.waitForState(
      (s) => s.accounts.length === 2 && s.schedules.every((x) => x.status.kind === 'fresh'),
      'both services read',
    );
    for (const colorScheme of ['light', 'dark'] as const) {
      const status = await openApp(browser, host, { colorScheme });
      await status.page.getByTestId('account-group').nth(1).waitFor();
      await status.page.screenshot({ path: join(out, 'raw-glance.png') });
      await optimise(join(out, 'raw-glance.png'), join(out, `popover-two-accounts-${colorScheme}.png`));
      // Further down: the cards, grouped under each service's name.
      await status.page.getByTestId('account-group').first().scrollIntoViewIfNeeded();
      await status.page.screenshot({ path: join(out, 'raw-glance.png') });
      await optimise(join(out, 'raw-glance.png'), join(out, `popover-two-accounts-cards-${colorScheme}.png`));
      await status.context.close();
      const settings = await openApp(browser, host, {
        kind: 'action',
        view: 'settings',
        width: 440,
        height: 640,
        colorScheme,
      });
      await settings.page.getByRole('heading', { name: 'Accounts' }).waitFor();
      await settings.page.locator('body').click({ position: { x: 1, y: 1 } });
      await settings.page.screenshot({ path: join(out, 'raw-glance.png') });
      await optimise(join(out, 'raw-glance.png'), join(out, `settings-accounts-${colorScheme}.png`));
      await settings.context.close();
      await twoAccountViews(colorScheme);
    }
  } finally {
    // Back to the one service, as the shots after these (the forms) expect.
    await host.engine.handlers['settings:update']({ accounts: main ? [main] : [] });
    await acme.sim.close();
  }
}

async function allShots(): Promise<void> {
  if (!formsOnly && !accountsOnly) await quietHoursShots(browser, host, shot);
  if (!formsOnly && !accountsOnly) await weekShots();
  if (!accountsOnly) await overrideShot();
  if (!accountsOnly) await candidatesShot();
  if (!formsOnly && !accountsOnly) await glanceShots();
  if (!formsOnly) await accountsShots();
  if (!formsOnly && !accountsOnly) await awayShots(browser, host, shot);
  if (!formsOnly && !accountsOnly) await swapShots(browser, host, shot);
  if (!formsOnly && !accountsOnly) await handedOffShot(browser, host, shot);
  if (!formsOnly && !accountsOnly) await alarmShots(browser, host, shot);
}

try {
  if (alarmOnly) await alarmShots(browser, host, shot);
  else await allShots();
  const missed = formsOnly || accountsOnly || alarmOnly ? [] : await imagesNotWritten(out, startedMs);
  if (missed.length > 0) {
    console.error(`npm run screenshots: not made in this run: ${missed.join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await host.close();
  for (const raw of ['raw-override.png', 'raw-glance.png']) await rm(join(out, raw), { force: true });
}
