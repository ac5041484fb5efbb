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

/** The accounts the state knows (their names): the line names the shift's when there are several. */
export interface NamedAccounts {
  accounts: readonly { id: string; label: string }[];
}

export function readinessLine(r: Readiness, time: (iso: string) => string, named: NamedAccounts): ReadinessLine {
  const when = `your shift at ${time(r.shift.start)}`;
  const name = (text: string): string => withAccount(named, r.shift.accountId, text);
  const problem = r.checks.find((c) => c.result === 'problem');
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
