// The app's own writes are the service's, not the account's (adv48 r17 #1): one service watched by two accounts (same
// address and e-mail) may be written through either (engine/write-through.ts), and a read through the other must
// still know the write as mine, never announce it as someone else's change ("Your shift was removed — Dave is
// covering…"). What one account recorded as written (its created overrides and the writes that may still land) joins
// what every account of the service reads its changes against (reminders/changes.ts causedByMe).
import { sameService } from '../../shared/accounts';
import type { CreatedOverride, Snapshot } from '../model/snapshot';

interface ServiceFields {
  id: string;
  baseUrl: string;
  email: string;
}

const memo = new WeakMap<Snapshot, { parts: readonly unknown[]; result: Snapshot }>();

const keyOf = (o: CreatedOverride): string => `${o.id}|${o.scheduleId}|${o.start}|${o.end}`;

/** `own` and `more` joined, each record once (own first). A take-over handed back through another account of the
 *  service carries its "handed back" mark there: the mark is the service's too, so no account offers it again. */
function joined(own: readonly CreatedOverride[], more: readonly CreatedOverride[]): CreatedOverride[] {
  const seen = new Set(own.map(keyOf));
  const marks = new Map(more.flatMap((o) => (o.handedBackAt === undefined ? [] : [[keyOf(o), o.handedBackAt]])));
  const marked = own.map((o) => {
    const at = o.handedBackAt === undefined ? marks.get(keyOf(o)) : undefined;
    return at === undefined ? o : { ...o, handedBackAt: at };
  });
  return [...marked, ...more.filter((o) => !seen.has(keyOf(o)) && (seen.add(keyOf(o)), true))];
}

/**
 * `snap` (read for account `accountId`) with the own-write records of every other account of the same service
 * added. The same object while there is none to add, or while the same records are added (reminders re-plan only
 * on a change of what they rest on: engine/reminders.ts planBasis).
 */
export function withServiceWrites(
  accounts: readonly ServiceFields[],
  accountId: string,
  snap: Snapshot,
  snapshotOf: (accountId: string) => Snapshot | undefined,
): Snapshot {
  const self = accounts.find((a) => a.id === accountId);
  if (!self) return snap;
  const others = accounts.flatMap((a) => {
    const other = a.id !== accountId && sameService(a, self) ? snapshotOf(a.id) : undefined;
    return other ? [other] : [];
  });
  const created = others.flatMap((o) => o.createdOverrides);
  const mayLand = others.flatMap((o) => o.mayLand ?? []);
  if (created.length === 0 && mayLand.length === 0) return snap;
  const parts = [snap.createdOverrides, snap.mayLand, ...others.flatMap((o) => [o.createdOverrides, o.mayLand])];
  const kept = memo.get(snap);
  if (kept && kept.parts.length === parts.length && kept.parts.every((p, i) => p === parts[i])) return kept.result;
  const own = snap.mayLand ?? [];
  const result: Snapshot = {
    ...snap,
    createdOverrides: joined(snap.createdOverrides, created),
    ...(own.length + mayLand.length > 0 ? { mayLand: joined(own, mayLand) } : {}),
  };
  memo.set(snap, { parts, result });
  return result;
}
