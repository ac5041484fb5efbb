// Which account's readiness speaks when several accounts' blocks start at the same instant: the worst one (a problem
// before "checking" before "can't tell" before ready), so what is said never hangs on the order of the accounts.
// Its checks then carry every other account's trouble at that start too (adv47 round 6, #4: a muted account's
// "Not ready" hid another account's rejected key, and "ok — The key was accepted" was said of a key that was not).
import type { Readiness, ReadinessCheck } from '../../shared/view-state';

const RANK: Record<ReadinessCheck['result'], number> = { problem: 0, checking: 1, unknown: 2, ok: 3 };

/** A check of the account's own (its key, its schedule, its reminders, its start alarm's setting), fixed there. */
const ownFix = (c: ReadinessCheck): boolean =>
  c.id === 'key' || c.id === 'schedule' || c.id === 'reminders' || (c.id === 'alarm' && c.action === 'settings');

function worstRank(r: Readiness): number {
  return Math.min(...r.checks.map((c) => RANK[c.result]), RANK.ok);
}

/** The worst of the candidates (ties broken by an account that will speak at the start over a muted or paused one,
 *  then by account id, never by list order), or null when there are none. */
export function worstReadiness(
  candidates: readonly Readiness[],
  silent: (accountId: string) => boolean = () => false,
): Readiness | null {
  let worst: Readiness | null = null;
  for (const r of candidates) {
    if (!worst) worst = r;
    else {
      const d = worstRank(r) - worstRank(worst);
      const quiet = Number(silent(r.shift.accountId)) - Number(silent(worst.shift.accountId));
      if (d < 0 || (d === 0 && (quiet < 0 || (quiet === 0 && r.shift.accountId < worst.shift.accountId)))) worst = r;
    }
  }
  return worst;
}

/**
 * The worst readiness, its checks joined with every other candidate's that is not ok (named by its account,
 * "Zeta: The service rejected the API key…"): a check is "ok" only where it is ok for every account starting then.
 */
export function readinessAcross(
  candidates: readonly Readiness[],
  labelOf: (accountId: string) => string,
  silent?: (accountId: string) => boolean,
): Readiness | null {
  // A problem of an account that speaks at the start leads, so its warning is told (a muted one's is not).
  const worst = worstReadiness(candidates, silent);
  if (!worst) return null;
  const others = candidates
    .filter((r) => r !== worst)
    .sort((a, b) => (a.shift.accountId < b.shift.accountId ? -1 : 1))
    .flatMap((r) =>
      r.checks
        // App-wide checks (notifications, start at login) say the same for every account: said once. One whose fix
        // is the account's own is listed even in the same words: "off for this schedule" of Work's was dropped
        // beside Team's, and turning Team's on left Work's unsaid (adv47 r49 #1).
        .filter(
          (c) =>
            c.result !== 'ok' && (ownFix(c) || !worst.checks.some((w) => w.id === c.id && w.message === c.message)),
        )
        .map((c) => ({ ...c, message: `${labelOf(r.shift.accountId)}: ${c.message}` })),
    );
  if (others.length === 0) return worst;
  const failing = new Set(others.map((c) => c.id));
  const own = worst.checks.filter((c) => c.result !== 'ok' || !failing.has(c.id));
  // Ranked as a whole (a problem first), each account's own order kept within a rank.
  const checks = [...own, ...others].sort((a, b) => RANK[a.result] - RANK[b.result]);
  return { ...worst, checks };
}
