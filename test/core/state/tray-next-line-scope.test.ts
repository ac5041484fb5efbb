// adv49 r30 #1: with several accounts, a schedule's submenu in the tray speaks only of that schedule. My next
// on-call time across every account ("Work · Platform primary, then Acme · Platform primary …", "On call now: unknown
// (couldn't load Gamma · …)") is the first item's; under Work's Platform primary only my block there, by its own
// window. Real engine, the demo simulator and a second one (or an unreachable port) on loopback.
import { afterEach, describe, expect, it } from 'vitest';
import { buildTrayMenu, type TrayMenuItem } from '../../../electron/core/state/tray-menu';

import { startHost, type Host } from '../../e2e/support/host';
import { readFileSync } from 'node:fs';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator/server';

const ZONE = 'Europe/Berlin';
let host: Host | undefined;
let acme: RunningSimulator | undefined;
afterEach(async () => {
  await host?.close();
  await acme?.close().catch(() => undefined);
  host = acme = undefined;
});

/** The demo service again under its own key, its weekly rotation an hour later: my block on its Platform primary
 *  starts inside my Work block and ends an hour after it, so my next on-call time runs on across both accounts. */
function laterSeed(): string {
  const text = readFileSync(new URL('../../../electron/simulator/demo-seed.json', import.meta.url), 'utf8');
  // Its weekly rotation and Bob's override (which ends my block) an hour later; each said once in the seed.
  const later: [string, string][] = [
    ['"rotation_start": "now-P20DT20H"', '"rotation_start": "now-P20DT19H"'],
    ['"start": "now+P2D", "end": "now+P2DT6H"', '"start": "now+P2DT1H", "end": "now+P2DT7H"'],
  ];
  for (const [from] of later) expect(text.split(from)).toHaveLength(2);
  return later.reduce((t, [from, to]) => t.replace(from, to), text).replace(/ocs_demo_/g, 'ocs_acme_');
}

/** The labels inside the account's submenu (its schedules' lines), read from the menu itself. */
function submenuLabels(menu: readonly TrayMenuItem[], account: string): string[] {
  const sub = menu.find((i) => i.type === 'submenu' && i.label.startsWith(`${account}:`));
  if (!sub || sub.type !== 'submenu') return [`no submenu for ${account}`];
  return sub.items.flatMap((i) => ('label' in i && typeof i.label === 'string' ? [i.label] : []));
}

/** "17:31", "Wed 13:31": an instant as the menu words it near now, by Intl alone (not the product's formatter). */
function hhmm(iso: string): string {
  const f = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: ZONE });
  return f.format(new Date(iso));
}

async function withAccounts(second: Record<string, unknown>, key: string): Promise<Host> {
  const h = await startHost('configured');
  const saved = h.engine.getState().settings.accounts;
  await h.invoke('settings:update', { accounts: [{ ...saved[0], label: 'Work' }, second] });
  await h.invoke('key:set', { accountId: second['id'], key });
  return h;
}

describe('tray: a schedule submenu speaks only of its schedule (adv49 r30 #1)', () => {
  it('two accounts read: neither submenu names the other account, my next block is said in its own', async () => {
    acme = await startSimulator({ port: 0, seed: laterSeed() });
    const schedules = [{ id: 'sch_platform_primary' }];
    const acmeAccount = { id: 'acme', label: 'Acme', baseUrl: acme.url, email: 'alice@example.com', schedules };
    host = await withAccounts(acmeAccount, acme.apiKey);
    const state = await host.waitForState(
      (s) => s.schedules.length === 4 && s.schedules.every((x) => x.status.kind === 'fresh') && !s.syncing,
      'both read',
      30_000,
    );
    const menu = buildTrayMenu(state, Date.now(), ZONE);
    const work = submenuLabels(menu, 'Work');
    const theirs = submenuLabels(menu, 'Acme');
    expect(work.filter((l) => /Acme/.test(l))).toEqual([]);
    expect(theirs.filter((l) => /Work/.test(l))).toEqual([]);
    // Nothing lost: my next block on each account (back to back, one on-call time) is said with its own start and
    // end, in its own account's submenu.
    for (const [id, label, lines] of [
      [state.accounts[0]?.id, 'Work', work],
      ['acme', 'Acme', theirs],
    ] as const) {
      const block = state.me.shifts.find((m) => m.accountId === id);
      const said = (l: string): boolean => !!block && [hhmm(block.start), hhmm(block.end)].every((t) => l.includes(t));
      expect(
        lines.find((l) => l.includes(`${label} · Platform primary`) && said(l)),
        lines.join(' | '),
      ).toBeDefined();
    }
  }, 60_000);

  it('the second account unreachable: Work says nothing of Gamma, my unknown now is the first item only', async () => {
    const gamma = {
      id: 'gamma',
      label: 'Gamma',
      baseUrl: 'http://127.0.0.1:9',
      email: 'alice@example.com',
      schedules: [{ id: 'sch_g1' }, { id: 'sch_g2' }],
    };
    host = await withAccounts(gamma, 'ocs_gamma_k1');
    const state = await host.waitForState(
      (s) => s.schedules.filter((x) => x.accountId === 'gamma').every((x) => x.status.kind === 'error') && !s.syncing,
      'gamma failed',
      30_000,
    );
    const menu = buildTrayMenu(state, Date.now(), ZONE);
    const work = submenuLabels(menu, 'Work');
    expect(work.filter((l) => /Gamma|sch_g|On call now/.test(l))).toEqual([]);
    const first = menu[0];
    expect(first && 'label' in first ? first.label : '').toMatch(/^On call now: unknown/);
    const block = state.me.nextShift;
    expect(block?.accountId).toBe(state.accounts[0]?.id);
    const said = (l: string): boolean => !!block && [hhmm(block.start), hhmm(block.end)].every((t) => l.includes(t));
    expect(
      work.find((l) => l.includes('Platform primary') && said(l)),
      work.join(' | '),
    ).toBeDefined();
  }, 60_000);
});
