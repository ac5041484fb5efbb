// Adv47 round 15 #2: with two accounts and one of them failing, the tray menu dropped the coverage list's own basis
// beside the sync problem line: it said only "Acme: … Showing saved data from 07:30." (the schedules' read) and then
// "Coverage requests (0)…", while the tooltip said "Coverage requests: Acme's saved data from 07:00". The menu's
// coverage item now carries the list's basis in the tooltip's own words. Plain data, Node.
import { describe, expect, it } from 'vitest';
import { buildTrayMenu, trayTooltip, type TrayMenuItem } from '../../../electron/core/state/tray-menu';
import { accountIdOf, scheduleRef } from '../../../electron/shared/accounts';
import type { AppState } from '../../../electron/shared/view-state';
import { accountView, appState, schedule } from '../../renderer/support/state';
import { errorSync, partialSync } from '../../support/sync-status';

const NOW = Date.parse('2026-03-10T07:31:00Z'); // 08:31 Berlin
const ZONE = 'Europe/Berlin';
const SCHEDULES_READ = '2026-03-10T06:30:00Z'; // 07:30 Berlin
const COVERAGE_READ = '2026-03-10T06:00:00Z'; // 07:00 Berlin
const PROBLEM = 'The on-call service had a problem (HTTP 500). Try again later';

function twoAccounts(asking = 0): AppState {
  const base = appState();
  const ids = [
    ['work', 'Work'],
    ['acme', 'Acme'],
  ] as const;
  const acmeDown = errorSync(PROBLEM, SCHEDULES_READ);
  return {
    ...base,
    settings: {
      ...base.settings,
      accounts: ids.map(([id, label]) => ({
        id: accountIdOf(id),
        label,
        baseUrl: `https://${id}.example.com`,
        email: 'bob@example.com',
        schedules: [{ id: 'sch_0' }],
        pausedUntil: null,
      })),
    },
    accounts: ids.map(([id, label]) =>
      accountView({
        id: accountIdOf(id),
        label,
        address: `https://${id}.example.com`,
        sync: id === 'acme' ? acmeDown : { kind: 'ok' },
      }),
    ),
    schedules: ids.map(([id]) =>
      schedule({ id: scheduleRef(accountIdOf(id), 'sch_0'), scheduleId: 'sch_0', accountId: accountIdOf(id) }),
    ),
    sync: partialSync(`Acme: ${PROBLEM}`, SCHEDULES_READ),
    coverage: {
      ...base.coverage,
      askingMe: asking > 0 ? base.coverage.askingMe.slice(0, asking) : [],
      status: { kind: 'stale', since: COVERAGE_READ, reason: `Acme: ${PROBLEM}.` },
    },
  };
}

const labels = (items: readonly TrayMenuItem[]): string[] => items.flatMap((i) => ('label' in i ? [i.label] : []));

describe('tray menu: the coverage list says its own basis beside a sync problem', () => {
  it('"Coverage requests (0, Acme\'s saved data from 07:00)…", as the tooltip words it', () => {
    const state = twoAccounts();
    const tooltip = trayTooltip(state, NOW, ZONE, { locale: 'en-GB' });
    // The tooltip's words, worked out here: Acme's list as read at 06:00Z, 07:00 in Berlin (UTC+1 in March).
    expect(tooltip.split('\n')).toContain("Coverage requests: Acme's saved data from 07:00");
    const menu = labels(buildTrayMenu(state, NOW, ZONE, { locale: 'en-GB' }));
    expect(menu.some((l) => l.startsWith('Acme: The on-call service had a problem'))).toBe(true);
    // Failed before: "Coverage requests (0)…", with only the schedules' 07:30 above it.
    expect(menu).toContain("Coverage requests (0, Acme's saved data from 07:00)…");
    expect(menu.filter((l) => l.includes('saved data from 07:00'))).toHaveLength(1);
  });

  // adv49 r16: the list's own line ("Coverage requests: Acme's saved data from 07:00") and "Coverage requests (0)…"
  // said one list twice at the top level, both opening Coverage: the basis is now on the item alone, as above.
  it('without a problem line too, the basis is on the item, said once (no line of its own)', () => {
    const base = twoAccounts();
    const state: AppState = {
      ...base,
      sync: { kind: 'ok' },
      accounts: base.accounts.map((a) => ({ ...a, sync: { kind: 'ok' } })),
    };
    const menu = labels(buildTrayMenu(state, NOW, ZONE, { locale: 'en-GB' }));
    expect(menu).toContain("Coverage requests (0, Acme's saved data from 07:00)…");
    expect(menu.filter((l) => l.includes('saved data from 07:00'))).toHaveLength(1);
  });
});
