// What the alarm says — in its notification and its window: the schedule, the shift in local time (and the
// schedule's own zone where it differs), who hands over, and since when when it rings late. And what the phone says.
import { formatDayTime } from '../../shared/format';
import { coverText, handoverText } from '../../shared/alarm-words';
import type { RingRun } from './ring-run';
import { accountNamed } from '../../shared/account-names';
import { alarmHeadline } from '../../shared/alarm-headline';
import type { NotificationRequest } from '../ports';
import { reminderBasis, savedDataPrefix } from '../reminders/messages';
import type { AlarmRing } from './engine';
import { saidEndOf, type AlarmTarget } from './types';

export interface AlarmWordsOptions {
  nowMs: number;
  localZone: string;
  locale?: string;
  /** When the shift's data is saved data at the ring (not confirmed lately), when it was read; else undefined. */
  savedAtMs?: number | undefined;
  /** The account the shift is read from, named while there are several ("Work · On call now — Platform"). */
  accountName?: string | undefined;
  /** The whole run the ring covers where my on-call time goes on past the shift (ring-run.ts). */
  cover?: RingRun | undefined;
}

/** What the alarm and the phone say about who they are of, and what they rest on. */
export type AlarmAbout = Pick<AlarmWordsOptions, 'savedAtMs' | 'accountName' | 'cover'>;

/** The schedule as the alarm names it: with its account while there are several ("Work · Platform primary"). */
export function alarmName(t: Pick<AlarmTarget, 'accountName' | 'scheduleName'>, accountName?: string): string {
  return accountNamed(t.accountName ?? accountName, t.scheduleName);
}

export function alarmNotification(ring: AlarmRing, o: AlarmWordsOptions): NotificationRequest {
  const t = ring.target;
  const fmt = { localZone: o.localZone, scheduleZone: t.scheduleZone, ...(o.locale ? { locale: o.locale } : {}) };
  const name = alarmName(t, o.accountName);
  const day = { ...fmt, nowMs: o.nowMs };
  // The start with its day where it is not today ("since Tue 09:00"), as the shift line beside it says it; the
  // window's headline by the same rule ("at" while the start is ahead, however late the ring).
  const at = formatDayTime(t.startMs, day);
  const title = `${alarmHeadline({ startMs: t.startMs, nowMs: o.nowMs, late: ring.late, at })} — ${name}`;
  // The window's rule (one for both: the notification said "Alice and Bob hands over", adv50 r31 #2).
  const handover = handoverText(t.fromNames);
  const from = handover === null ? '' : ` ${handover}`;
  // An end no read covers is said as the reminders say it: at least until then (never a plain end). Where my on-call
  // time goes on past the shift, the whole run the ring covers, by the window's rule (coverText).
  const said = coverText(t.startMs, { endMs: saidEndOf(t), endKnown: t.endUnknown !== true }, o.cover, day);
  // Saved data is said as every reminder says it ("According to saved data from Tue 18:59, your shift …"), never
  // as fact.
  const words = { localZone: o.localZone, ...(o.locale ? { locale: o.locale } : {}) };
  const lead = savedDataPrefix(reminderBasis(o.savedAtMs ?? o.cover?.savedAtMs), o.nowMs, words);
  const time = 'run' in said ? said.run : `Your shift ${said.shift}`;
  const body = `${lead}${lead === '' ? time : time.charAt(0).toLowerCase() + time.slice(1)}.${from}`;
  return {
    id: t.key,
    title,
    body,
    target: 'status',
    params: { scheduleId: t.scheduleId },
    alarm: true,
  };
}

/** The phone's words: no link, no topic; the schedule (and its account while there are several) and the start in
 *  local time, from saved data said so as the alarm says it. Booked ahead: worded when booked, from what is known then.
 *  The start is said as past only when it has passed at delivery (`deliverMs`): with the alarm 5 min before, the alert
 *  counted from the ring reaches the phone before the start (adv50 r12 #2: it said "started at" then). And with its
 *  day where that is not the delivery's: a late ring the next morning said a bare "started at 10:00" (adv50 r27 #1). */
export function phoneWords(
  t: AlarmTarget,
  afterMin: number,
  localZone: string,
  about: AlarmAbout,
  deliverMs: number,
): { title: string; body: string } {
  const lead = savedDataPrefix(reminderBasis(about.savedAtMs ?? about.cover?.savedAtMs), t.startMs, { localZone });
  const day = { localZone, scheduleZone: t.scheduleZone, nowMs: deliverMs };
  const start = formatDayTime(t.startMs, day);
  const before = deliverMs < t.startMs;
  // The whole run the alarm covers, as its window and notification say it (coverText), where it goes on past the
  // shift: "I'm on it" on the phone settles it all (adv50 r31 #1).
  const said = coverText(t.startMs, { endMs: saidEndOf(t), endKnown: t.endUnknown !== true }, about.cover, day);
  const run = 'run' in said ? ` ${said.run}.` : '';
  return {
    title: `Shift start not acknowledged — ${alarmName(t, about.accountName)}`,
    // Worded when booked, before the start: true whether the alarm rang unanswered or the computer slept through it.
    body: `${lead}${lead === '' ? 'Your' : 'your'} shift ${before ? 'starts' : 'started'} at ${start}; not acknowledged on your computer within ${afterMin} min of its alarm time.${run}`,
  };
}
