// A swap pressed again over blocks an earlier swap of mine already (partly) wrote (issue 48, adv48 r27 #1). Each side
// is said from what the service holds now, with the words Check and Retry use: in place, changed since it landed
// (it stays in place under the change, never "not sent"), or not sent. The press before it sent those sides, so
// the answer never hides one that is still in place: the service will page me for it.
import type { SwapResult, SwapSide } from '../../shared/handoff';
import type { WriteDeps } from './write-one';
import { stillInPlace } from './held';
import { MINE_IN_PLACE } from './swap-landed';
import { sinceLandedText, swapText, type TextDeps } from './swap-text';

/** A service's words, kept within the contract's bound for a message. */
export const clip = (message: string): string => (message.length > 2000 ? `${message.slice(0, 1999)}…` : message);

/** Sides found landed in part (a write sent before, a manager's change over the rest): the swap stops there, half
 *  done, and nothing is built on the part (kept apart from the side, which crosses IPC as the contract has it). */
const inPart = new WeakSet<SwapSide>();
export const landedPart = (s: SwapSide): SwapSide => (inPart.add(s), s);
export const isLandedPart = (s: SwapSide): boolean => inPart.has(s);

/** My side that landed, read again (`me`: whom it replaced): undefined while in place, else the side as it stands. */
export async function mineUndone(
  deps: Pick<WriteDeps, 'held'>,
  s: SwapSide,
  me: string,
  landed = false,
): Promise<SwapSide | undefined> {
  const held = await stillInPlace(
    deps.held,
    {
      scheduleId: s.scheduleId,
      startMs: Date.parse(s.start),
      endMs: Date.parse(s.end),
      from: me,
      to: s.email,
      others: s.others,
    },
    landed,
  );
  return held && { ...s, state: held.state, message: clip(held.message) };
}

/** Their side found in place by the read before this press's writes, so not sent again. */
const SHOWN = 'The schedule shows it in place, so it was not sent again.';

type AgainDeps = Pick<WriteDeps, 'held'> & TextDeps;

/** Who each side replaced: me on my block, the teammate on theirs. */
export interface SwapPeople {
  name: string;
  me: string;
  teammate: string;
}

/**
 * Both sides were in place as swapped in the app's own data before this press (they landed), each read again: a
 * change since on either is said as one since it landed, the side kept in place under it, as Retry says it (adv48
 * r18 #3). Undefined when neither changed (both still in place, or a read failed: the press goes on and says so).
 */
export async function wholeChanged(
  deps: AgainDeps,
  p: SwapPeople,
  mine: SwapSide,
  theirs: SwapSide,
): Promise<SwapResult | undefined> {
  const mineNow = await mineUndone(deps, mine, p.me, true);
  const theirsNow = await mineUndone(deps, theirs, p.teammate, true);
  if (mineNow?.state !== 'changed' && theirsNow?.state !== 'changed') return undefined;
  const kept = (s: SwapSide, now: SwapSide | undefined): SwapSide =>
    now?.state === 'changed' ? { ...now, state: 'handed_off' } : (now ?? { ...s, state: 'handed_off' });
  const [m, t] = [kept(mine, mineNow), kept(theirs, theirsNow)];
  const gone = { mine: mineNow?.state === 'changed', theirs: theirsNow?.state === 'changed' };
  return { mine: m, theirs: t, back: null, text: sinceLandedText(deps, p.name, m, t, gone) };
}

/**
 * The checks refused the swap (`why`: their words, said whole) while one side (`inPlace`), written by an earlier
 * press, is in place as swapped in the app's fresh data: read again, it is said in place beside the other "not sent",
 * never left out (adv48 r27). Undefined when the read no longer shows it: the checks' answer stands alone.
 */
export async function oneStillIn(
  deps: AgainDeps,
  p: SwapPeople,
  sides: { mine: SwapSide; theirs: SwapSide },
  inPlace: 'mine' | 'theirs',
  why: string,
): Promise<SwapResult | undefined> {
  const side = sides[inPlace];
  if ((await mineUndone(deps, side, inPlace === 'mine' ? p.me : p.teammate)) !== undefined) return undefined;
  const held: SwapSide = { ...side, state: 'handed_off', message: inPlace === 'mine' ? MINE_IN_PLACE : SHOWN };
  const other: SwapSide = { ...sides[inPlace === 'mine' ? 'theirs' : 'mine'], state: 'not_sent', message: clip(why) };
  const [mine, theirs] = inPlace === 'mine' ? [held, other] : [other, held];
  return { mine, theirs, back: null, text: swapText(deps, p.name, mine, theirs) };
}
