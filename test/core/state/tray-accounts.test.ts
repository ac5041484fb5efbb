// The tray with three services of three schedules each (issue 34): one submenu per account, in the user's order,
// each holding its own schedules (named without the account: the submenu names it) and its own mute and pause;
// the top level stays short. The menu template the Electron adapter builds carries the submenus, and an account's
// item acts on that account alone. A paused account never sets the icon, and its submenu says until when.
import { describe, expect, it } from 'vitest';
import { toMenuTemplate } from '../../../electron/adapters/tray';
import { buildTrayMenu, trayIconFor, type TrayMenuItem } from '../../../electron/core/state/tray-menu';
import { accountIdOf, scheduleRef } from '../../../electron/shared/accounts';
import type { AppState } from '../../../electron/shared/view-state';
import { accountView, appState, schedule } from '../../renderer/support/state';

const NOW = Date.parse('2026-05-04T08:00:00Z'); // 10:00 Berlin
const ZONE = 'Europe/Berlin';
const ACCOUNTS = [
  ['work', 'Work'],
  ['acme', 'Acme'],
  ['beta', 'Beta'],
] as const;
const NAMES = ['Platform primary', 'Payments', 'Database'];

function threeByThree(over: { acme?: object; beta?: object } = {}): AppState {
  const base = appState();
  const accounts = ACCOUNTS.map(([id, label]) => ({
    id: accountIdOf(id),
    label,
    baseUrl: `https://${id}.example.com`,
    email: 'bob@example.com',
    schedules: NAMES.map((_, i) => ({ id: `sch_${i}` })),
    ...(id === 'acme' ? over.acme : id === 'beta' ? over.beta : {}),
  }));
  return {
    ...base,
    settings: { ...base.settings, accounts },
    accounts: ACCOUNTS.map(([id, label]) =>
      accountView({ id: accountIdOf(id), label, address: `https://${id}.example.com` }),
    ),
    schedules: ACCOUNTS.flatMap(([id]) =>
      NAMES.map((name, i) =>
        schedule({
          id: scheduleRef(accountIdOf(id), `sch_${i}`),
          scheduleId: `sch_${i}`,
          accountId: accountIdOf(id),
          name,
        }),
      ),
    ),
  };
}

const labelOf = (i: TrayMenuItem): string => ('label' in i ? i.label : '—');

describe('the tray with three accounts of three schedules', () => {
  it('groups each account’s schedules in a submenu of its own; no schedule line at the top level', () => {
    const menu = buildTrayMenu(threeByThree(), NOW, ZONE);
    const submenus = menu.filter((i) => i.type === 'submenu');
    expect(submenus.map((s) => s.label)).toEqual(['Work', 'Acme', 'Beta']);
    for (const sub of submenus) {
      const headers = sub.items.filter((i) => i.type === 'label' && !i.label.startsWith('  ')).map(labelOf);
      expect(headers).toEqual(NAMES);
      expect(sub.items.filter((i) => i.type !== 'label' && i.type !== 'separator').map(labelOf)).toEqual([
        `Mute ${sub.label}'s reminders`,
        `Pause ${sub.label} for 1 h`,
        `Pause ${sub.label} until tomorrow 09:00`,
      ]);
    }
    const topLines = menu.filter((i) => i.type === 'label').map(labelOf);
    for (const name of NAMES) expect(topLines.filter((l) => l.includes(name))).toEqual([]);
    // Nine schedules of three lines each would be 27 lines before any action; grouped, the top level is the
    // status, three account entries, my shift and the actions.
    expect(menu.length).toBeLessThan(buildTrayMenu(appState(), NOW, ZONE).length + 5);
  });

  it('the adapter’s template has the submenus, and an account’s item acts on that account alone', () => {
    const actions: [string, unknown][] = [];
    const template = toMenuTemplate(buildTrayMenu(threeByThree(), NOW, ZONE), 'linux', (a, p) => actions.push([a, p]));
    const acme = template.find((t) => t.label === 'Acme');
    const items = Array.isArray(acme?.submenu) ? acme.submenu : [];
    expect(items.filter((i) => i.enabled !== false && i.type !== 'separator').map((i) => i.label)).toEqual([
      "Mute Acme's reminders",
      'Pause Acme for 1 h',
      'Pause Acme until tomorrow 09:00',
    ]);
    const mute = items.find((i) => i.label === "Mute Acme's reminders");
    expect(mute?.type).toBe('checkbox');
    mute?.click?.(undefined as never, undefined, undefined as never);
    items.find((i) => i.label === 'Pause Acme for 1 h')?.click?.(undefined as never, undefined, undefined as never);
    expect(actions).toEqual([
      ['mute-account', { accountId: accountIdOf('acme') }],
      ['pause-account-1h', { accountId: accountIdOf('acme') }],
    ]);
  });

  it('a muted and a paused account say so on their entry; the paused one offers Resume; neither sets the icon', () => {
    const state = threeByThree({ acme: { muted: true }, beta: { pausedUntil: '2026-05-04T10:00:00Z' } });
    const menu = buildTrayMenu(state, NOW, ZONE);
    const subs = menu.filter((i) => i.type === 'submenu');
    expect(subs.map((s) => s.label)).toEqual(['Work', 'Acme (reminders muted)', 'Beta (reminders paused until 12:00)']);
    const beta = subs[2]!.items.filter((i) => i.type === 'action').map(labelOf);
    expect(beta).toEqual(["Resume Beta's reminders"]);
    const acmeMute = subs[1]!.items.find((i) => i.type === 'checkbox');
    expect(acmeMute && acmeMute.type === 'checkbox' && acmeMute.checked).toBe(true);
    // On call on Beta only (paused): the icon doesn't say "on call"; once the pause ends, it does.
    const shift = {
      accountId: accountIdOf('beta'),
      scheduleId: 'beta:sch_0',
      scheduleName: 'Platform primary',
      start: '2026-05-04T07:00:00Z',
      end: '2026-05-04T15:00:00Z',
      endBasis: { kind: 'fresh' as const, readAt: null },
      basis: { kind: 'fresh' as const, readAt: null },
    };
    const onBeta = { ...state, me: { ...state.me, onCallNow: [shift], shifts: [shift] } };
    expect(trayIconFor(onBeta, NOW)).not.toBe('oncall');
    expect(trayIconFor(onBeta, Date.parse('2026-05-04T10:00:00Z'))).toBe('oncall');
  });
});
