// Settings → Phone: what the form sends (save, a new topic, send a test) and what the app shows of the phone
// escalation (PhoneStatus, in the state). The secrets — the ntfy topic and token, Pushover's keys, a webhook's
// address — go one way only: into main, then the keychain. PhoneStatus never carries one back; its subscribe link is
// the one thing that names the topic, and it is only ever shown to the person who owns it (Settings → Phone).
import { z } from 'zod';
import { EscalationSettingsSchema } from './escalation-settings';

const secret = z.string().trim().max(300);

export const PhoneSecretsSchema = z
  .object({
    /** ntfy: the topic (≥ 24 characters; "New topic" makes one) and an optional access token. */
    ntfyTopic: secret,
    ntfyToken: secret,
    pushoverApp: secret,
    pushoverUser: secret,
    webhookUrl: z.string().trim().max(1000),
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

export const PhoneResultSchema = z.object({ ok: z.boolean(), message: z.string() });
export type PhoneResult = z.infer<typeof PhoneResultSchema>;

export const PhoneStatusSchema = z.object({
  provider: EscalationSettingsSchema.shape.provider,
  /** ntfy's server (no topic in it). */
  server: z.string().nullable(),
  /** The https link a phone subscribes with (ntfy: server/topic, no token); null when there is none to give. */
  subscribeLink: z.string().nullable(),
  /** Which secrets are in the keychain (never their values). */
  hasSecrets: z.boolean(),
  /** When "Send test" last came back with the phone's "I'm on it" (this run). */
  lastTest: z.string().nullable(),
  /** Booked on the server (rings even if this computer sleeps), sent by this computer, or off. */
  booking: z.enum(['booked', 'sent-by-this-computer', 'off']),
  /** The next booked alert's instant, when one is booked. */
  nextBooked: z.string().nullable(),
  /** The last request's failure, worded without secrets. */
  problem: z.string().nullable(),
});
export type PhoneStatus = z.infer<typeof PhoneStatusSchema>;

/** The shift-start alarm of the current (or last) start, as the popover and the tray word it: "acknowledged 22:01"
 *  or "not acknowledged". Times in UTC: each surface words them in local time. */
export const AlarmStatusSchema = z.object({
  key: z.string(),
  scheduleName: z.string(),
  start: z.string(),
  /** It rang (or is snoozed) and waits for an acknowledgement. */
  ringing: z.boolean(),
  ackedAt: z.string().nullable(),
  ackSource: z.enum(['window', 'notification', 'tray', 'cli', 'phone']).nullable(),
});
export type AlarmStatus = z.infer<typeof AlarmStatusSchema>;
