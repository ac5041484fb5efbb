// Phone escalation's settings (Settings → Phone), kept with the other app settings. No secret is here: the ntfy
// topic and token, Pushover's keys and a webhook's address live only in the keychain (core/escalation/types.ts,
// SECRET_ACCOUNTS). The one schema the settings file, the engine and the Phone intent read.
import { z } from 'zod';
import { text } from './bounded';
import { DEFAULT_ESCALATE_AFTER_MIN, DEFAULT_NTFY_SERVER, NTFY_SERVER_PATTERN } from './phone-defaults';

export { DEFAULT_ESCALATE_AFTER_MIN, DEFAULT_NTFY_SERVER, MIN_TOPIC_LENGTH } from './phone-defaults';

/** The bounds of `afterMin`: a phone alert's time is its alarm's plus one of these (escalations.json is checked so). */
export const MIN_ESCALATE_AFTER_MIN = 1;
export const MAX_ESCALATE_AFTER_MIN = 30;
const AFTER_MIN_WORDS = 'A whole number of minutes, 1 to 30.';

export const EscalationSettingsSchema = z.object({
  provider: z.enum(['off', 'ntfy', 'pushover', 'webhook']).default('off'),
  /** ntfy's server (self-hosted or the public one), as NTFY_SERVER_PATTERN says. */
  ntfyServer: text('ntfy server', 'ntfyServer')
    .regex(NTFY_SERVER_PATTERN, 'The server’s https address, such as https://ntfy.sh (no path).')
    .default(DEFAULT_NTFY_SERVER),
  /** Minutes after the alarm rings with no acknowledgement before the phone rings. Worded as Settings → Phone shows
   *  it beside the field: main's check is the form's (issue 49). */
  afterMin: z
    .number({ error: AFTER_MIN_WORDS })
    .refine((n) => Number.isInteger(n) && n >= MIN_ESCALATE_AFTER_MIN && n <= MAX_ESCALATE_AFTER_MIN, AFTER_MIN_WORDS)
    .default(DEFAULT_ESCALATE_AFTER_MIN),
});
export type EscalationSettings = z.infer<typeof EscalationSettingsSchema>;
export type PhoneProviderName = EscalationSettings['provider'];
