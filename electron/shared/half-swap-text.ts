// A swap that landed on one side only, as one problem line on the glance (tray item, tooltip, popover): who it is
// with, which side did not land, and, with several accounts, which account. Its fix is the swap window (Retry /
// Hand your shift back), so the line names the side still owed, never "try again".
import type { SwapResult, SwapSide } from './handoff';
import type { AppState } from './view-state';
import { formatWindow } from './format';
import { savedAt } from './freshness';
import { savedDataFrom } from './saved-words';

export type HalfSwap = NonNullable<AppState['halfSwaps']>[number];

/** Still to settle: my side landed (or may have) and theirs did not, with no hand back that landed. */
export function isHalfDone(r: Pick<SwapResult, 'mine' | 'theirs' | 'back'>): boolean {
  if (r.theirs.state === 'handed_off' || r.back?.state === 'handed_off') return false;
  return r.mine.state === 'handed_off' || r.mine.state === 'unknown' || r.mine.state === 'sending';
}

const SHORT: Record<SwapSide['state'], string> = {
  handed_off: 'landed',
  unknown: 'has an unknown outcome',
  sending: 'has an unknown outcome',
  not_landed: 'did not land',
  refused: 'was refused',
  not_sent: 'was not sent',
  pending: 'was not sent',
  changed: 'was not sent',
};

interface At {
  nowMs: number;
  localZone: string;
  locale?: string | undefined;
}

/** "Swap with Bob Stone half done: your cover of Mon 03:09–15:09 did not land" ("Work: …" with several accounts). */
export function halfSwapLine(state: AppState, h: HalfSwap, at: At): string {
  const { mine, theirs, back } = h.result;
  const opts = { nowMs: at.nowMs, localZone: at.localZone, ...(at.locale ? { locale: at.locale } : {}) };
  const win = (s: SwapSide): string => {
    const zone = state.schedules.find((x) => x.id === s.scheduleId)?.timeZone ?? undefined;
    return formatWindow(s.start, s.end, { ...opts, ...(zone ? { scheduleZone: zone } : {}) });
  };
  const label = state.accounts.length > 1 ? state.accounts.find((a) => a.id === h.accountId)?.label : undefined;
  const who = `${label ? `${label}: ` : ''}Swap with ${h.name}`;
  // Said from what the service holds now (adv48 r39 F2): a later change over my landed side leaves nothing to Retry
  // or hand back; the half-done line names what it last read, dated when that read is saved data.
  if (h.replaced === true)
    return `${who}: a change on the schedule replaced the cover of your ${win(mine)}; nothing is half done now`;
  if (h.replaced === false)
    return `${who}: a change on the schedule changed the cover of your ${win(mine)} since it landed; nothing more is sent for this swap`;
  const read = state.schedules.find((x) => x.id === mine.scheduleId);
  const saved = read ? savedAt(read.status) : undefined;
  const basis = saved ? ` (${savedDataFrom(saved, opts)})` : '';
  const what =
    back !== null
      ? `handing your ${win(mine)} back ${SHORT[back.state]}`
      : mine.state === 'handed_off'
        ? `your cover of ${win(theirs)} ${SHORT[theirs.state]}`
        : `${h.name}'s cover of your ${win(mine)} ${SHORT[mine.state]}`;
  return `${who} half done: ${what}${basis}`;
}
