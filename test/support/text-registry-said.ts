// The registry's record of one text (Said, on its Surface), and the texts read off a notification list, a calendar
// and the logs of both. Split from text-registry.ts (its size); unchanged.
import type { NotificationRequest } from '../../electron/core/ports';
import { refParts } from '../../electron/shared/accounts';
import type { Basis, MyShift } from '../../electron/shared/view-state';
import type { LogText } from './text-registry-log';

export type Surface =
  | 'tray-tooltip'
  | 'tray-menu'
  | 'popover'
  | 'status'
  | 'handoff'
  | 'notification'
  | 'ics'
  /** Settings → Phone (only while the state has a phone status). */
  | 'settings'
  /** The hand-off IPC answers the renderer shows (a swap's outcome, its refusals): text-registry-handoff.ts. */
  | 'handoff-answer'
  /** The quick override's people picker ("who could cover"): one text per person offered. */
  | 'picker'
  /** The engine's answers to writes (away, take over, hand back, override, refresh): text-registry-writes.ts runs
   *  the real handlers on the simulator for them. */
  | 'write-answer'
  /** The quick override form's preview (whom it replaces, "already on call"): text-registry-preview.ts plans it with
   *  the real core and words it with the form's own module; and the swap form's blocks (text-registry-swap.ts). */
  | 'form-preview';

export interface Said {
  surface: Surface;
  /** The account the text is about; null for app-wide text (a whole tooltip, a header). */
  accountId: string | null;
  /** What it rests on, where it states a block of mine; null where the registry doesn't attribute one. */
  basis: Basis | null;
  text: string;
  /** A notification's reminder kind, 'event-summary' / 'event-description' for a calendar block, or 'load' for my
   *  on-call load of one account (its basis the load's). */
  kind?: string;
  /** A calendar block's schedule, start and end (the event's), for the properties over its end. */
  block?: LogText['block'];
  /** For a statement: which one ("now", "next", a listed "block") and the whole text of the surface it must appear
   *  in. */
  statement?: { kind: 'now' | 'next' | 'block'; shift: MyShift; shownIn: string };
}

export function notificationTexts(list: readonly NotificationRequest[]): Said[] {
  return list.map((n) => {
    const ref = n.params?.['scheduleId'];
    return {
      surface: 'notification' as const,
      accountId: ref === undefined ? null : refParts(ref).accountId,
      basis: null,
      text: `${n.title}\n${n.body}`,
    };
  });
}

export function icsTexts(ics: string): Said[] {
  const unfolded = ics.replace(/\r\n[ \t]/g, '');
  return unfolded
    .split('BEGIN:VEVENT')
    .slice(1)
    .map((event) => ({
      surface: 'ics' as const,
      accountId: null,
      basis: null,
      text: event
        .split('\r\n')
        .filter((l) => /^(SUMMARY|DESCRIPTION)/.test(l))
        .join('\n'),
    }));
}

export const logSaid = (surface: 'notification' | 'ics', t: LogText): Said => ({
  surface,
  accountId: t.accountId,
  basis: t.basis,
  text: t.text,
  kind: t.kind,
  ...(t.block ? { block: t.block } : {}),
});
