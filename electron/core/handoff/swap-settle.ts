// After a swap that did not fully land. 'check' only looks at each side whose outcome is unknown (the form polls
// it until each is settled); 'retry' sends what did not land, looking first where it may have (never a second
// override for a side that is in place); 'hand-back' puts me back over my block with a new override (the
// service can't delete one) through the same write path, so "Hand your Tue back" really restores me.
import { myEmailOn, refParts } from '../../shared/accounts';
import type { SwapResult, SwapSettleRequest, SwapSide } from '../../shared/handoff';
import type { Failure } from '../../shared/failure';
import { failure } from '../actions/common';
import type { WriteDeps } from './write-one';
import { stillInPlace } from './held';
import { isLandedPart } from './swap-again';
import { partText } from './swap-text';
import { replacedAnswer } from './swap-replaced';
import { landedLate, landedLateText, settleKnown, settling, waitText } from './swap-unsettled';
import {
  clip,
  coveringOf as covering,
  mineUndone,
  sendSide,
  staleText,
  swapText,
  teammateName,
  theirsStale,
  undoneText,
  type SwapDeps,
} from './swap';

export interface SettleDeps extends Omit<SwapDeps, 'planFor'>, Pick<WriteDeps, 'look'> {}

/** A side the service holds (the app's override, by its id) under a later change: landed, not sent again. */
const HIDDEN = 'It landed; a later change covers it now, so it was not sent again.';

const mayHaveLanded = (s: SwapSide): boolean =>
  s.state === 'unknown' || s.state === 'sending' || s.state === 'not_landed';

/** Looks for a side on its service: handed off when shown, not landed when not, unknown when unreadable. */
async function verify(deps: SettleDeps, s: SwapSide): Promise<SwapSide> {
  if (s.state !== 'unknown' && s.state !== 'sending') return s;
  const seen = await deps.look(s.scheduleId, Date.parse(s.start), Date.parse(s.end), covering(s));
  if (seen === 'covered') return { ...s, state: 'handed_off', message: '' };
  if (seen === 'hidden') return { ...s, state: 'handed_off', message: HIDDEN };
  if (seen === 'not_covered' && settling(deps.settles, s)) return s;
  if (seen === 'not_covered') return { ...s, state: 'not_landed', message: 'The schedule does not show it.' };
  return { ...s, state: 'unknown', message: 'The schedule could not be read to check it; checking again.' };
}

/** A side that may have landed, looked for: in place (or under a later change) when shown, else undefined. */
async function lookedFor(deps: SettleDeps, s: SwapSide): Promise<SwapSide | undefined> {
  const seen = await deps.look(s.scheduleId, Date.parse(s.start), Date.parse(s.end), covering(s));
  if (seen === 'covered') return { ...s, state: 'handed_off', message: 'The schedule shows it in place.' };
  return seen === 'hidden' ? { ...s, state: 'handed_off', message: HIDDEN } : undefined;
}

/** Sends a side that did not land (`from`: whom it replaces); one that may have is looked for first, never sent
 *  blind, and every send re-reads what the service holds now first (sendSide). */
async function send(deps: SettleDeps, s: SwapSide, from: string): Promise<SwapSide> {
  if (s.state === 'handed_off') return s;
  if (mayHaveLanded(s)) {
    const seen = await deps.look(s.scheduleId, Date.parse(s.start), Date.parse(s.end), covering(s));
    if (seen === 'covered') return { ...s, state: 'handed_off', message: 'The schedule shows it in place.' };
    if (seen === 'hidden') return { ...s, state: 'handed_off', message: HIDDEN };
    if (seen === undefined)
      return { ...s, state: 'unknown', message: 'The schedule could not be read to check it, so it was not sent.' };
    // Inside the 2 minutes after its error answer the service may still apply it, over whatever holds now: nothing
    // is judged "changed" or sent; it stays "checking" (adv48 r23 F1).
    if (settling(deps.settles, s)) return { ...s, state: 'unknown' };
  }
  if (Date.parse(s.end) <= deps.nowMs()) return { ...s, state: 'not_sent', message: 'This shift is over.' };
  return sendSide(deps, s, from, mayHaveLanded(s));
}

/** A first side that will be sent anew: never sent, or not shown on its service once its settle is over. */
async function unseen(deps: SettleDeps, s: SwapSide): Promise<boolean> {
  if (!mayHaveLanded(s)) return true;
  const seen = await deps.look(s.scheduleId, Date.parse(s.start), Date.parse(s.end), covering(s));
  return seen === 'not_covered' && !settling(deps.settles, s);
}

const SETTLED_UNSEEN = 'The schedule does not show it, after the service had 2 minutes to apply it.';

/** The other side is known not to be in place: handing mine back can't leave me with both. */
const NOT_IN_PLACE = new Set<SwapSide['state']>(['not_landed', 'refused', 'not_sent', 'pending', 'changed']);

/**
 * Retry: both sides read first. A first side that landed but is no longer in place is said, and the second is not
 * written (I would hold both); a second side already stale when the first hasn't landed: nothing is sent.
 */
async function retryBoth(
  deps: SettleDeps,
  mine: SwapSide,
  theirs: SwapSide,
): Promise<SwapResult | { mine: SwapSide; theirs: SwapSide; text?: undefined }> {
  const me = myEmailOn(deps.state(), refParts(mine.scheduleId).accountId);
  const name = teammateName(deps.state(), theirs.scheduleId, mine.email);
  if (mine.state === 'handed_off' && theirs.state !== 'handed_off') {
    // A second side that may have landed is read before it is called not sent (adv48 r16 #2): in place, the swap is
    // whole, and what changed on my side since it landed is said with it (changedSince).
    const found = mayHaveLanded(theirs) ? await lookedFor(deps, theirs) : undefined;
    if (found?.state === 'handed_off') return { mine, theirs: found };
    // My side landed (the service answered it, or showed it): a change since is said as one since it landed, and the
    // side stays in place under it, never "changed since you planned it" (a second Retry says the same).
    const undone = await mineUndone(deps, mine, me, true);
    const held = undone?.state === 'changed' ? { ...undone, state: 'handed_off' as const } : undone;
    if (held) return { mine: held, theirs, back: null, text: undoneText(deps, name, held, theirs) };
  }
  // The second side is read before the first is written, as a first press does: a first side that may have landed
  // and is not shown (past its 2 minutes) is sent anew, so a swap whose other side changed since is not half written
  // (adv48 r37). One shown, unread or still settling is left to send (looked for, never written blind).
  if (mine.state !== 'handed_off' && theirs.state !== 'handed_off' && (await unseen(deps, mine))) {
    const stale = await theirsStale(deps, theirs, mine.email);
    if (stale) return { mine, theirs: stale, back: null, text: staleText(deps, name, stale) };
  }
  const sent = await send(deps, mine, me);
  // My side landed in part under a manager's change since: half done, said so; their side is not written on it.
  if (isLandedPart(sent)) return { mine: sent, theirs, back: null, text: partText(deps, name, sent, theirs) };
  // The second side only once the first is in place (else I would end up with both); it replaces the teammate.
  return { mine: sent, theirs: sent.state === 'handed_off' ? await send(deps, theirs, mine.email) : theirs };
}

const nameOf = (deps: SettleDeps, mine: SwapSide, theirs: SwapSide): string =>
  teammateName(deps.state(), theirs.scheduleId, mine.email);

/** One flow at a time per swap: a Retry and a Hand back pressed together (or twice) run one after the other, each
 *  reading the service again, so they never both write. */
const running = new Map<string, Promise<unknown>>();
const settledAnyway = (): void => undefined;
const swapKey = (r: SwapSettleRequest): string =>
  [r.mine.scheduleId, r.mine.start, r.theirs.scheduleId, r.theirs.start].join('|');

export function settleSwap(deps: SettleDeps, r: SwapSettleRequest): Promise<SwapResult | Failure> {
  const key = swapKey(r);
  const before = running.get(key) ?? Promise.resolve();
  const run = before.then(
    () => settleOnce(deps, r),
    () => settleOnce(deps, r),
  );
  const done = run.then(settledAnyway, settledAnyway).finally(() => {
    if (running.get(key) === done) running.delete(key);
  });
  running.set(key, done);
  return run;
}

async function settleOnce(deps: SettleDeps, r: SwapSettleRequest): Promise<SwapResult | Failure> {
  let { mine, theirs, back } = r;
  if (r.action === 'check') {
    mine = await verify(deps, mine);
    theirs = await verify(deps, theirs);
    back = back && (await verify(deps, back));
    // My landed side read again: a later change over it is said as that, never "Carol now covers your Tue".
    const told =
      back === null ? await replacedAnswer(deps, nameOf(deps, mine, theirs), { mine, theirs }, 'check') : undefined;
    if (told) return told;
  } else if (r.action === 'retry') {
    if (back) return failure('validation', 'Your shift is being handed back: nothing else is sent for this swap.');
    const told = await retryBoth(deps, mine, theirs);
    if (typeof told.text === 'string') return told;
    ({ mine, theirs } = told);
  } else {
    // A side that may still land (its settle running or over) is read below, and waited for while it may.
    // Main's own record rules, whatever state the request claims: a side it answered "may still land" is waited for.
    const waiting = settling(deps.settles, theirs);
    const checking = waiting || (mayHaveLanded(theirs) && settleKnown(deps.settles, theirs));
    if (mine.state !== 'handed_off' || !(NOT_IN_PLACE.has(theirs.state) || checking))
      return failure(
        'validation',
        'Nothing was sent: there is nothing to hand back now (the swap is not half done, or its other side is still being checked).',
      );
    if (back === null && landedLate(deps.settles, mine))
      return failure('validation', landedLateText(teammateName(deps.state(), theirs.scheduleId, mine.email)));
    const state = deps.state();
    const accountId = refParts(mine.scheduleId).accountId;
    const me = myEmailOn(state, accountId);
    if (me === '') return failure('validation', 'Nothing was sent: your e-mail on this service is not set.');
    // Their side read again first: a Retry (another window, a second click) may have put it in place since this
    // request was made, and handing mine back then would leave me with both.
    const landed = await deps.look(
      theirs.scheduleId,
      Date.parse(theirs.start),
      Date.parse(theirs.end),
      covering(theirs),
    );
    if (landed === undefined)
      return failure(
        'stale_data',
        'Nothing was sent: the schedule could not be read to check your cover of their shift first.',
      );
    if (landed === 'covered') {
      theirs = {
        ...theirs,
        state: 'handed_off',
        message: 'The schedule shows it in place, so your shift was not handed back.',
      };
      const name = teammateName(deps.state(), theirs.scheduleId, mine.email);
      // My side read again too before "Swapped" (adv48 r16 #3): a change since it landed is said with it.
      const since = await changedSince(deps, r, { mine, theirs, back: null });
      return { mine, theirs, back: null, text: [swapText(deps, name, mine, theirs, null), ...since].join(' ') };
    }
    if (waiting) {
      theirs = { ...theirs, state: 'unknown', message: waitText(deps.settles, theirs) };
      const name = teammateName(deps.state(), theirs.scheduleId, mine.email);
      return { mine, theirs, back: null, text: swapText(deps, name, mine, theirs, null) };
    }
    if (mayHaveLanded(theirs)) theirs = { ...theirs, state: 'not_landed', message: SETTLED_UNSEEN };
    // A later change covers my landed side: nothing to hand back, said from what holds (swap-replaced.ts).
    const gone =
      back === null ? await replacedAnswer(deps, nameOf(deps, mine, theirs), { mine, theirs }, 'hand-back') : undefined;
    if (gone) return gone;
    // Me again over my block, with whoever else was on call with me then (kept).
    // (Its `within` was about me around my block; the hand back replaces the teammate, so it reads its window only.)
    const start: SwapSide = { ...mine, within: undefined, email: me, state: 'pending', message: '' };
    // It replaces the teammate who covers my block now.
    back = await send(deps, back ?? start, mine.email);
  }
  const name = teammateName(deps.state(), theirs.scheduleId, mine.email);
  const text = swapText(deps, name, mine, theirs, back);
  // What was said as landed before this request (in memory, or after a restart) is read again, not repeated.
  const since = r.action === 'hand-back' ? [] : await changedSince(deps, r, { mine, theirs, back });
  return { mine, theirs, back, text: [text, ...since].join(' ') };
}

/** Each side the request held as landed, and still said so, read again: what holds now where it changed since. */
async function changedSince(
  deps: SettleDeps,
  r: SwapSettleRequest,
  now: { mine: SwapSide; theirs: SwapSide; back: SwapSide | null },
): Promise<string[]> {
  const me = myEmailOn(deps.state(), refParts(r.mine.scheduleId).accountId);
  const teammate = r.mine.email;
  const sides: [SwapSide | null, SwapSide | null, string][] = [
    [r.mine, now.mine, me],
    [r.theirs, now.theirs, teammate],
    [r.back, now.back, teammate],
  ];
  const out: string[] = [];
  for (const [was, is, from] of sides) {
    if (was?.state !== 'handed_off' || is?.state !== 'handed_off') continue;
    const window = { scheduleId: is.scheduleId, startMs: Date.parse(is.start), endMs: Date.parse(is.end) };
    const held = await stillInPlace(deps.held, { ...window, from, to: is.email, others: is.others }, true);
    if (held) out.push(clip(held.message));
  }
  return out;
}
