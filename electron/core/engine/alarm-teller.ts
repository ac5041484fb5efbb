// Which account's start alarm a start seen by several accounts of one service is (the same schedule added twice):
// the account that speaks for the shift (shared/service-identity.ts speakerOf, judged at the start: the one readiness
// names and the reminders are told through), else the first watching it when every one is silent (it then passes
// unrung). Its own choice (off, at the start, 5 min before) decides, as its choice decides the reminders: before,
// each account planned by its own choice, so with Work's alarm off for Ops, Team's default rang as Team's while
// readiness said "it rings through Work" (issue 47).
import { sameService } from '../../shared/service-identity';
import type { AlarmTarget } from '../alarm/types';
import type { AlarmAccount, AlarmsWiring } from './alarms-run';

/** Whether `a`'s planned target `t` is the start's alarm: `a` is the account that tells the start. Without the
 *  wiring's rule (`ringerOf`) every account's plan stands, as before. */
export function tellsStart(
  w: Pick<AlarmsWiring, 'ringerOf'>,
  accounts: readonly AlarmAccount[],
  a: AlarmAccount,
  t: Pick<AlarmTarget, 'scheduleId' | 'startMs'>,
): boolean {
  if (!w.ringerOf) return true;
  const self = a.settings;
  const watcherIds = accounts
    .filter(
      (x) =>
        x.settings.accountId === self.accountId ||
        (sameService(x.settings, self) && x.settings.schedules.some((s) => s.id === t.scheduleId)),
    )
    .map((x) => `${x.settings.accountId}`);
  if (watcherIds.length < 2) return true;
  const teller = w.ringerOf(watcherIds, t.startMs) ?? watcherIds[0];
  return teller === `${self.accountId}`;
}
