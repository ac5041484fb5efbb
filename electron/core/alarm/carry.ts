// Which alarm a start rings under (issue 50): an acknowledgement settles the start of the block it belongs to, not
// one start instant, so a start that continues a block whose alarm already rang carries that alarm on, under its
// key, with its ring, snooze and acknowledgement. The record keeps its own start, so alarms.json's read-back rules
// hold as written. A start not yet rung plans its own alarm, at its own time.
import type { AlarmStore } from './alarm-store';
import type { AlarmRecord, AlarmTarget } from './types';

/** The service and schedule an alarm key names (the key without its start). */
export const blockOf = (key: string): string => key.replace(/:\d{4}-\d\d-\d\dT[\d:.]+Z$/, '');

/** Acknowledged, or passed while its account was silenced: nothing more rings for it. */
export const settled = (rec: AlarmRecord | undefined): boolean =>
  rec?.ackedAtMs !== undefined || rec?.passedAtMs !== undefined;

type Entry = [string, AlarmRecord];

/**
 * Extended backwards after its alarm rang (adv50 r10 #1): a manager gives me 08:57–09:00 after I acknowledged 09:00.
 * The later start, inside my block now, carries it: no second alarm, no phone alert at once; unanswered, its phone
 * alert stays due N min after the carried alarm fell due, never sooner.
 */
function laterInside(t: AlarmTarget, entries: readonly Entry[]): Entry | undefined {
  return entries
    .filter(
      ([, rec]) => rec.startMs > t.startMs && rec.startMs < t.endMs && (rec.rungAtMs !== undefined || settled(rec)),
    )
    .sort(([, a], [, b]) => a.startMs - b.startMs)[0];
}

/**
 * Shortened at the front after its alarm was acknowledged (adv50 r38): at 09:02 I learn Bob covered 09:00–09:10.
 * My 09:10 start continues the acknowledged block: the acknowledged start lies in time the data says was not mine
 * right up to the new start (`freeSinceMs`), and the record's block reaches past it. A block of mine in between (a
 * mid-shift hand-off: mine again at 13:00 after 09:00–12:00) makes it a new block, which rings; so does a start
 * whose time before it can't be placed. Only an acknowledgement is carried: an alarm rung, unanswered, for time that
 * turned out not to be mine is no missed start, and the new start rings for itself.
 */
function earlierAcked(t: AlarmTarget, entries: readonly Entry[]): Entry | undefined {
  const free = t.freeSinceMs;
  if (free === undefined) return undefined;
  return entries
    .filter(([, rec]) => rec.startMs < t.startMs && rec.startMs >= free && t.startMs < rec.endMs)
    .filter(([, rec]) => rec.ackedAtMs !== undefined)
    .sort(([, a], [, b]) => b.startMs - a.startMs)[0];
}

/** The target as it rings: its own, or carrying the alarm of the block it continues. `keys`: the starts planned. */
export function carriedOf(store: AlarmStore, t: AlarmTarget, keys: ReadonlySet<string>): AlarmTarget {
  if (store.get(t.key) !== undefined) return t;
  const block = blockOf(t.key);
  const entries = Object.entries(store.all()).filter(([key]) => !keys.has(key) && blockOf(key) === block);
  const found = laterInside(t, entries) ?? earlierAcked(t, entries);
  if (!found) return t;
  const [key, rec] = found;
  return { ...t, key, ownKey: t.key, atMs: rec.startMs + (t.atMs - t.startMs) };
}

const startOfKey = (key: string): number => Date.parse(/\d{4}-\d\d-\d\dT[\d:.]+Z$/.exec(key)?.[0] ?? '');

/**
 * The planned start that continues the block of `key`, a start no longer planned (adv50 r39): the phone's "I'm on
 * it" to the 09:00 alert, heard after a wake whose re-plan moved my start to 09:10 (Bob given 09:00–09:10 meanwhile).
 * As earlierAcked has it, `key`'s start lies in the time the data says was not mine right up to the planned start;
 * the escalation answers only for an alert whose block reached past it (escalation/front-acks.ts).
 */
export function frontOf(targets: readonly AlarmTarget[], key: string): AlarmTarget | undefined {
  const startMs = startOfKey(key);
  return targets.find(
    (t) =>
      t.ownKey === undefined &&
      blockOf(t.key) === blockOf(key) &&
      t.freeSinceMs !== undefined &&
      startMs >= t.freeSinceMs &&
      startMs < t.startMs,
  );
}

/** The record an answer to `key` starts, for its block now `front`: its own start, the block's end. */
export const frontRecord = (front: AlarmTarget, key: string): AlarmRecord => ({
  startMs: startOfKey(key),
  endMs: front.endMs,
});

/** The targets once `front`'s block has a record under an earlier start: `front` carries it (carriedOf). */
export function carryFront(
  store: AlarmStore,
  targets: readonly AlarmTarget[],
  front: AlarmTarget,
): { targets: AlarmTarget[]; carried: AlarmTarget } {
  const carried = carriedOf(store, front, new Set(targets.map((t) => t.ownKey ?? t.key)));
  return { targets: targets.map((t) => (t === front ? carried : t)), carried };
}
