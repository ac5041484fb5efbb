// Phone escalation's settings (Settings → Phone), kept with the other app settings. No secret is here: the ntfy
// topic and token, Pushover's keys and a webhook's address live only in the keychain (core/escalation/types.ts,
// SECRET_ACCOUNTS). Shared, so the settings file, the engine and the Phone form read one schema.
import { z } from 'zod';

export const DEFAULT_NTFY_SERVER = 'https://ntfy.sh';
export const DEFAULT_ESCALATE_AFTER_MIN = 3;

export const EscalationSettingsSchema = z.object({
  provider: z.enum(['off', 'ntfy', 'pushover', 'webhook']).default('off'),
  /** ntfy's server (self-hosted or the public one): https (plain http only on this computer), no path, no
   *  credentials (the topic, a secret, would travel in the clear). */
  ntfyServer: z
    .string()
    .max(300)
    .regex(
      /^(https:\/\/[A-Za-z0-9.-]+|http:\/\/(127\.0\.0\.1|localhost))(:\d{1,5})?\/?$/,
      'must be an https server address',
    )
    .default(DEFAULT_NTFY_SERVER),
  /** Minutes after the alarm rings with no acknowledgement before the phone rings. */
  afterMin: z.number().int().min(1).max(30).default(DEFAULT_ESCALATE_AFTER_MIN),
});
export type EscalationSettings = z.infer<typeof EscalationSettingsSchema>;
