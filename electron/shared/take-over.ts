// "Take over now" and "Hand back": what the renderer may ask, what it gets back, and what the state offers per
// schedule. Shared by the IPC contract and the state, so the tray menu, the popover and main agree on one shape.
import { z } from 'zod';
import { instant, text } from './bounded';

// The same shape as view-state's PersonSchema, written out so view-state can import this file without a cycle.
const PersonSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** The reasons a take-over or hand back is refused before anything is sent; `kind` of the ActionError. */
export const TakeOverRefusalSchema = z.enum([
  /** No service address or key yet. */
  'needs_setup',
  /** The schedule is not one of the watched schedules. */
  'not_watched',
  /** The schedule's data could not be refreshed just now: no take-over on data the app cannot vouch for. */
  'stale_data',
  /** No e-mail in Settings, so the app does not know who "me" is. */
  'no_email',
  /** I am already on call on this schedule now. */
  'already_on_call',
  /** Nobody is on call now: there is nobody to take over from (a quick override is the way to add someone). */
  'nobody_on_call',
  /** Several people are on call now: the request must name the one to take over from. */
  'choose_person',
  /** The person named in the request is not on call now. */
  'not_on_call_now',
  /** Who is on call now, or until when, is not what the offer the user confirmed showed. */
  'changed_since_planned',
  /** No running take-over of mine on this schedule that the schedule still shows me in. */
  'nothing_to_hand_back',
]);
export type TakeOverRefusal = z.infer<typeof TakeOverRefusalSchema>;

/** What the offer the user confirmed showed: who was on call (e-mails) and until when. */
export const TakeOverSeenSchema = z.object({
  onCall: z.array(text('E-mail', 'email')).max(20),
  until: instant('Until'),
});
export type TakeOverSeen = z.infer<typeof TakeOverSeenSchema>;

export const TakeOverRequestSchema = z.object({
  scheduleId: text('Schedule id', 'scheduleRef').min(1),
  /** Whom to take over from (e-mail). Needed only when more than one person is on call now. */
  fromEmail: text('E-mail', 'email').optional(),
  /** Given, main writes only while the schedule still holds exactly that; else it says what changed. */
  seen: TakeOverSeenSchema.optional(),
});
export type TakeOverRequest = z.infer<typeof TakeOverRequestSchema>;

/** What the hand back offer the user confirmed showed: to whom (e-mails) and until when. */
export const HandBackSeenSchema = z.object({
  to: z.array(text('E-mail', 'email')).max(20),
  until: instant('Until'),
});
export type HandBackSeen = z.infer<typeof HandBackSeenSchema>;

export const HandBackRequestSchema = z.object({
  scheduleId: text('Schedule id', 'scheduleRef').min(1),
  /** Given, main writes only while the hand back is still what the offer showed; else it says what changed. */
  seen: HandBackSeenSchema.optional(),
});
export type HandBackRequest = z.infer<typeof HandBackRequestSchema>;

/** Per schedule: whether "Take over now" and "Hand back" are offered, from/to whom and until when. */
export const TakeOverOptionsSchema = z.object({
  scheduleId: z.string(),
  /** null when I am on call now, nobody is, or the schedule has no data. */
  takeOver: z
    .object({
      /** Who is on call now: the one to replace (the user picks one when there are several; the rest stay). */
      from: z.array(PersonSchema),
      /** The end of the current shift (the current stretch of the same people on call). */
      until: z.string(),
    })
    .nullable(),
  /** null unless a take-over of mine from this app is still running and the schedule still shows me in it. */
  handBack: z
    .object({
      /** The people the take-over replaced: they are put back. */
      to: z.array(PersonSchema),
      /** Hand back runs from now until here (the end of my take-over window). */
      until: z.string(),
    })
    .nullable(),
});
export type TakeOverOptions = z.infer<typeof TakeOverOptionsSchema>;
