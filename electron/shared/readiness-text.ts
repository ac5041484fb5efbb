// The readiness line as every surface words it (tray menu, popover, `status`, the warning notification): "Ready for
// your shift at 22:00 ✓", "Can't tell if you're ready for your shift at 22:00 — …", "Not ready for your shift at 22:00 — Notifications are paused.", or, before the first
// read of the session is back, "Checking readiness for your shift at 22:00 — Ops is still loading." Each check's
// sentence is quoted whole (never cut or lower-cased to fit: "ops" for a schedule named "Ops"). With several
// accounts the line names the shift's account ("Dup · Not ready …"), as shift notices do: one account's muted
// reminders never read as another's. Zod-free.
import { withAccount } from './account-names';
import type { Readiness, ReadinessCheck } from './view-state';

export interface ReadinessLine {
  ready: boolean;
  /** Not judged yet: this session's first read isn't back (nothing to warn of until it is). */
  checking: boolean;
  text: string;
  /** The check that stands in the way, with its action (absent when ready). */
  problem?: ReadinessCheck;
}

const sentences = (checks: readonly ReadinessCheck[]): string => checks.map((c) => c.message).join(' ');

/** The accounts the state knows (their names): the line names the shift's when there are several; and the schedules
 *  (their zones): the shift's start gives the schedule's own time where its zone differs, as every line beside it. */
export interface NamedAccounts {
  accounts: readonly { id: string; label: string }[];
  schedules?: readonly { id: string; timeZone: string | null; scheduleId?: string }[];
}

/** `time` words an instant, with the schedule's own time when given its zone (the formatter's `scheduleZone`).
 *  The line names the account that speaks for the shift (`r.speaker`, judged in main), as its warning does. */
export function readinessLine(
  r: Readiness,
  time: (iso: string, scheduleZone?: string) => string,
  named: NamedAccounts,
): ReadinessLine {
  const zone = named.schedules?.find((s) => s.id === r.shift.scheduleId)?.timeZone ?? undefined;
  const when = `your shift at ${time(r.shift.start, zone)}`;
  const problem = r.checks.find((c) => c.result === 'problem');
  // Start at login and the notifications are the app's, not an account's: said once, unnamed (adv49 r31).
  const name = (text: string): string =>
    appWide(problem) ? text : withAccount(named, r.speaker ?? r.shift.accountId, text);
  if (problem)
    return { ready: false, checking: false, text: name(`Not ready for ${when} — ${problem.message}`), problem };
  const checking = r.checks.filter((c) => c.result === 'checking');
  if (checking.length > 0)
    return { ready: false, checking: true, text: name(`Checking readiness for ${when} — ${sentences(checking)}`) };
  const unknown = r.checks.filter((c) => c.result === 'unknown');
  // No ✓ for what the app can't tell (adv49 r5 #4): the line says it can't tell, then why.
  if (unknown.length > 0)
    return {
      ready: true,
      checking: false,
      text: name(`Can't tell if you're ready for ${when} — ${sentences(unknown)}`),
    };
  return { ready: true, checking: false, text: name(`Ready for ${when} ✓`) };
}

/** A problem of the whole app (Start at login, the desktop's notifications), no one account's: said unnamed. */
export const appWide = (c?: ReadinessCheck): boolean => c?.id === 'autostart' || c?.id === 'notifications';

/** The readiness without its rejected key where a problem line already says it, with its fix (issue 49, adv49 r14
 *  #1: said twice, two buttons): undefined (the line left out) when that was its only problem, as a failing
 *  service's saved-data readiness is. */
export function keySaidApart(r: Readiness | null | undefined): Readiness | undefined {
  const key = r?.checks.find((c) => c.id === 'key' && c.result === 'problem');
  if (!r || !key) return r ?? undefined;
  const checks = r.checks.filter((c) => c !== key);
  return checks.some((c) => c.result === 'problem') ? { ...r, checks } : undefined;
}
