// What the alarm window says, as plain text from AlarmView: the headline ("On call now", "On call since 22:00" when
// it rings late, "On call at 22:00" when it rings before), the schedule and account, the shift in local time with
// the schedule's zone beside it where it differs ("until at least …, then unknown" when no read covers its end), and
// who hands over (said only when the data names someone). Main words it as it sends the view (shownAlarm), so the
// alarm window carries no wording code of its own (issue 49's all-views ceiling) and says what main says.
import { accountNamed } from './account-names';
import { alarmHeadline } from './alarm-headline';
import type { AlarmShown, AlarmView } from './alarm-view';
import { DISPLAY_LOCALE, formatDayTime, formatWindow, joinNames } from './format';
import { savedDataFrom } from './saved-words';

interface FormatContext {
  nowMs: number;
  locale: string;
  localZone?: string;
}

export interface AlarmWords {
  headline: string;
  where: string;
  when: string;
  handover: string | null;
  /** "According to saved data from Tue 18:59" when the shift is not confirmed lately; null when fresh. */
  basis: string | null;
}

/** Who hands over, as the window and the notification of one ring both say it ("Alice and Bob hand over to you."). */
export function handoverText(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  return `${joinNames(names)} ${names.length === 1 ? 'hands' : 'hand'} over to you.`;
}

type Day = Parameters<typeof formatWindow>[2];

/** The shift's times; an end no read covers is no end: "from 22:00 until at least 06:00, then unknown". */
function shiftText(startMs: number, endMs: number, endKnown: boolean, day: Day): string {
  if (endKnown) return formatWindow(startMs, endMs, day);
  return `from ${formatDayTime(startMs, day)} until at least ${formatDayTime(endMs, day)}, then unknown`;
}

/** The time one ring covers, for the window and the notification alike: the shift ("10:00–18:00"), or where my
 *  on-call time goes on past it (a back-to-back block elsewhere rings nothing), the whole run and what it is made of
 *  ("On call 10:00–Wed 02:00: Ops, then Desk B"), so no alarm says I am free at 18:00 (adv50 r31 #1). */
export function coverText(
  startMs: number,
  shift: { endMs: number; endKnown: boolean },
  run: { endMs: number; endKnown: boolean; names: string } | undefined,
  day: Day,
): { shift: string } | { run: string } {
  if (!run) return { shift: shiftText(startMs, shift.endMs, shift.endKnown, day) };
  return { run: `On call ${shiftText(startMs, run.endMs, run.endKnown, day)}: ${run.names}` };
}

export function alarmWords(view: AlarmView, ctx: FormatContext): AlarmWords {
  const startMs = Date.parse(view.startUtc);
  const endMs = Date.parse(view.endUtc);
  // Main's zone, sent with the view (pushed again when it changes), before the page's: one hour with the phone.
  const zone = view.localZone ?? ctx.localZone;
  const local = { locale: ctx.locale, ...(zone ? { localZone: zone } : {}) };
  const opts = { ...local, scheduleZone: view.scheduleZone };
  // Its day where the start is not today ("since Tue 09:00"): the one wording of that instant on every surface.
  const at = formatDayTime(startMs, { ...opts, nowMs: ctx.nowMs });
  // The notification's rule: "at" while the start is ahead, "since" only once started (adv50 r18 #1).
  const headline = view.test
    ? 'Test alarm — nothing to do'
    : alarmHeadline({ startMs, nowMs: ctx.nowMs, late: view.late, at });
  return {
    headline: view.again && !view.test ? `${headline} (again, after a snooze)` : headline,
    // The one join of an account and its schedule ("Work · Platform primary"), as on every surface.
    where: accountNamed(view.accountName, view.scheduleName),
    when: whenText(view, startMs, endMs, { ...opts, nowMs: ctx.nowMs }),
    handover: handoverText(view.handoverFrom),
    basis: view.savedAt ? `According to ${savedDataFrom(view.savedAt, { ...local, nowMs: ctx.nowMs })}` : null,
  };
}

function whenText(view: AlarmView, startMs: number, endMs: number, day: Day): string {
  const run = view.run ? { ...view.run, endMs: Date.parse(view.run.endUtc) } : undefined;
  const said = coverText(startMs, { endMs, endKnown: view.endKnown }, run, day);
  return 'run' in said ? said.run : `Your shift: ${said.shift}`;
}

/** The view as the alarm window is sent it, worded at `nowMs` (the instant it is sent, as the window worded it when it
 *  arrived) in the one display locale; its local times in the view's zone, main's (the computer's) when it has none. */
export function shownAlarm(view: AlarmView, nowMs: number): AlarmShown {
  return { ...view, words: alarmWords(view, { nowMs, locale: DISPLAY_LOCALE }) };
}
