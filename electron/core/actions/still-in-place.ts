// A side that landed, read again before anything is built on it (a swap's Retry, a hand-off pressed again): apart
// from the checks before a write (plan-held.ts), whose words and rules it shares.
import { isUnread } from './unread-words';
import { changeText, sameSet, unread, type HeldAnswer, type HeldDeps, type PlannedCover } from './plan-held';

const IN_PLACE = 'The schedule could not be read to check it is still in place, so nothing was sent.';

/**
 * A side that landed, read again before anything is built on it (a swap's Retry): undefined while the service still
 * shows exactly `to` and the others over the window; else what holds now ("changed since…") or that it couldn't be read.
 */
export async function stillInPlace(deps: HeldDeps, c: PlannedCover, landed = false): Promise<HeldAnswer | undefined> {
  const held = await deps.reread(c.scheduleId, c.startMs, c.endMs);
  if (held === undefined || isUnread(held)) return unread(deps, held, IN_PLACE);
  const others = c.others.map((e) => e.toLowerCase()).filter((e) => e !== c.to.toLowerCase());
  const target = [c.to.toLowerCase(), ...others];
  if (held.length > 0 && held.every((h) => sameSet(h.emails, target))) return undefined;
  return { state: 'changed', message: changeText(deps, { ...c, from: c.to, others }, held, [], landed) };
}
