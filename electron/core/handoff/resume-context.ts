// What a saved hand-off is checked against when it is read back (store-claims.ts), from what the app knows now: the
// schedules watched, me on each account, the people each schedule lists, and my blocks as last read.
import { myEmailOn, refParts } from '../../shared/accounts';
import type { AppState, TimeSpan } from '../../shared/view-state';
import { nameOf } from './item-rules';
import { keyNameOf } from '../actions/refused-key';
import { coverPeople, serviceSchedules } from './cover-rule';
import type { AsRead, RunContext } from './store-claims';

export function runContext(state: AppState, nowMs: number): RunContext {
  const byRef = new Map(state.schedules.map((s) => [s.id, s]));
  const me = (ref: string) => myEmailOn(state, refParts(ref).accountId).toLowerCase();
  return {
    nowMs,
    watched: (ref) => byRef.has(ref),
    me,
    // One rule with Create and a live Retry (cover-rule.ts): anyone on a schedule watched at the service.
    people: (ref) => coverPeople(state, ref),
    asRead: (ref, startMs, endMs) => asRead(byRef.get(ref)?.timeline ?? [], me(ref), startMs, endMs),
    schedule: (ref) => ({ name: byRef.get(ref)?.name ?? ref, timeZone: byRef.get(ref)?.timeZone ?? null }),
    // As this schedule lists them, else as another watched at the service does (a cover from there: cover-rule.ts).
    nameOf: (ref, email) =>
      [ref, ...serviceSchedules(state, ref).map((s) => s.id)]
        .map((r) => nameOf(state, r, email))
        .find((n) => n !== '') ?? '',
    // As the engine names them (write-standing.ts keyName): only when several accounts make whose key worth saying.
    keys: state.accounts.length > 1 ? state.accounts.map((a) => keyNameOf(a.label)) : [],
  };
}

/** The window as last read: not mine as soon as a read stretch of it lacks me (partly mine when another has me); mine, with the others on call beside
 *  me, when every moment of it was read with me on call; undefined when part of it was not read (the write re-reads
 *  it before anything is sent, held.ts). */
function asRead(timeline: readonly TimeSpan[], me: string, startMs: number, endMs: number): AsRead | undefined {
  if (!(startMs < endMs)) return { mine: false, partly: false, others: [] };
  const over = timeline.filter((t) => Date.parse(t.start) < endMs && Date.parse(t.end) > startMs);
  const emails = (t: TimeSpan) => t.users.map((u) => u.email.toLowerCase());
  const read = over.filter((t) => t.kind !== 'unknown');
  const withMe = read.filter((t) => emails(t).includes(me));
  const others = [...new Set(withMe.flatMap(emails))].filter((e) => e !== me);
  // A manager's change to part of it (someone else for a while) leaves it partly mine: a change since, not a forgery.
  if (withMe.length < read.length) return { mine: false, partly: withMe.length > 0, others };
  let reached = startMs;
  for (const t of over) {
    if (t.kind === 'unknown' || Date.parse(t.start) > reached) return undefined;
    reached = Math.max(reached, Date.parse(t.end));
  }
  if (reached < endMs) return undefined;
  return { mine: true, partly: true, others };
}
