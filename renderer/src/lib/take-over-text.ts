// The schedule card's "Take over" / "Hand back" words (issue 47, adv47 r23 #4): the confirmation and the result say
// the end as the tray menu's "Take over … until …" item does, through the one formatter with the schedule's zone
// beside the local time where they differ. The result speaks of that schedule only ("You took over Payments US
// until …"): my on-call time may go on past it on another schedule, so it must not read as my time's end.
// Its own module (not the card's markup) so the text registry words it as the card shows it.
import { formatDayTime } from '../../../electron/shared/format';
import { accountNamed } from '../../../electron/shared/account-names';
import type { ScheduleView } from '../../../electron/shared/view-state';
import type { FormatContext } from './format-context';

export type TakeOverKind = 'take' | 'back';

export interface TakeOverWords {
  /** "Take over from Erin Walsh until Mon 12:42 (06:42 New York)?" (`who`: the person, or the names handed to). */
  ask: (kind: TakeOverKind, who: string, untilIso: string) => string;
  /** What the card says once the write is done: the schedule's part, until its end. */
  done: (kind: TakeOverKind, endIso: string) => string;
}

/** `account`: the schedule's account, named when there are several ("Acme"): the words say which it acts on. */
export function takeOverWords(schedule: ScheduleView, ctx: FormatContext, account?: string): TakeOverWords {
  const when = (iso: string): string =>
    formatDayTime(iso, {
      nowMs: ctx.nowMs,
      locale: ctx.locale,
      ...(ctx.localZone ? { localZone: ctx.localZone } : {}),
      ...(schedule.timeZone ? { scheduleZone: schedule.timeZone } : {}),
    });
  const on = account ? ` on ${accountNamed(account, schedule.name)}` : '';
  const named = accountNamed(account, schedule.name);
  return {
    ask: (kind, who, untilIso) =>
      kind === 'take'
        ? `Take over from ${who}${on} until ${when(untilIso)}?`
        : `Hand back to ${who}${on} until ${when(untilIso)}?`,
    done: (kind, endIso) =>
      kind === 'take' ? `You took over ${named} until ${when(endIso)}.` : `Handed ${named} back until ${when(endIso)}.`,
  };
}
