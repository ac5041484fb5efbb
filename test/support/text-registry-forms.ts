// The registry's form texts that were worded in Svelte markup (adv47 r23 #5), now by lib modules read here: the I'm
// away form's row head for each block of mine the state lists (its account, schedule and window, as the plan's rows
// carry them), and Settings' "Added “…” (zone)." for each watched schedule.
import type { AppState } from '../../electron/shared/view-state';
import { awayRowHead } from '../../renderer/src/lib/away-words';
import { scheduleAddedText } from '../../electron/shared/schedule-input';
import type { Said } from './text-registry-said';

export function formTexts(state: AppState, nowMs: number, localZone: string): Said[] {
  const ctx = { nowMs, localZone, locale: 'en-GB' };
  const zoneOf = (id: string) => state.schedules.find((s) => s.id === id)?.timeZone ?? null;
  const away = state.me.shifts.map((m): Said => {
    const h = awayRowHead(state, { ...m, timeZone: zoneOf(m.scheduleId) }, ctx);
    return {
      surface: 'form-preview',
      accountId: m.accountId,
      basis: null,
      text: `${h.name} · ${h.window}`,
      kind: 'away-row',
    };
  });
  const added = state.schedules.map((s): Said => ({
    surface: 'settings',
    accountId: s.accountId,
    basis: null,
    text: scheduleAddedText(s),
    kind: 'schedule-added',
  }));
  return [...away, ...added];
}
