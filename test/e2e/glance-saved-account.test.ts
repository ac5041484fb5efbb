// adv49 r30 #2: three accounts on the real engine: Work read now, Acme (10 schedules) read and then its service closed
// (saved data), Gamma never read. The popover's glance says each statement's basis where it says it: Acme's folded
// line and, opened, each of its now-lines say "saved HH:MM" (as my state and the tray do), Work's say nothing of
// saved data, Gamma's (nothing read) nothing saved either. Light and dark screenshots in /tmp/fix49scope/.
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../electron/simulator/server';
import { axeViolations } from './support/axe';
import { e2eSession } from './support/session';

const session = e2eSession();
const OUT = '/tmp/fix49scope';
const ZONE = 'Europe/Berlin';

/** The demo seed's three schedules as ten (`sch_<prefix>_<i>`), under the account's own keys. */
function tenSeed(prefix: string): string {
  const seed: unknown = JSON.parse(
    readFileSync(new URL('../../electron/simulator/demo-seed.json', import.meta.url), 'utf8'),
  );
  if (typeof seed !== 'object' || seed === null || !('schedules' in seed) || !Array.isArray(seed.schedules))
    throw new Error('demo seed without schedules');
  const base: unknown[] = seed.schedules;
  const schedules = Array.from({ length: 10 }, (_, i) => {
    const text = JSON.stringify(base[i % 3]).replace(/"(ovr_[a-z_]+)"/g, `"$1_${prefix}_${i}"`);
    const s: unknown = JSON.parse(text);
    return typeof s === 'object' && s !== null && 'name' in s
      ? { ...s, id: `sch_${prefix}_${i}`, name: `${prefix} ${String(s.name)} ${i}` }
      : s;
  });
  const keyed = JSON.stringify({ ...seed, schedules, coverage_requests: [] }).replace(/ocs_demo_/g, `ocs_${prefix}_`);
  return keyed;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const a = server.address();
      server.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** "13:24": an instant's local time of day, by Intl alone (not the product's formatter). */
const hhmm = (iso: string): string =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: ZONE }).format(
    new Date(iso),
  );

let sims: RunningSimulator[] = [];
afterEach(async () => {
  for (const s of sims) await s.close().catch(() => undefined);
  sims = [];
});

describe('the glance says saved data where it says it (adv49 r30 #2)', () => {
  it("a saved account's fold and now-lines say 'saved HH:MM'; a fresh one's and an unread one's don't", async () => {
    mkdirSync(OUT, { recursive: true });
    const { page, host } = await session.open('configured', { width: 360, height: 520 });
    const acme = await startSimulator({ port: 0, seed: tenSeed('acme') });
    sims.push(acme);
    const ids = (p: string) => Array.from({ length: 10 }, (_, i) => ({ id: `sch_${p}_${i}` }));
    const work = { ...host.engine.getState().settings.accounts[0], label: 'Work' };
    const me = 'alice@example.com';
    await host.invoke('settings:update', {
      accounts: [
        work,
        { id: 'acme', label: 'Acme', baseUrl: acme.url, email: me, schedules: ids('acme') },
        {
          id: 'gamma',
          label: 'Gamma',
          baseUrl: `http://127.0.0.1:${await freePort()}`,
          email: me,
          schedules: ids('g'),
        },
      ],
    });
    await host.invoke('key:set', { accountId: 'acme', key: 'ocs_acme_k1' });
    await host.invoke('key:set', { accountId: 'gamma', key: 'ocs_gamma_k1' });
    const ofAcme = (s: { accountId: string }) => s.accountId === 'acme';
    await host.waitForState(
      (s) =>
        s.schedules.filter(ofAcme).length === 10 && s.schedules.filter(ofAcme).every((x) => x.status.kind === 'fresh'),
      'acme read',
      30_000,
    );
    await acme.close();
    await host.invoke('sync:refresh', null);
    const state = await host.waitForState(
      (s) => !s.syncing && s.schedules.filter(ofAcme).every((x) => x.status.kind === 'stale'),
      'acme saved',
      30_000,
    );
    // When Acme was last read, from its schedules' status (the data), worded by Intl.
    const since = state.schedules.filter(ofAcme).map((x) => (x.status.kind === 'stale' ? x.status.since : ''));
    const saved = `saved ${hhmm(since[0] ?? '')}`;
    expect(new Set(since.map(hhmm)).size).toBe(1);

    await page.goto(`${host.url}/index.html?window=popover&view=status`);
    await page.waitForSelector('html[data-rendered]');
    const folds = page.getByTestId('now-fold');
    await folds.first().waitFor();
    const labels: string[] = [];
    for (const fold of await folds.all()) labels.push((await fold.getAttribute('aria-label')) ?? '');
    const acmeFold = labels.find((l) => l.startsWith('Acme'));
    expect(acmeFold, labels.join(' | ')).toContain(saved);
    for (const l of labels.filter((x) => !x.startsWith('Acme'))) expect(l).not.toMatch(/\bsaved\b/);
    // Work's now-lines (read now) say nothing of saved data.
    const workLines = await page.getByTestId('now-line').allInnerTexts();
    expect(workLines.length).toBeGreaterThan(0);
    for (const l of workLines) expect(l).not.toMatch(/\bsaved\b/);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${OUT}/glance-saved-${scheme}.png` });
    }
    // Opened: each of Acme's ten lines says it.
    await folds.nth(labels.indexOf(acmeFold ?? '')).click();
    const acmeLines = await page
      .locator('ul[aria-label="On call now at Acme"] [data-testid="now-line"]')
      .allInnerTexts();
    expect(acmeLines).toHaveLength(10);
    for (const l of acmeLines) expect(l.replace(/\s+/g, ' ')).toContain(saved);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${OUT}/glance-saved-open-${scheme}.png` });
    }
    expect(await axeViolations(page)).toEqual([]);
  }, 120_000);
});
