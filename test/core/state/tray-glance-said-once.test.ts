// Issue 49, adversarial round 2, findings 5, 7 and 8, on the tray and the popover's glance (plain data, Node):
// 5. every account paused from the tray showed only on the icon: the tooltip and popover said nothing of it;
// 7. an account down said "Cannot reach the service" and also "Coverage requests: couldn't load" (a bad key too);
// 8. several accounts' problems were one tray item whose action (refresh) can't fix a rejected key.
// A pause shows until it ends, per account; a problem is said once, as one item per account opening its own fix.
import { describe, expect, it } from 'vitest';
import { buildTrayMenu, trayIconFor, trayTooltip, type TrayMenuItem } from '../../../electron/core/state/tray-menu';
import { accountIdOf, scheduleRef } from '../../../electron/shared/accounts';
import type { AppState, SyncStatus } from '../../../electron/shared/view-state';
import { coverageGlanceNote } from '../../../renderer/src/lib/status-model';
import { accountView, appState, schedule } from '../../renderer/support/state';
import { partialSync } from '../../support/sync-status';

const NOW = Date.parse('2026-05-04T08:00:00Z'); // 10:00 Berlin
const ZONE = 'Europe/Berlin';
const IN_1H = '2026-05-04T09:00:00Z'; // 11:00 Berlin
const ACCOUNTS = [
  ['work', 'Work'],
  ['acme', 'Acme'],
  ['beta', 'Beta'],
] as const;
type Id = (typeof ACCOUNTS)[number][0];

function threeAccounts(over: Partial<Record<Id, { pausedUntil?: string; sync?: SyncStatus }>> = {}): AppState {
  const base = appState();
  return {
    ...base,
    settings: {
      ...base.settings,
      accounts: ACCOUNTS.map(([id, label]) => ({
        id: accountIdOf(id),
        label,
        baseUrl: `https://${id}.example.com`,
        email: 'bob@example.com',
        schedules: [{ id: 'sch_0' }],
        pausedUntil: over[id]?.pausedUntil ?? null,
      })),
    },
    accounts: ACCOUNTS.map(([id, label]) =>
      accountView({
        id: accountIdOf(id),
        label,
        address: `https://${id}.example.com`,
        sync: over[id]?.sync ?? { kind: 'ok' },
      }),
    ),
    schedules: ACCOUNTS.map(([id]) =>
      schedule({ id: scheduleRef(accountIdOf(id), 'sch_0'), scheduleId: 'sch_0', accountId: accountIdOf(id) }),
    ),
  };
}

const tooltip = (state: AppState): string => trayTooltip(state, NOW, ZONE, { locale: 'en-GB' });
const menu = (state: AppState): TrayMenuItem[] => buildTrayMenu(state, NOW, ZONE, { locale: 'en-GB' });
const top = (state: AppState): TrayMenuItem[] => menu(state).filter((i) => i.type !== 'separator');

describe('a pause, per account, shows until it ends (finding 5)', () => {
  it('every account paused: the icon, and the tooltip names each pause', () => {
    const all = { pausedUntil: IN_1H };
    const state = threeAccounts({ work: all, acme: all, beta: all });
    expect(trayIconFor(state, NOW)).toBe('paused');
    const lines = tooltip(state).split('\n');
    for (const label of ['Work', 'Acme', 'Beta']) expect(lines).toContain(`${label}: reminders paused until 11:00`);
    expect(trayTooltip(state, Date.parse(IN_1H), ZONE)).not.toMatch(/paused/);
  });

  it('one of three paused: the tooltip says which; the icon stays off (the others still remind)', () => {
    const state = threeAccounts({ acme: { pausedUntil: IN_1H } });
    expect(tooltip(state).split('\n')).toContain('Acme: reminders paused until 11:00');
    expect(tooltip(state)).not.toMatch(/Work: reminders paused|Beta: reminders paused/);
    expect(trayIconFor(state, NOW)).toBe('off');
  });
});

describe('a problem is said once, each with its own fix (findings 7 and 8)', () => {
  const offline: SyncStatus = { kind: 'offline', message: 'Cannot reach the service.', saved: null };
  const rejected: SyncStatus = {
    kind: 'key_rejected',
    message: 'The service rejected the API key. Enter a new key in Settings to resume syncing.',
  };

  it('two accounts in trouble: one item each, a rejected key opening Settings, an unreachable one retrying', () => {
    const state = {
      ...threeAccounts({ acme: { sync: offline }, beta: { sync: rejected } }),
      sync: partialSync('Acme: Cannot reach the service. Beta: The service rejected the API key', null),
    };
    const items = top(state);
    const acme = items.find((i) => 'label' in i && i.label.startsWith('Acme: Cannot reach'));
    const beta = items.find((i) => 'label' in i && i.label.startsWith('Beta: The service rejected'));
    expect(acme && 'action' in acme ? acme.action : undefined).toBe('refresh');
    expect(beta && 'action' in beta ? beta.action : undefined).toBe('open-settings');
    expect(items.filter((i) => 'label' in i && /Acme: .*Beta: /.test(i.label))).toEqual([]);
    expect(items.length).toBeLessThanOrEqual(20);
  });

  it("an account down: its coverage list isn't said again beside it, in the tooltip or the popover", () => {
    const base = threeAccounts({ acme: { sync: offline } });
    const why = "Acme's requests couldn't be loaded: Could not reach the on-call service. Check your connection.";
    const state: AppState = {
      ...base,
      sync: partialSync('Acme: Cannot reach the service', null),
      coverage: { ...base.coverage, issues: [{ accountId: accountIdOf('acme'), id: null, requester: null, why }] },
    };
    expect(tooltip(state)).toContain('Acme: Cannot reach the service');
    expect(tooltip(state)).not.toContain('Coverage requests');
    expect(coverageGlanceNote(state, { nowMs: NOW, locale: 'en-GB', localZone: ZONE }, true)).toBeUndefined();
  });

  it("a rejected key (one account): the key's problem with Settings, no coverage line beside it", () => {
    const base = appState();
    const state: AppState = {
      ...base,
      sync: rejected,
      accounts: [accountView({ sync: rejected })],
      coverage: {
        ...base.coverage,
        status: { kind: 'error', reason: "Coverage requests can't be read with this key (the service refused it)." },
      },
    };
    expect(tooltip(state)).toContain('The service rejected the API key');
    expect(tooltip(state)).not.toContain('Coverage requests');
    expect(coverageGlanceNote(state, { nowMs: NOW, locale: 'en-GB', localZone: ZONE }, true)).toBeUndefined();
    const fix = top(state).find((i) => 'label' in i && i.label.startsWith('The service rejected'));
    expect(fix && 'action' in fix ? fix.action : undefined).toBe('open-settings');
  });

  // adv49 round 14, finding 2: Work's key rejected and the others unreachable from the start, nothing ever read.
  // The combined list's status is then Work's refusal: said beside Work's own problem, it said the key twice.
  it('nothing read, a rejected key and the others offline: no coverage line beside their problems', () => {
    const base = threeAccounts({ work: { sync: rejected }, acme: { sync: offline }, beta: { sync: offline } });
    const state: AppState = {
      ...base,
      sync: partialSync('Work: The service rejected the API key. Acme: Cannot reach the service', null),
      coverage: {
        ...base.coverage,
        status: {
          kind: 'error',
          reason: "Work: Coverage requests can't be read with this key (the service refused it).",
        },
      },
    };
    const tip = tooltip(state);
    expect(tip).toContain('Work: The service rejected the API key');
    expect(tip).not.toContain('Coverage requests');
    expect(menu(state).filter((i) => 'label' in i && i.label.startsWith('Coverage requests:'))).toEqual([]);
    expect(coverageGlanceNote(state, { nowMs: NOW, locale: 'en-GB', localZone: ZONE }, true)).toBeUndefined();
    expect(coverageGlanceNote(state, { nowMs: NOW, locale: 'en-GB', localZone: ZONE })).toBeUndefined();
  });

  it("nothing read, a rejected key and another account up: the list is still unknown, said without the key's why", () => {
    const base = threeAccounts({ work: { sync: rejected } });
    const state: AppState = {
      ...base,
      sync: partialSync('Work: The service rejected the API key', null),
      coverage: {
        ...base.coverage,
        status: {
          kind: 'error',
          reason: "Work: Coverage requests can't be read with this key (the service refused it).",
        },
      },
    };
    const note = coverageGlanceNote(state, { nowMs: NOW, locale: 'en-GB', localZone: ZONE });
    expect(note).toBe("Coverage requests: couldn't load");
    expect(tooltip(state)).not.toContain("can't be read with this key");
  });
});
