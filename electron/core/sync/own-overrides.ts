// The app's own overrides read back from cache.json are claims (issue 52): each is confirmed by the service before
// it is offered as "Hand back" or explains a change to my shifts away. One with an id is read by that id and must
// hold the same window (a take-over's with me on it); one without (its answer was lost) must show on the schedule's fresh shifts
// with exactly that window and me. One the service says isn't there, or shows otherwise, is dropped; one that
// couldn't be read stays unconfirmed (unused) and is asked again on the next pass.
import type { OncallClient } from '../../api/client-types';
import type { CreatedOverride, Snapshot } from '../model/snapshot';
import type { FetchPass } from './fetch';
import { heldAtEdges } from './held-edges';
import { replacedBeforeLanding } from './own-replaced';

type Verdict = 'confirmed' | 'refused';
const keyOf = (o: CreatedOverride): string => `${o.scheduleId}|${o.id}|${o.createdAt}|${o.start}|${o.end}`;

const sameWindow = (o: CreatedOverride, start: string, end: string): boolean =>
  Date.parse(o.start) === Date.parse(start) && Date.parse(o.end) === Date.parse(end);

/** A take-over put me on call; a quick override (others covering) or a hand back did not: only a take-over's record
 *  is confirmed by me being on it (else a cover written for Carol would be dropped on restart, and Create, no longer
 *  seeing its own override by id, would write it a second time). */
const withMe = (o: CreatedOverride, users: readonly { email: string }[], me: string): boolean =>
  o.kind !== 'take-over' || users.some((u) => u.email.toLowerCase() === me);

/** A claim (its people recorded) shown from its start to its end with exactly those people, a change layered strictly
 *  inside it since being another's (held-edges.ts): a write next to a block of the same person reads as one longer
 *  shift, so the exact window alone would never confirm it. */
const heldBy = (o: CreatedOverride, shifts: readonly { start: string; end: string; users: { email: string }[] }[]) =>
  heldAtEdges(shifts, Date.parse(o.start), Date.parse(o.end), o.covering ?? []);

async function verdictOf(
  o: CreatedOverride,
  client: OncallClient,
  pass: FetchPass,
  me: string,
): Promise<Verdict | undefined> {
  if (o.id === '') {
    const read = pass.schedules.find((s) => s.id === o.scheduleId)?.shifts?.result;
    const shifts = read?.ok ? read.value.shifts : [];
    const shown = shifts.some((s) => sameWindow(o, s.start, s.end) && withMe(o, s.users, me));
    return shown || heldBy(o, shifts) ? 'confirmed' : undefined;
  }
  const answer = await client.getOverride(o.scheduleId, o.id);
  if (answer.ok)
    return sameWindow(o, answer.value.start, answer.value.end) && withMe(o, answer.value.users, me)
      ? 'confirmed'
      : 'refused';
  return answer.error.kind === 'not_found' ? 'refused' : undefined;
}

/** Asks the service about each unconfirmed own override on a schedule this pass read; returns how to fold the
 *  answers into the snapshot as it is then (it may have changed meanwhile). */
export async function confirmOwnOverrides(
  client: OncallClient,
  snapshot: Snapshot,
  pass: FetchPass,
  email: string,
  stopped: () => boolean,
  nowMs: number,
): Promise<OwnFold | undefined> {
  const me = email.trim().toLowerCase();
  const read = new Set(pass.schedules.filter((s) => s.details.ok).map((s) => s.id));
  const asked = [...snapshot.createdOverrides, ...(snapshot.mayLand ?? [])].filter(
    (o) => o.unconfirmed && read.has(o.scheduleId),
  );
  if (asked.length === 0 || me === '') return undefined;
  const verdicts = new Map<string, Verdict>();
  for (const o of asked) {
    if (stopped()) break;
    const verdict = await verdictOf(o, client, pass, me).catch(() => undefined);
    if (verdict) verdicts.set(keyOf(o), verdict);
  }
  if (verdicts.size === 0) return undefined;
  return (s) => {
    const dropped: string[] = [];
    const createdOverrides = s.createdOverrides.flatMap((o) => {
      const verdict = o.unconfirmed ? verdicts.get(keyOf(o)) : undefined;
      if (verdict === 'refused') return (dropped.push(NOT_SHOWN), []);
      if (verdict === undefined) return [o];
      const { unconfirmed: _was, ...confirmed } = o;
      return [replacedBeforeLanding(confirmed, { before: snapshot, after: s }, me, nowMs)];
    });
    // A write that may still land, read back from the file: mine once the schedule shows its window (it then
    // explains the change it made); never offered, and never dropped for not showing yet (it may land later).
    const mayLand = s.mayLand?.map((o) => {
      if (!o.unconfirmed || verdicts.get(keyOf(o)) !== 'confirmed') return o;
      const { unconfirmed: _was, ...confirmed } = o;
      return confirmed;
    });
    return { snapshot: { ...s, createdOverrides, ...(mayLand ? { mayLand } : {}) }, dropped };
  };
}

/** Why a saved own override is let go after a pass (the app's words, as the load notice gives its reasons). */
export const NOT_SHOWN = 'an override by this app that the service does not show as saved';

/** Folds the service's answers into the snapshot as it is then; `dropped`: one reason per record let go, to be said
 *  once like those dropped at load (a record dropped in silence would just vanish from Hand back). */
export type OwnFold = (s: Snapshot) => { snapshot: Snapshot; dropped: string[] };
