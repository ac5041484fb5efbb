// The registry's take-over texts (adv47 r23 #4): what a schedule card's "Take over" / "Hand back" asks and says once
// done, for each offer the state makes, worded by the card's own module (renderer/src/lib/take-over-text.ts) with
// the card's account name (its account's label when there are several), so the properties read them as shown.
import type { AppState } from '../../electron/shared/view-state';
import { takeOverWords } from '../../renderer/src/lib/take-over-text';
import type { Said } from './text-registry-said';

/** The popover's take-over texts, each of its account; kind 'take-over-ask' / '-done', 'hand-back-ask' / '-done'. */
export function takeOverTexts(state: AppState, nowMs: number, localZone: string): Said[] {
  const ctx = { nowMs, localZone, locale: 'en-GB' };
  return state.schedules.flatMap((s) => {
    const label = state.accounts.length > 1 ? state.accounts.find((a) => a.id === s.accountId)?.label : undefined;
    const words = takeOverWords(s, ctx, label);
    const o = s.takeOverOptions;
    const at = (kind: string, text: string): Said => ({
      surface: 'popover',
      accountId: s.accountId,
      basis: null,
      text,
      kind,
    });
    const take = o?.takeOver
      ? [
          ...o.takeOver.from.map((p) => at('take-over-ask', words.ask('take', p.name, o.takeOver?.until ?? ''))),
          at('take-over-done', words.done('take', o.takeOver.until)),
        ]
      : [];
    const back = o?.handBack
      ? [
          at('hand-back-ask', words.ask('back', o.handBack.to.map((p) => p.name).join(', '), o.handBack.until)),
          at('hand-back-done', words.done('back', o.handBack.until)),
        ]
      : [];
    return [...take, ...back];
  });
}
