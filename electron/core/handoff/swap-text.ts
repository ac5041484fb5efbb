// What a swap says: each side's window as shown (with its account when there are several) and what landed, in
// whole sentences. Split from swap.ts (issue 47's size limit); the words are unchanged.
import { refParts, withAccount } from '../../shared/accounts';
import { formatWindow } from '../../shared/format';
import type { SwapSide } from '../../shared/handoff';
import type { AppState } from '../../shared/view-state';

/** What the words read: the clock, the zone shown and the state (a SwapDeps gives them). */
export interface TextDeps {
  nowMs: () => number;
  localZone: () => string;
  state: () => AppState;
}

export function windowText(deps: TextDeps, side: { scheduleId: string; start: string; end: string }): string {
  const state = deps.state();
  const schedule = state.schedules.find((s) => s.id === side.scheduleId);
  const zone = schedule?.timeZone ?? undefined;
  const when = formatWindow(side.start, side.end, {
    nowMs: deps.nowMs(),
    localZone: deps.localZone(),
    ...(zone ? { scheduleZone: zone } : {}),
  });
  // With several accounts the schedule is named with its account ("on Work · Primary"): the one it is planned and
  // written through, whichever account named it; with one, the window alone (as ever).
  if (state.accounts.length < 2 || !schedule) return when;
  return `${when} on ${withAccount(state, refParts(side.scheduleId).accountId, schedule.name)}`;
}

const landedPhrase: Record<SwapSide['state'], string> = {
  handed_off: 'landed',
  unknown: 'has an unknown outcome (checking it is safe; it was not sent again)',
  not_landed: 'did not land',
  refused: 'was refused',
  not_sent: 'was not sent',
  pending: 'was not sent',
  sending: 'is being sent',
  changed: 'was not sent',
};

/** The side's own message (the write answer's sentences), said whole after the swap's sentence (issue 47: it was
 *  cut of its full stop and put in brackets mid-sentence). */
const why = (s: SwapSide) => (s.message ? ` ${s.message}` : '');

/** The note of each side written over an own earlier write that may still be applied (said once if both carry it). */
const earlierNotes = (...sides: SwapSide[]): string =>
  [...new Set(sides.filter((s) => s.outcome === 'earlier-may-apply').map(why))].join('');

/** After "Hand your … back": what that write did, on top of the first side that landed. */
function backText(name: string, myWin: string, back: SwapSide): string {
  if (back.state === 'handed_off') return `Your ${myWin} is yours again; nothing was swapped with ${name}.`;
  if (back.state === 'unknown' || back.state === 'sending')
    return `${name} covers your ${myWin}; handing it back has an unknown outcome — checking, it is not sent again.${why(back)}`;
  return `${name} still covers your ${myWin}; handing it back ${landedPhrase[back.state]}.${why(back)}`;
}

export function swapText(
  deps: TextDeps,
  name: string,
  mine: SwapSide,
  theirs: SwapSide,
  back: SwapSide | null = null,
): string {
  const myWin = windowText(deps, mine);
  const theirWin = windowText(deps, theirs);
  if (back && mine.state === 'handed_off') return backText(name, myWin, back);
  if (mine.state === 'handed_off' && theirs.state === 'handed_off')
    return `Swapped: ${name} covers your ${myWin}; you cover ${name}'s ${theirWin}.${earlierNotes(mine, theirs)}`;
  if (mine.state === 'handed_off')
    return `${name} now covers your ${myWin}; your cover of ${name}'s ${theirWin} ${landedPhrase[theirs.state]}.${why(theirs)}`;
  // My cover of their shift in place (an earlier press wrote it) beside mine not: said, never "not sent" (adv48 r27).
  if (theirs.state === 'handed_off')
    return `Not swapped as planned: your cover of ${name}'s ${theirWin} is in place, but ${name}'s cover of your ${myWin} ${landedPhrase[mine.state]}.${why(mine)}`;
  return `Nothing was swapped: ${name}'s cover of your ${myWin} ${landedPhrase[mine.state]}; your cover of ${name}'s ${theirWin} was not sent.${why(mine)}`;
}

/** Nothing of the swap sent: their shift is not as planned (or couldn't be read) when read before the first write. */
export function staleText(deps: TextDeps, name: string, theirs: SwapSide): string {
  return `Nothing was swapped: ${name}'s ${windowText(deps, theirs)} was read again before anything was sent. ${theirs.message}`;
}

/** My side landed and a later change covers it now (`mine.message` says what holds), then what this press did
 *  (`after`): the one wording of "what landed, what changed" that Retry, Hand back and Check say (adv48 r39 F1). */
export function landedThenText(deps: TextDeps, name: string, mine: SwapSide, after: string): string {
  return `${name}'s cover of your ${windowText(deps, mine)} landed, and a later change covers it now${after} ${mine.message}`;
}

/** Check over a half swap whose landed side a later change covers: that, then what their side is. */
export function checkedThenText(deps: TextDeps, name: string, mine: SwapSide, theirs: SwapSide): string {
  const after = `; your cover of ${name}'s ${windowText(deps, theirs)} ${landedPhrase[theirs.state]}.${why(theirs)}`;
  return landedThenText(deps, name, mine, after);
}

/** A Retry that found the landed side gone: what holds now, and that the second side was not sent. */
export function undoneText(deps: TextDeps, name: string, mine: SwapSide, theirs: SwapSide): string {
  const notSent = `, so your cover of ${name}'s ${windowText(deps, theirs)} was not sent.`;
  if (mine.state === 'handed_off') return landedThenText(deps, name, mine, notSent);
  const gone = mine.state === 'changed' ? 'is no longer in place' : 'could not be checked';
  return `${name}'s cover of your ${windowText(deps, mine)} ${gone}${notSent} ${mine.message}`;
}

/** A Retry that found my side landed in part (its answer lost; a manager changed the rest since): half done. */
export function partText(deps: TextDeps, name: string, mine: SwapSide, theirs: SwapSide): string {
  return `Half swapped: ${name}'s cover of your ${windowText(deps, mine)} landed in part, and a later change covers the rest; your cover of ${name}'s ${windowText(deps, theirs)} was not sent. ${mine.message}`;
}

/** Side 2 landed (found by a read after its answer was lost) and side 1, read again, is no longer as it landed. */
export function mineGoneText(deps: TextDeps, name: string, mine: SwapSide, theirs: SwapSide): string {
  const gone = mine.state === 'changed' ? 'is no longer in place' : 'could not be checked again';
  return `Not swapped as planned: your cover of ${name}'s ${windowText(deps, theirs)} landed, but ${name}'s cover of your ${windowText(deps, mine)} ${gone}. ${mine.message}`;
}

/** Both sides landed (pressed again over a whole swap) and a change since covers one or both (`gone`): each side's
 *  message says what holds there now ("Changed since it landed: …"). */
export function sinceLandedText(
  deps: TextDeps,
  name: string,
  mine: SwapSide,
  theirs: SwapSide,
  gone: { mine: boolean; theirs: boolean },
): string {
  const [myWin, theirWin] = [windowText(deps, mine), windowText(deps, theirs)];
  if (gone.mine && gone.theirs)
    return `Not swapped as planned: ${name}'s cover of your ${myWin} and your cover of ${name}'s ${theirWin} both landed, and a later change covers each of them now. ${mine.message} ${theirs.message}`;
  if (gone.mine) return mineGoneText(deps, name, { ...mine, state: 'changed' }, theirs);
  return `Not swapped as planned: ${name}'s cover of your ${myWin} landed, but your cover of ${name}'s ${theirWin} is no longer in place. ${theirs.message}`;
}
