// The registry's notification and calendar texts (issue 47): what each account's reminders say, each judged at the
// instant it falls due (on time, from fresh or from saved data as the world says) and named as the engine names it
// (account-scope's notifier), and each block of the calendar with its summary and description. Made by the same
// functions the engine and the calendar use, so a property over the registry covers every reminder kind planned.
import { calendarTexts, type CalendarInput } from '../../electron/core/calendar/publisher';
import { scopedNotifier } from '../../electron/core/engine/account-scope';
import type { NotificationRequest } from '../../electron/core/ports';
import { judge } from '../../electron/core/reminders/judge';
import { reminderBasis } from '../../electron/core/reminders/messages';
import { planReminders } from '../../electron/core/reminders/plan';
import type { PlanInput } from '../../electron/core/reminders/types';
import { refParts, type AccountId } from '../../electron/shared/accounts';
import type { Basis } from '../../electron/shared/view-state';

/** One account's reminders as the registry words them. */
export interface AccountReminders {
  accountId: AccountId;
  /** Its name on a notification: given only while there are several accounts (as the engine's label is). */
  label: string | undefined;
  input: PlanInput;
  /** When its data was last confirmed, where the latest read failed (its reminders then rest on saved data). */
  savedAtMs?: number;
}

export interface LogText {
  accountId: string;
  basis: Basis | null;
  text: string;
  /** The reminder's kind, or 'event-summary' / 'event-description' for a calendar block. */
  kind: string;
  /** A calendar block's schedule (its service id) and start and end as the event has them (UTC ISO). */
  block?: { scheduleId: string; start: string; end: string };
}

/** Every reminder planned for the account, as shown when it falls due. */
function remindersOf(a: AccountReminders): LogText[] {
  const shown: NotificationRequest[] = [];
  const notifier = scopedNotifier(
    {
      notify: (n) => {
        shown.push(n);
        return Promise.resolve();
      },
    },
    a.accountId,
    () => a.label,
  );
  const opts = { localZone: a.input.localZone, ...(a.input.locale ? { locale: a.input.locale } : {}) };
  return planReminders(a.input).flatMap((r) =>
    judge([r], { nowMs: r.atMs, graceMs: 60_000, opts, held: false, savedDataAtMs: () => a.savedAtMs }).flatMap((o) => {
      if (!o.show) return [];
      shown.length = 0;
      void notifier.notify(o.show);
      const savedAtMs = r.shift?.keptReadAtMs ?? (r.shift ? a.savedAtMs : undefined);
      return shown.map((n) => ({
        accountId: a.accountId,
        basis: r.shift ? reminderBasis(savedAtMs) : null,
        text: `${n.title}\n${n.body}`,
        kind: r.kind,
      }));
    }),
  );
}

export function notificationLog(accounts: readonly AccountReminders[]): LogText[] {
  return accounts.flatMap(remindersOf);
}

/** Each block of the calendar: its account, what it rests on, and its event's summary and description, each on its
 *  own (a calendar shows the summary alone: it must say what it rests on by itself). */
export function calendarLog(input: CalendarInput): LogText[] {
  return calendarTexts(input).flatMap((t) => {
    const iso = (ms: number): string => new Date(ms).toISOString();
    const block = { scheduleId: t.block.scheduleId, start: iso(t.block.startMs), end: iso(t.block.endMs) };
    const about = { accountId: refParts(t.ref).accountId, basis: t.block.basis, block };
    return [
      { ...about, text: t.summary, kind: 'event-summary' },
      { ...about, text: t.description, kind: 'event-description' },
    ];
  });
}
