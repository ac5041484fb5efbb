// Which account's readiness speaks when several accounts' blocks start at the same instant: the worst one (a problem
// before "checking" before "can't tell" before ready), so what is said never hangs on the order of the accounts.
import type { Readiness, ReadinessCheck } from '../../shared/view-state';

const RANK: Record<ReadinessCheck['result'], number> = { problem: 0, checking: 1, unknown: 2, ok: 3 };

function worstRank(r: Readiness): number {
  return Math.min(...r.checks.map((c) => RANK[c.result]), RANK.ok);
}

/** The worst of the candidates (ties broken by account id, never by list order), or null when there are none. */
export function worstReadiness(candidates: readonly Readiness[]): Readiness | null {
  let worst: Readiness | null = null;
  for (const r of candidates) {
    if (!worst) worst = r;
    else {
      const d = worstRank(r) - worstRank(worst);
      if (d < 0 || (d === 0 && r.shift.accountId < worst.shift.accountId)) worst = r;
    }
  }
  return worst;
}
