// "Can't — find cover" opens Swap on the alarm's shift. The views look a schedule up by its ref (the account's, as
// every statement names it): a second account's alarm sent its raw id, and Swap said the ringing shift's schedule was
// "not watched any more" (adv50 r22 #1).
import { scheduleRef } from '../../shared/accounts';
import type { Settings } from '../../shared/settings';
import { serviceKeyOf } from '../alarm/plan';
import type { AlarmTarget } from '../alarm/types';

/** The alarm's schedule as the account naming it watches it: the account it was kept for, else the one it is named
 *  by, else the first on its service watching that schedule. */
export function coverScheduleRef(settings: Settings, t: AlarmTarget): string {
  const watching = settings.accounts.filter(
    (a) => t.key.startsWith(`alarm:${serviceKeyOf(a.baseUrl)}:`) && a.schedules.some((s) => s.id === t.scheduleId),
  );
  const account =
    watching.find((a) => a.id === t.keptFor) ?? watching.find((a) => a.label === t.accountName) ?? watching[0];
  return account ? scheduleRef(account.id, t.scheduleId) : t.scheduleId;
}
