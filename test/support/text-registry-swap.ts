// The registry's swap-form texts (issue 47, round 14 #1): for each block of mine the state lists, what the swap form
// says of it ("Your shift: … · <window>") and its preview ("Erin covers your …", "You cover Erin's …", their block
// the one after mine on the same schedule), worded by the form's own module (electron/shared/swap-lines.ts, main's words on swap:offer), so the
// properties read each block with its basis as My shifts and the week give it.
import type { AppState, Basis } from '../../electron/shared/view-state';
import { swapLines, swapPreviewText, swapWords } from '../../electron/shared/swap-lines';

export interface SwapFormText {
  accountId: string;
  /** 'swap-mine' (the form's "Your shift"), 'swap-covers' (their cover of mine), 'swap-you-cover' (mine of theirs). */
  kind: string;
  basis: Basis;
  text: string;
}

export function swapFormLog(state: AppState, nowMs: number, localZone: string): SwapFormText[] {
  const words = swapWords(state, { nowMs, localZone, locale: 'en-GB' });
  return state.me.shifts.flatMap((m) => {
    const mine = { scheduleId: m.scheduleId, start: m.start, end: m.end };
    const lengthMs = Date.parse(m.end) - Date.parse(m.start);
    const theirs = { ...mine, start: m.end, end: new Date(Date.parse(m.end) + lengthMs).toISOString() };
    const lines = swapLines(state, mine, theirs, words);
    const text = swapPreviewText('Erin Walsh', lines);
    const name = state.schedules.find((s) => s.id === m.scheduleId)?.name ?? m.scheduleName;
    return [
      {
        accountId: m.accountId,
        kind: 'swap-mine',
        basis: lines.mineBasis,
        text: `Your shift: ${name} · ${lines.mine}`,
      },
      { accountId: m.accountId, kind: 'swap-covers', basis: lines.mineBasis, text: text.coversYours },
      { accountId: m.accountId, kind: 'swap-you-cover', basis: lines.theirsBasis, text: text.youCover },
    ];
  });
}
