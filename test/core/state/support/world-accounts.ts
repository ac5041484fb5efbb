// The accounts part of the tray's generated worlds (tray-world.ts, the tooltip's glance property): 1–3 accounts,
// each on a service of its own watching `sch_0`…, their settings, their views and the alarms that name them.
import { accountIdOf, type AccountId } from '../../../../electron/shared/accounts';
import type { AlarmStatus } from '../../../../electron/shared/phone-intent';
import type { AppState } from '../../../../electron/shared/view-state';
import { accountView } from '../../../renderer/support/state';
import { errorSync } from '../../../support/sync-status';

export const UNREACHABLE = 'Cannot reach the service';

/** `main`, then `acc1`, `acc2`…: the first is the main account (its schedule refs unprefixed). */
export const accountIdsOf = (n: number): AccountId[] =>
  Array.from({ length: n }, (_, i) => accountIdOf(i === 0 ? 'main' : `acc${i}`));

/** The settings' accounts and the accounts' views: each watching `schedules` schedules, account `a` failing to be
 *  reached when `failing(a)`. */
export function worldAccounts(
  ids: readonly AccountId[],
  o: { label: (a: number) => string; schedules: number; failing: (a: number) => boolean },
): { settings: Pick<AppState['settings'], 'accounts'>; accounts: AppState['accounts'] } {
  return {
    settings: {
      accounts: ids.map((id, a) => ({
        id,
        label: o.label(a),
        baseUrl: `https://${id}.example.com`,
        email: 'bob@example.com',
        schedules: Array.from({ length: o.schedules }, (_, i) => ({ id: `sch_${i}` })),
      })),
    },
    accounts: ids.map((id, a) =>
      accountView({
        id,
        label: o.label(a),
        address: `https://${id}.example.com`,
        sync: o.failing(a) ? errorSync(UNREACHABLE) : { kind: 'ok' },
      }),
    ),
  };
}

/** One alarm per entry (ringing, or acknowledged from the tray a minute ago), started 2 min ago, named by account
 *  `i % accounts` while there are several. */
export function worldAlarms(
  ringing: readonly boolean[],
  o: { accounts: number; label: (a: number) => string; name: (a: number, i: number) => string; nowMs: number },
): AlarmStatus[] {
  return ringing.map((r, i) => ({
    key: `alarm-${i}`,
    ...(o.accounts > 1 ? { accountName: o.label(i % o.accounts) } : {}),
    scheduleName: o.name(i % o.accounts, i),
    start: new Date(o.nowMs - 2 * 60_000).toISOString(),
    ringing: r,
    ackedAt: r ? null : new Date(o.nowMs - 60_000).toISOString(),
    ackSource: r ? null : 'tray',
  }));
}
