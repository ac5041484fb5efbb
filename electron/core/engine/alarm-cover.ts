// "Can't — find cover" opens Swap on the alarm's shift. The views look a schedule up by its ref (the account's, as
// every statement names it): a second account's alarm sent its raw id, and Swap said the ringing shift's schedule was
// "not watched any more" (adv50 r22 #1). The account is the alarm's own, by its id: found by its label, one service
// added twice under one name opened the first account's Swap, not the ringing one's.
import { scheduleRef } from '../../shared/accounts';
import type { Settings } from '../../shared/settings';
import type { AlarmTarget } from '../alarm/types';

/** The alarm's schedule as its own account watches it (the raw id once that account no longer watches it). */
export function coverScheduleRef(settings: Settings, t: Pick<AlarmTarget, 'accountId' | 'scheduleId'>): string {
  const own = settings.accounts.find((a) => a.id === t.accountId && a.schedules.some((s) => s.id === t.scheduleId));
  return own ? scheduleRef(own.id, t.scheduleId) : t.scheduleId;
}
