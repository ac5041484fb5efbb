// Settings → Phone, as one contract: the escalation settings (no secrets in them), what the form sends to main
// (save, a new topic, a test), and what the snapshot says back (PhoneStatus: never a token). Secrets go to main only
// on save and live in the keychain; the renderer never gets one back, only whether it is saved.
import { z } from 'zod';
import { text } from './bounded';

import { DEFAULT_ESCALATE_AFTER_MIN, DEFAULT_NTFY_SERVER, MIN_TOPIC_LENGTH } from './phone-defaults';

export { DEFAULT_ESCALATE_AFTER_MIN, DEFAULT_NTFY_SERVER, MIN_TOPIC_LENGTH } from './phone-defaults';

export const EscalationSettingsSchema = z.object({
  provider: z.enum(['off', 'ntfy', 'pushover', 'webhook']).default('off'),
  /** ntfy's server (self-hosted or the public one). */
  ntfyServer: text('ntfy server', 'ntfyServer').default(DEFAULT_NTFY_SERVER),
  /** Minutes after the alarm rings with no acknowledgement before the phone rings. */
  afterMin: z.number().int().min(1).max(30).default(DEFAULT_ESCALATE_AFTER_MIN),
});
export type EscalationSettings = z.infer<typeof EscalationSettingsSchema>;
export type PhoneProviderName = EscalationSettings['provider'];

/** Write-only: each one given replaces the one in the keychain; one left out is kept. */
export const PhoneSecretsSchema = z.object({
  ntfyTopic: text('ntfy topic', 'phoneSecret')
    .min(
      MIN_TOPIC_LENGTH,
      `The ntfy topic must be at least ${MIN_TOPIC_LENGTH} characters: a short one can be guessed.`,
    )
    .optional(),
  ntfyToken: text('ntfy token', 'phoneSecret').optional(),
  pushoverApp: text('Pushover app token', 'phoneSecret').optional(),
  pushoverUser: text('Pushover user key', 'phoneSecret').optional(),
  webhookUrl: text('Webhook address', 'url').optional(),
});
export type PhoneSecrets = z.infer<typeof PhoneSecretsSchema>;

export const PhoneIntentSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('save'), settings: EscalationSettingsSchema, secrets: PhoneSecretsSchema.optional() }),
  /** The app draws a new random topic (the old subscription stops ringing). */
  z.object({ kind: z.literal('new-topic') }),
  /** Sends a test alert and waits for the phone's "I'm on it". */
  z.object({ kind: z.literal('send-test') }),
]);
export type PhoneIntent = z.infer<typeof PhoneIntentSchema>;

/** "Send test": never sent, waiting for the phone, answered at, or why it failed (in words, no secret in them). */
export const PhoneTestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('waiting'), sentAtMs: z.number() }),
  z.object({ kind: z.literal('answered'), atMs: z.number() }),
  z.object({ kind: z.literal('failed'), atMs: z.number(), message: z.string().max(500) }),
]);
export type PhoneTest = z.infer<typeof PhoneTestSchema>;

export const PhoneStatusSchema = z.object({
  settings: EscalationSettingsSchema,
  /** ntfy: the link a phone subscribes with (server and topic); null when there is no topic yet or no ntfy. */
  subscribeUrl: z.string().max(600).nullable(),
  /** Which secrets are in the keychain (never their values). */
  saved: z.object({
    ntfyToken: z.boolean(),
    pushoverApp: z.boolean(),
    pushoverUser: z.boolean(),
    webhookUrl: z.boolean(),
  }),
  lastTest: PhoneTestSchema,
  /** The next phone alarm booked on the server (dead-man's switch), or why not, in words. */
  booking: z.string().max(300).nullable(),
});
export type PhoneStatus = z.infer<typeof PhoneStatusSchema>;

/** What main answers an alarm or phone intent: done, or why not in words (never thrown across IPC). */
export type IntentAnswer = { ok: true } | { ok: false; message: string };
