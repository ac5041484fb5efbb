// The shift-start alarm as the alarm window shows it and the intents the window (and Settings → Phone) send back.
// Main builds AlarmView from the alarm engine's target and words it as it sends it (alarm-words.ts: times through the
// one formatter, local and the schedule's zone where they differ); the window shows those words. Validated at the IPC edge with these schemas.
import { z } from 'zod';
import { text } from './bounded';

const AlarmKey = text('Alarm key', 'alarmKey');

export const AlarmViewSchema = z.object({
  /** The alarm engine's key (one per shift start on a service). */
  key: z.string().max(400),
  accountName: z.string().max(200),
  scheduleName: z.string().max(200),
  startUtc: z.string().max(40),
  endUtc: z.string().max(40),
  /** False when no read covers the time after `endUtc`: the shift lasts at least until then, and what follows is
   *  unknown ("until at least 17:00, then unknown", as the alarm notification and the reminders say). */
  endKnown: z.boolean(),
  /** The schedule's IANA zone (shown beside local time where it differs). */
  scheduleZone: z.string().max(100),
  /** Where my on-call time goes on past this shift (back to back on another schedule, which rings nothing): the whole
   *  run the ring covers, as the tray says it ("On call 10:00–Wed 02:00: Ops, then Desk B"). */
  run: z.object({ endUtc: z.string().max(40), endKnown: z.boolean(), names: z.string().max(1000) }).optional(),
  /** Who is on call right before me, when the data says (empty: unknown or nobody said). */
  handoverFrom: z.array(z.string().max(200)).max(20),
  /** Rung after its instant (asleep, off): the window says since when. */
  late: z.boolean(),
  /** The ring after a snooze. */
  again: z.boolean(),
  /** "Test the alarm": rings for 5 s, acknowledges nothing real. */
  test: z.boolean(),
  /** The shift rests on saved data read then (the service not confirming it lately): said, never stated as fact. */
  savedAt: z.string().max(40).nullable().optional(),
  /** The computer's zone as main reads it: the window words local times in it, and main pushes the view again when
   *  it changes while ringing (adv50 r13 #2), so window and phone say one hour. Absent: the page's own zone. */
  localZone: z.string().max(100).optional(),
});
export type AlarmView = z.infer<typeof AlarmViewSchema>;

const Said = z.string().max(1000);
/** What the alarm window is sent: the view with main's words for it (alarm-words.ts shownAlarm). */
export const AlarmShownSchema = AlarmViewSchema.extend({
  words: z.object({ headline: Said, where: Said, when: Said, handover: Said.nullable(), basis: Said.nullable() }),
});
export type AlarmShown = z.infer<typeof AlarmShownSchema>;

export const AlarmIntentSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ack'), key: AlarmKey }),
  z.object({ kind: z.literal('snooze'), key: AlarmKey }),
  /** "Can't — find cover": acknowledges nothing; opens Ask for cover / take over for that shift. */
  z.object({ kind: z.literal('find-cover'), key: AlarmKey }),
  z.object({ kind: z.literal('test') }),
]);
export type AlarmIntent = z.infer<typeof AlarmIntentSchema>;
