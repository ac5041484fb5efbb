// The shift-start alarms as the popover's glance says them (issue 49, round 3: the tray had them, the popover none):
// "Shift-start alarm — Platform: not acknowledged" with "I'm on it" while one waits, "acknowledged 22:01" once
// answered; once per alarm, naming the account while there are several (as the tray's line does).
import { ackWords } from '../../../electron/shared/alarm-text';
import { accountNamed } from '../../../electron/shared/account-names';
import type { AppState } from '../../../electron/shared/view-state';
import type { FormatContext } from './format-context';

export interface AlarmAskRow {
  key: string;
  /** "Shift-start alarm — Work · Platform: not acknowledged". */
  text: string;
  /** It rings (or is snoozed) and waits for "I'm on it". */
  waiting: boolean;
}

export function alarmAskRows(state: AppState, ctx: FormatContext): AlarmAskRow[] {
  const alarms = [state.alarm, ...(state.otherAlarms ?? [])].flatMap((a) => (a ? [a] : []));
  return alarms.map((a) => ({
    key: a.key,
    text: `Shift-start alarm — ${accountNamed(a.accountName, a.scheduleName)}: ${ackWords(a.ackedAt, ctx)}`,
    waiting: a.ringing,
  }));
}
