// What a pause promises, in the words of the plan: the reminders of my next shift starting before the pause ends
// that still come (the same rule the reminders run: shared/start-reminders), or the rule itself when no shift of
// mine is known to start meanwhile. A shift every account watching it is muted or paused for promises nothing.
import { refParts, speakerOf } from '../../shared/accounts';
import { startWatchers } from '../readiness/silenced';
import { formatDayTime, type DayFormatOptions } from '../../shared/format';
import type { ReminderSettings, Settings } from '../../shared/settings';
import { stillComing, stillComingText } from '../../shared/start-reminders';
import type { MyShift } from '../../shared/view-state';

/** The reminders a schedule of an account gives: its own choice, or the default. */
function choiceOf(settings: Settings, accountId: string, scheduleRef: string): ReminderSettings {
  const { scheduleId } = refParts(scheduleRef);
  const account = settings.accounts.find((a) => a.id === accountId);
  return account?.schedules.find((w) => w.id === scheduleId)?.reminders ?? settings.reminders;
}

/** "the 01:00 reminder for your Wed 03:00 shift still comes", or "the last reminder before a shift starts still
 *  comes" when no shift of mine with reminders left to give starts before `pausedMs`. */
export function pausePromise(
  state: { settings: Settings; me: { shifts: readonly MyShift[] } },
  pausedMs: number,
  opts: DayFormatOptions,
): string {
  for (const shift of state.me.shifts) {
    const startMs = Date.parse(shift.start);
    if (startMs <= opts.nowMs || startMs > pausedMs) continue;
    // Its reminders come through the first account watching it that is neither muted nor paused (adv47 r17 #4: not
    // only the shift's own); when every one is silent, nothing is promised of it.
    const accounts = state.settings.accounts;
    const watchers = startWatchers(accounts, shift.accountId, refParts(shift.scheduleId).scheduleId);
    const speaker = speakerOf(accounts, watchers, opts.nowMs);
    if (!speaker) continue;
    const comes = stillComing(
      startMs,
      choiceOf(state.settings, speaker.id, refParts(shift.scheduleId).scheduleId),
      opts.nowMs,
      pausedMs,
    );
    const text = stillComingText(comes, startMs, opts, `for your ${formatDayTime(startMs, opts)} shift`);
    if (text) return text;
  }
  return 'the last reminder before a shift starts still comes';
}
