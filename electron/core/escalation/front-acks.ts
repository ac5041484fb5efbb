// The phone's answer to an alert for a start the block no longer has (adv50 r39 #1): I tap "I'm on it" at 09:04 on
// the 09:03 alert while the laptop sleeps; at 09:06 Bob is given 09:00–09:10; on waking the app plans my start at
// 09:10 before (or after) it reads the phone's answers. The acknowledgement belongs to the block (alarm/carry.ts), so
// an answer to the 09:00 alert acknowledges the 09:00 alarm, whichever came first: the re-plan or the answer. The
// 09:10 start then carries that acknowledgement on. Before, the answer was read only for the 09:10 alert, from 09:10
// on: the tap was lost, the laptop rang loudly and the phone was paged again "not acknowledged".
import { minOf } from '../../shared/extremes';
import { recordedEndOf } from '../alarm/recorded-blocks';
import type { AlarmTarget } from '../alarm/types';
import { acked, blockOf, startOfKey, type Run } from './escalator-run';
import { alertIdOf } from './record-store';
import type { PhoneAck } from './types';

/**
 * The earlier starts of `t`'s block whose phone alert went out (or whose booking rang) and which `t` continues, as
 * the carry rule has it: the start lies in the time the data now says was not mine right up to `t`
 * (`freeSinceMs`), and its block, as this run last had it, reached past `t`'s start. Not had by this run (the app
 * started after the alert, adv50 r40 #1: quit at 08:55, the tap at 09:04, Bob given 09:00–09:10 at 09:06, started at
 * 09:30), the block as the app recorded it (alarm/recorded-blocks.ts): the same rule, asleep or quit. Its end known
 * neither way: not taken, as a start whose time before it can't be placed rings for itself.
 */
export function frontAlertsOf(r: Run, t: AlarmTarget): string[] {
  const free = t.freeSinceMs;
  if (free === undefined) return [];
  return Object.keys(r.state.sent).filter((key) => {
    if (key === t.key || blockOf(key) !== blockOf(t.key)) return false;
    const startMs = startOfKey(key);
    const endMs = r.named.get(key)?.endMs ?? recordedEndOf(r.o.known?.() ?? [], key);
    return startMs >= free && startMs < t.startMs && endMs !== undefined && endMs > t.startMs;
  });
}

/** Whose answers are read for the awaited targets: their own and their block's earlier alerts' (frontAlertsOf). */
export const answeredKeysOf = (r: Run, awaiting: readonly AlarmTarget[]): string[] => [
  ...new Set(awaiting.flatMap((t) => [t.key, ...frontAlertsOf(r, t)])),
];

/** The answers are read from the earliest start whose alert may be answered (a front given away since included). */
export const answersSinceMs = (r: Run, awaiting: readonly AlarmTarget[]): number =>
  minOf([...awaiting.map((t) => t.atMs), ...answeredKeysOf(r, awaiting).map(startOfKey)]);

/** An answer to the alert of a start `awaiting` continues: that start's alarm is acknowledged (source phone, at the
 *  phone's time, never before that start), once. Answers whether it was one. */
export function takeFrontAck(r: Run, awaiting: readonly AlarmTarget[], ack: PhoneAck): boolean {
  const key = awaiting.flatMap((t) => frontAlertsOf(r, t)).find((k) => alertIdOf(k) === ack.id);
  if (key === undefined) return false;
  if (acked(r, key)) return true;
  if (r.state.receipts?.[key]) delete r.state.receipts[key];
  r.o.phoneAck(key, Math.max(startOfKey(key), ack.atMs));
  return true;
}
