// One service added as two accounts, both watching a schedule: what the app says of it comes from the better read
// of the two, whichever account told it (issue 47, round 1: the first account's key was rejected and every surface
// said "on call" from its saved data while the second held a fresh read, to the contrary, of the same schedule; no
// change was noticed). Each account's own snapshot is kept for its writes and its cache; what it tells (its state,
// calendar, reminders, alarms) reads its snapshot with each shared schedule taken from the best read of it, so the
// account that tells it once (shared/accounts.ts schedulesToldElsewhere) tells the fresh truth, and notices the
// change from what it said before, once (its own record of notices). The coverage list is one list per service and
// person too (adv47 r37: One's list reads waited on a 429 for hours while Two read the request withdrawn, and every
// surface still said "Asks you" from One's saved data): it is taken from the better read the same way.
import { sameService } from '../../shared/accounts';
import type { ScheduleSnapshot, Snapshot } from '../model/snapshot';

interface ServiceFields {
  id: string;
  baseUrl: string;
  email: string;
}

/** How good a read of a schedule is: 2 read and its latest read succeeded, 1 read but since failed (saved data:
 *  a problem, a rejected key, not found), 0 never read. Only a strictly better read replaces an account's own, so
 *  two good reads never take turns. */
export function readRank(snapshot: Snapshot, s: ScheduleSnapshot | undefined): number {
  if (!s || s.shiftsFetchedAt === null) return 0;
  return s.problem === null && !s.notFound && !snapshot.keyRejected ? 2 : 1;
}

/** How good a read of the coverage list is, by the same ranks: 2 its latest read succeeded (not read back from a
 *  file, the key not rejected since), 1 read but since failed or only saved, 0 never read. */
export function coverageRank(snapshot: Snapshot): number {
  if (snapshot.coverageFetchedAt === null) return 0;
  const good = snapshot.coverageProblem === null && !snapshot.coverageSaved && !snapshot.keyRejected;
  return good ? 2 : 1;
}

/** The coverage list's fields of a snapshot: what is taken whole from the better read (never mixed). */
function coverageOf(snap: Snapshot) {
  const { coverageRequests, coverageFetchedAt, coverageProblem, coverageIssues, coverageSaved } = snap;
  return { coverageRequests, coverageFetchedAt, coverageProblem, coverageIssues, coverageSaved };
}

/** The snapshot whose coverage list is the best read: `own` unless another reads it strictly better (the earlier
 *  on a tie), so two good reads never take turns. */
function bestCoverage(own: Snapshot, others: readonly Snapshot[]): Snapshot {
  let best = own;
  for (const snap of others) if (coverageRank(snap) > coverageRank(best)) best = snap;
  return best;
}

const memo = new WeakMap<Snapshot, { taken: readonly unknown[]; result: Snapshot }>();

/**
 * `own` (account `accountId`'s snapshot) with each schedule it watches that another account of the same service
 * (same address and e-mail) reads better taken from that account's read (the best; the earlier account on a tie),
 * and its coverage list likewise.
 * The same object while nothing is taken, or while the same reads are taken (the state is derived once per change).
 */
export function withBestReads(
  accounts: readonly ServiceFields[],
  accountId: string,
  own: Snapshot,
  snapshotOf: (accountId: string) => Snapshot | undefined,
): Snapshot {
  const self = accounts.find((a) => a.id === accountId);
  if (!self) return own;
  const others = accounts.flatMap((a) => {
    const snap = a.id !== accountId && sameService(a, self) ? snapshotOf(a.id) : undefined;
    return snap ? [snap] : [];
  });
  if (others.length === 0) return own;
  let changed = false;
  const schedules = own.schedules.map((mine) => {
    let best = mine;
    let bestRank = readRank(own, mine);
    for (const snap of others) {
      const theirs = snap.schedules.find((s) => s.id === mine.id);
      const rank = readRank(snap, theirs);
      if (theirs && rank > bestRank) [best, bestRank] = [theirs, rank];
    }
    if (best !== mine) changed = true;
    return best;
  });
  const coverageFrom = bestCoverage(own, others);
  if (!changed && coverageFrom === own) return own;
  const coverage = coverageOf(coverageFrom);
  const taken = [...schedules, ...Object.values(coverage)];
  const kept = memo.get(own);
  if (kept && kept.taken.length === taken.length && kept.taken.every((s, i) => s === taken[i])) return kept.result;
  const { coverageSaved, ...list } = coverage;
  const result: Snapshot = { ...own, schedules, ...list };
  // The mark goes with the list it is about: a fresh list taken from another account is not saved data.
  if (coverageSaved) result.coverageSaved = coverageSaved;
  else delete result.coverageSaved;
  memo.set(own, { taken, result });
  return result;
}
