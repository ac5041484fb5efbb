// A half swap whose landed side (their cover of my block) a later change covers now: a manager put others over it.
// Check and Hand back read it again and say so from what the service holds, in Retry's words, never "Carol still
// covers your Tue" beside a sentence saying Alice does (adv48 r39 F1). Nothing is sent: handing back a block that is
// no longer theirs would put me over whoever holds it now.
import { myEmailOn, refParts } from '../../shared/accounts';
import type { SwapResult, SwapSide } from '../../shared/handoff';
import type { WriteDeps } from './write-one';
import { mineUndone } from './swap-again';
import { checkedThenText, landedThenText, type TextDeps } from './swap-text';

/** My landed side read again: the side (kept landed, its message what holds now) when a later change covers it. */
async function replaced(deps: Pick<WriteDeps, 'held'> & TextDeps, mine: SwapSide): Promise<SwapSide | undefined> {
  if (mine.state !== 'handed_off') return undefined;
  const me = myEmailOn(deps.state(), refParts(mine.scheduleId).accountId);
  if (me === '') return undefined;
  const undone = await mineUndone(deps, mine, me, true);
  return undone?.state === 'changed' ? { ...undone, state: 'handed_off' } : undefined;
}

/** Check or Hand back over a half swap (their side not in place, no hand back landed) whose landed side a later
 *  change covers: what landed and what holds now; undefined while my side is still in place (or unread). */
export async function replacedAnswer(
  deps: Pick<WriteDeps, 'held'> & TextDeps,
  name: string,
  sides: { mine: SwapSide; theirs: SwapSide },
  action: 'check' | 'hand-back',
): Promise<SwapResult | undefined> {
  if (sides.theirs.state === 'handed_off') return undefined;
  const mine = await replaced(deps, sides.mine);
  if (!mine) return undefined;
  const text =
    action === 'check'
      ? checkedThenText(deps, name, mine, sides.theirs)
      : landedThenText(deps, name, mine, ', so handing it back was not sent.');
  return { mine, theirs: sides.theirs, back: null, text };
}
