// The shift-start alarms as the popover's glance says them (issue 49, round 3: the tray had them, the popover none):
// which shift rings first, "Platform, 09:58 · shift-start alarm: not acknowledged", with "I'm on it" while one
// waits, "acknowledged 22:01" once answered; once per alarm, naming the account while there are several (as the tray's line
// does). Cut on one line, the fixed words go first, then the name; the start stays (adv49 r10 F1, r11 F1).
import { alarmStateWords } from '../../../electron/shared/alarm-text';
import { formatDayTime } from '../../../electron/shared/format';
import { accountNamed } from '../../../electron/shared/account-names';
import type { AppState } from '../../../electron/shared/view-state';
import type { FormatContext } from './format-context';

export interface AlarmAskRow {
  key: string;
  /** Which shift, shown first, cut (with "…") before the time: "Work · Platform" … */
  schedule: string;
  /** … and when it starts, never cut: "09:58" (its day where it is not today; the schedule's own time too). */
  at: string;
  /** "not acknowledged" / "acknowledged 09:59" (after the line's own "Alarm:"): cut first on a narrow line. */
  state: string;
  /** The whole line, as the tray says it: "Shift-start alarm (Work · Platform, 09:58): not acknowledged". */
  text: string;
  /** It rings (or is snoozed) and waits for "I'm on it". */
  waiting: boolean;
  /** Its phone alert did not go out, in main's words (the tray's item under its line, adv49 r33 F1). */
  phone: string | undefined;
}

export function alarmAskRows(state: AppState, ctx: FormatContext): AlarmAskRow[] {
  const alarms = [state.alarm, ...(state.otherAlarms ?? [])].flatMap((a) => (a ? [a] : []));
  return alarms.map((a) => {
    const [schedule, acked] = [accountNamed(a.accountName, a.scheduleName), alarmStateWords(a, ctx)];
    const at = formatDayTime(a.start, a.scheduleZone ? { ...ctx, scheduleZone: a.scheduleZone } : ctx);
    // The tray's words (alarmLine), put together here: alarm-text's helpers would grow the first-loaded JS.
    const text = `Shift-start alarm (${schedule}, ${at}): ${acked}`;
    return { key: a.key, schedule, at, state: acked, text, waiting: a.ringing, phone: a.phone };
  });
}
