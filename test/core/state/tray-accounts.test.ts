// The tray with three services of three schedules each (issue 34): one submenu per account, in the user's order,
// each holding its own schedules (named without the account: the submenu names it) and its own mute and pause;
// the top level stays short. The menu template the Electron adapter builds carries the submenus, and an account's
// item acts on that account alone. A paused account never sets the icon, and its submenu says until when.
import { describe, expect, it } from 'vitest';
import { toMenuTemplate } from '../../../electron/adapters/tray';
import {
  buildTrayMenu,
  trayIconFor,
  trayTooltip,
  type TrayMenuItem,
  type TraySubmenu,
} from '../../../electron/core/state/tray-menu';
import { trayLabels } from '../support/tray-labels';
import { accountIdOf, scheduleRef } from '../../../electron/shared/accounts';
import type { AppState } from '../../../electron/shared/view-state';
import { accountView, appState, schedule } from '../../renderer/support/state';
import { needsSetup, partialSync } from '../../support/sync-status';

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
/** The account submenus (the menu's own "More" and "Pause notifications" left out). */
const accountSubs = (menu: TrayMenuItem[]): TraySubmenu[] =>
  menu.flatMap((i) =>
    i.type === 'submenu' && !i.label.startsWith('More') && i.label !== 'Pause notifications' ? [i] : [],
  );
/** What a user counts at the top level: every entry but the separators. */
const topLevel = (menu: TrayMenuItem[]) => menu.filter((i) => i.type !== 'separator');

const ada = { id: 'usr_ada', name: 'Ada Lovelace', email: 'ada@example.com' };
/** The busiest state of one account's tray: a shift of mine soon, not ready for it, a request asking me, take-overs on
 *  every schedule, the service failing, a new version, the shortcut taken. */
function busy(state: AppState): AppState {
  const [first] = state.schedules;
  if (!first) throw new Error('a schedule');
  const shift = {
    accountId: first.accountId,
    scheduleId: first.id,
    scheduleName: first.name,
    start: '2026-05-04T15:00:00Z',
    end: '2026-05-05T07:00:00Z',
    endBasis: { kind: 'fresh' as const, readAt: null },
    basis: { kind: 'fresh' as const, readAt: null },
  };
  const check = {
    id: 'autostart' as const,
    result: 'problem' as const,
    message: 'After a restart, nothing will remind you: turn on Start at login.',
    action: 'start-at-login' as const,
  };
  return {
    ...state,
    sync: partialSync('Couldn’t refresh Payments (service error)'),
    update: { version: '9.9.9', url: 'https://example.com/release' },
    me: { ...state.me, nextShift: shift, shifts: [shift], readiness: { shift, checks: [check] } },
    schedules: state.schedules.map((s) => ({
      ...s,
      takeOverOptions: { scheduleId: s.id, takeOver: { from: [ada], until: '2026-05-04T15:00:00Z' }, handBack: null },
    })),
  };
}

describe('the tray menu is short, my state first (issue 49)', () => {
  it('has at most 15 top-level items with one account of three schedules, 20 with three accounts', () => {
    const one = appState({
      schedules: NAMES.map((name, i) => schedule({ id: `sch_${i}`, name })),
    });
    const oneMenu = buildTrayMenu(busy(one), NOW, ZONE, { shortcutProblem: 'Shortcut Alt+O is unavailable' });
    const threeMenu = buildTrayMenu(busy(threeByThree()), NOW, ZONE, {
      shortcutProblem: 'Shortcut Alt+O is unavailable',
    });
    expect(topLevel(oneMenu).length, topLevel(oneMenu).map(labelOf).join('\n')).toBeLessThanOrEqual(15);
    expect(topLevel(threeMenu).length, topLevel(threeMenu).map(labelOf).join('\n')).toBeLessThanOrEqual(20);
    for (const menu of [oneMenu, threeMenu]) {
      // My state first, and it opens the popover.
      expect(menu[0]).toMatchObject({ type: 'action', action: 'open-status' });
      expect(labelOf(menu[0]!)).toMatch(/^Your next shift: (Work · )?Platform primary /);
      // Problems are items that open their fix: not ready (turn on Start at login), the service (retry), the shortcut.
      expect(menu.find((i) => /^(Work · )?Not ready/.test(labelOf(i)))).toMatchObject({
        action: 'toggle-start-at-login',
      });
      expect(menu.find((i) => labelOf(i).startsWith('Couldn’t refresh'))).toMatchObject({ action: 'refresh' });
      expect(menu.find((i) => labelOf(i).startsWith('Shortcut'))).toMatchObject({ action: 'open-settings' });
      // Taking over sits with its schedule (or account), never at the top level.
      expect(topLevel(menu).filter((i) => labelOf(i).startsWith('Take over'))).toEqual([]);
      const inside = menu.flatMap((i) => (i.type === 'submenu' ? i.items : [])).map(labelOf);
      expect(inside.filter((l) => l.startsWith('Take over'))).toHaveLength(menu === oneMenu ? 3 : 9);
    }
    // One account: who is on call now is a line per schedule at the top level (its now and next inside).
    expect(topLevel(oneMenu).map(labelOf)).toContain('Platform primary · Ada Lovelace until 17:00');
  });
});

describe('the tray with three accounts of three schedules', () => {
  it('groups each account’s schedules in a submenu of its own; no schedule line at the top level', () => {
    const menu = buildTrayMenu(threeByThree(), NOW, ZONE);
    const submenus = accountSubs(menu);
    // Who is on call now answers at the top level too: each account's entry names its people (fix49d).
    expect(submenus.map((s) => s.label)).toEqual(['Work: Ada Lovelace', 'Acme: Ada Lovelace', 'Beta: Ada Lovelace']);
    for (const sub of submenus.map((s) => ({ ...s, label: s.label.replace(/:.*$/, '') }))) {
      const headers = sub.items.filter((i) => i.type === 'label' && !i.label.startsWith('  ')).map(labelOf);
      expect(headers).toEqual(NAMES);
      expect(sub.items.filter((i) => i.type !== 'label' && i.type !== 'separator').map(labelOf)).toEqual([
        `Mute ${sub.label}'s reminders`,
        `Pause ${sub.label} for 1 h`,
        `Pause ${sub.label} until Tue 09:00`,
      ]);
    }
    const topLines = menu.filter((i) => i.type === 'label').map(labelOf);
    for (const name of NAMES) expect(topLines.filter((l) => l.includes(name))).toEqual([]);
    // Nine schedules of three lines each would be 27 lines before any action; grouped, the top level is my state,
    // three account entries and the actions.
    expect(menu.length).toBeLessThan(buildTrayMenu(appState(), NOW, ZONE).length + 5);
  });

  it('the adapter’s template has the submenus, and an account’s item acts on that account alone', () => {
    const actions: [string, unknown][] = [];
    const template = toMenuTemplate(buildTrayMenu(threeByThree(), NOW, ZONE), 'linux', (a, p) => actions.push([a, p]));
    const acme = template.find((t) => t.label?.startsWith('Acme:'));
    const items = Array.isArray(acme?.submenu) ? acme.submenu : [];
    expect(items.filter((i) => i.enabled !== false && i.type !== 'separator').map((i) => i.label)).toEqual([
      "Mute Acme's reminders",
      'Pause Acme for 1 h',
      'Pause Acme until Tue 09:00',
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

  it('a muted and a paused account say so on their entry; the paused one offers Resume; neither hides being on call', () => {
    const state = threeByThree({ acme: { muted: true }, beta: { pausedUntil: '2026-05-04T10:00:00Z' } });
    const menu = buildTrayMenu(state, NOW, ZONE);
    const subs = accountSubs(menu);
    expect(subs.map((s) => s.label)).toEqual([
      'Work: Ada Lovelace',
      'Acme (reminders muted): Ada Lovelace',
      'Beta (reminders paused until 12:00): Ada Lovelace',
    ]);
    const beta = subs[2]!.items.filter((i) => i.type === 'action').map(labelOf);
    expect(beta).toEqual(["Resume Beta's reminders"]);
    const acmeMute = subs[1]!.items.find((i) => i.type === 'checkbox');
    expect(acmeMute && acmeMute.type === 'checkbox' && acmeMute.checked).toBe(true);
    // On call on Beta only (paused): muting never makes on call look off (issue 49, adversarial 5: it showed 'off'):
    // on call with the pause mark; once the pause ends, plain on call.
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
    expect(trayIconFor(onBeta, NOW)).toBe('oncall-paused');
    expect(trayIconFor(onBeta, Date.parse('2026-05-04T10:00:00Z'))).toBe('oncall');
    // The app paused as a whole while I'm on call only where I'm paused: on call, and the pause shows.
    const appPaused = { ...onBeta, settings: { ...onBeta.settings, pausedUntil: '2026-05-04T09:30:00Z' } };
    expect(trayIconFor(appPaused, NOW)).toBe('oncall-paused');
  });

  it('each account’s entry says who is on call there now: "you", everyone once, nobody and unknown said (fix49d)', () => {
    const base = threeByThree();
    const carol = { id: 'usr_carol', name: 'Carol Lee', email: 'carol@example.com' };
    const bob = { id: 'usr_bob', name: 'Bob Stone', email: 'bob@example.com' };
    const schedules = base.schedules.map((s, i) => {
      const now = s.now && { ...s.now, users: i === 0 ? [bob, carol] : i === 1 ? [carol] : s.now.users };
      // Acme's Payments: read, nobody on call; its Database: never loaded.
      if (s.accountId === accountIdOf('acme') && s.name === 'Payments')
        return {
          ...s,
          now: null,
          timeline: [
            { kind: 'nobody' as const, start: '2026-05-04T00:00:00Z', end: '2026-05-05T00:00:00Z', users: [] },
          ],
        };
      if (s.accountId === accountIdOf('acme') && s.name === 'Database')
        return { ...s, now: null, status: { kind: 'error' as const, reason: 'service error' } };
      return { ...s, now };
    });
    const subs = accountSubs(buildTrayMenu({ ...base, schedules }, NOW, ZONE));
    expect(subs.map((s) => s.label)).toEqual([
      'Work: you, Carol Lee, Ada Lovelace',
      'Acme: Ada Lovelace · nobody on Payments · Database unknown',
      'Beta: Ada Lovelace',
    ]);
  });

  it('says nothing of being off call before anything was read: no key, no schedule (failed before: "Off call")', () => {
    const base = appState();
    const fresh: AppState = {
      ...base,
      setup: { ...base.setup, hasKey: false },
      sync: needsSetup('Add your API key to start'),
      schedules: [],
      lastSuccessAt: null,
    };
    const tooltip = trayTooltip(fresh, NOW, ZONE);
    expect(tooltip).not.toMatch(/Off call|No upcoming shift/);
    expect(tooltip.split('\n')[0]).toBe('Your shifts: unknown (no schedule read yet)');
    expect(trayIconFor(fresh, NOW)).not.toBe('off');
    expect(trayLabels(buildTrayMenu(fresh, NOW, ZONE)).join('\n')).not.toMatch(/Off call|No upcoming shift/);
    const keyed = { ...fresh, setup: { ...fresh.setup, hasKey: true }, sync: { kind: 'ok' as const } };
    expect(trayTooltip(keyed, NOW, ZONE)).not.toMatch(/Off call/);
    expect(trayIconFor(keyed, NOW)).not.toBe('off');
  });

  it('shows a pause on the icon (the crossed-out bell) and in the tooltip until it ends (failed before)', () => {
    const base = appState();
    const paused = { ...base, settings: { ...base.settings, pausedUntil: '2026-05-04T09:00:00Z' } };
    expect(trayIconFor(base, NOW)).not.toBe('paused');
    expect(trayIconFor(paused, NOW)).toBe('paused');
    expect(trayTooltip(paused, NOW, ZONE).split('\n')).toContain('Notifications paused until 11:00');
    expect(trayLabels(buildTrayMenu(paused, NOW, ZONE))).toContain('Resume notifications');
    const ended = Date.parse('2026-05-04T09:00:00Z');
    expect(trayIconFor(paused, ended)).not.toBe('paused');
    expect(trayTooltip(paused, ended, ZONE)).not.toContain('paused');
  });
});
