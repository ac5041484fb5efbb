// Settings → Phone: what the form sends (save, a new topic, send a test) and what the app shows of the phone
// escalation (PhoneStatus, in the state every window and the tray get). The secrets — the ntfy topic and token,
// Pushover's keys, a webhook's address — go one way only: into main, then the keychain. PhoneStatus never carries one
// back, nor the subscribe link (it names the topic): Settings → Phone alone asks main for that (phone:link).
import { z } from 'zod';
import { text } from './bounded';
import { EscalationSettingsSchema } from './escalation-settings';
import { MAX_TOPIC_LENGTH, MIN_TOPIC_LENGTH } from './phone-defaults';
import { PhoneMissSchema } from './phone-unsent';

export const PhoneSecretsSchema = z
  .object({
    /** ntfy: the topic ("New topic" makes one; a short one can be guessed, and ntfy takes none longer than 64 or
     *  with other characters, so these are refused here and by the engine) and an optional access token. */
    ntfyTopic: text('ntfy topic', 'phoneSecret')
      .min(
        MIN_TOPIC_LENGTH,
        `The ntfy topic must be at least ${MIN_TOPIC_LENGTH} characters: a short one can be guessed.`,
      )
      .max(MAX_TOPIC_LENGTH, `The ntfy topic must be at most ${MAX_TOPIC_LENGTH} characters: ntfy takes no longer one.`)
      .regex(/^[A-Za-z0-9_-]*$/, 'The ntfy topic may hold only letters, digits, - and _ (as ntfy takes them).'),
    /** '' deletes it; else as ntfy makes them (Settings → Phone shows these words beside the field). */
    ntfyToken: text('ntfy token', 'phoneSecret').refine(
      (t) => t === '' || (t.length >= MIN_TOPIC_LENGTH && /^[A-Za-z0-9_-]+$/.test(t)),
      `At least ${MIN_TOPIC_LENGTH} characters, only letters, digits, - and _ (as ntfy makes them).`,
    ),
    pushoverApp: text('Pushover app token', 'phoneSecret'),
    pushoverUser: text('Pushover user key', 'phoneSecret'),
    webhookUrl: text('Webhook address', 'url').refine(
      (u) => u === '' || /^https:\/\/\S+$/.test(u),
      'An https:// address.',
    ),
  })
  .partial()
  .strict();
export type PhoneSecrets = z.infer<typeof PhoneSecretsSchema>;

export const PhoneIntentSchema = z.discriminatedUnion('kind', [
  /** Saves the settings; each secret given is stored (an empty string deletes it), one left out is kept. */
  z.object({ kind: z.literal('save'), settings: EscalationSettingsSchema, secrets: PhoneSecretsSchema.optional() }),
  /** A new random ntfy topic (≥ 24 characters) into the keychain; the phone must subscribe again. */
  z.object({ kind: z.literal('new-topic') }),
  /** Sends a test to the phone and waits (bounded) for its "I'm on it". */
  z.object({ kind: z.literal('send-test') }),
]);
export type PhoneIntent = z.infer<typeof PhoneIntentSchema>;

/** The engine's answer to a phone intent: done or not, in words (no secret in them; never thrown across IPC). */
export const PhoneResultSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  /** Refused before anything was stored: each problem by its field, in the form's words. */
  problems: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type PhoneResult = z.infer<typeof PhoneResultSchema>;

/** A booked phone alert that must not ring (its shift is no longer mine, or acknowledged) whose cancel hasn't gone
 *  through (issue 50, adv50 r8 #3): a statement with its own instant, never a problem of the next shift's readiness.
 *  `passed`: its time came before the cancel landed, so the phone may have rung. */
export const StillRingSchema = z.object({
  key: z.string(),
  /** When the phone rings (rang), UTC. */
  at: z.string(),
  scheduleName: z.string(),
  /** The account's name while there are several. */
  accountName: z.string().optional(),
  /** The schedule's zone: its own time is said beside the local one where they differ, as every line of the shift
   *  does (adv47 r11 #5). Kept in escalations.json, so `status` says it too (r14 #2); absent from an older record. */
  scheduleZone: z.string().max(100).optional(),
  /** No longer mine, acknowledged, or still mine with its reminders muted or paused. */
  why: z.enum(['not-mine', 'acknowledged', 'silenced', 'moved']),
  /** The cancel's failure, worded without secrets. */
  error: z.string(),
  passed: z.boolean(),
});
export type StillRing = z.infer<typeof StillRingSchema>;

export const PhoneStatusSchema = z.object({
  provider: EscalationSettingsSchema.shape.provider,
  /** ntfy's server (no topic in it). */
  server: z.string().nullable(),
  /** Whether the chosen provider's secrets are in the keychain (never their values). */
  hasSecrets: z.boolean(),
  /** When "Send test" last came back with the phone's "I'm on it" (this run). */
  lastTest: z.string().nullable(),
  /** Booked on the server (rings even if this computer sleeps), none booked there now (as far as the app knows),
   *  a booking's answer lost ("unknown"), sent by this computer, or off. Derived from what is booked: never "booked"
   *  with nothing booked (adv50 r6: a schedule watched again and still loading read "booked", nextBooked null). */
  booking: z.enum(['booked', 'none', 'unknown', 'sent-by-this-computer', 'off']),
  /** The next booked alert's instant, when one is booked. */
  nextBooked: z.string().nullable(),
  /** The last request's failure, worded without secrets. */
  problem: z.string().nullable(),
  /** Watched schedules still loading (their names): a start of theirs is not booked yet. */
  loading: z.array(z.string()).optional(),
  /** Booked alerts that must not ring and may still (or may have rung): each said on its own, at once. */
  stillRing: z.array(StillRingSchema).optional(),
});
export type PhoneStatus = z.infer<typeof PhoneStatusSchema>;

/** A QR code's modules (true: dark), row by row, square: 21 to 177 modules a side (QR versions 1 to 40). */
export const QrMatrixSchema = z
  .array(z.array(z.boolean()).min(21).max(177))
  .min(21)
  .max(177)
  .refine((rows) => rows.every((r) => r.length === rows.length), 'A QR code is square.');
export type QrMatrix = z.infer<typeof QrMatrixSchema>;

/** Settings → Phone's ntfy subscribe link and its QR code (both name the topic: given to that page alone). */
export const SubscribeLinkSchema = z.object({ url: z.string(), qr: QrMatrixSchema });
export type SubscribeLink = z.infer<typeof SubscribeLinkSchema>;

/** The shift-start alarm of the current (or last) start, as the popover and the tray word it: "acknowledged 22:01"
 *  or "not acknowledged". Times in UTC: each surface words them in local time. */
export const AlarmStatusSchema = z.object({
  key: z.string(),
  /** The account's name while there are several (the tray's line names it then). */
  accountName: z.string().optional(),
  scheduleName: z.string(),
  start: z.string(),
  /** The schedule's IANA zone: its own time is said beside the start where it differs. */
  scheduleZone: z.string().optional(),
  /** It rang (or is snoozed) and waits for an acknowledgement. */
  ringing: z.boolean(),
  ackedAt: z.string().nullable(),
  ackSource: z.enum(['window', 'notification', 'tray', 'cli', 'phone']).nullable(),
  /** Its start came while every account naming it was paused or muted, so it rang nothing (as documented): said as
   *  "not rung", never as "not acknowledged", while its shift runs (adv50 r13: the tray said nothing of it). */
  passedUnrung: z.boolean().optional(),
  /** While it waits: its phone alert did not go out, in main's words ("Phone not alerted: could not connect
   *  (ECONNREFUSED); trying again each minute"), said beside its line on every glance (adv49 r33 F1). */
  phone: z.string().optional(),
  /** That alert's failure as a value: its fewer words for the tooltip's cut ("Phone not alerted: could not connect
   *  (ECONNREFUSED)", phoneMissShort) and, alarms sharing one, counted on one line (no second field: first load). */
  phoneMiss: PhoneMissSchema.optional(),
});
export type AlarmStatus = z.infer<typeof AlarmStatusSchema>;
