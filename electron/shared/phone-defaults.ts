// Phone escalation's defaults as plain values (no zod): the renderer's Settings → Phone bundles these, not the schema.
export const DEFAULT_NTFY_SERVER = 'https://ntfy.sh';
export const DEFAULT_ESCALATE_AFTER_MIN = 3;
/** A topic anyone can guess is anyone's phone: the app's own are longer, and shorter ones are refused. */
export const MIN_TOPIC_LENGTH = 24;
/** ntfy answers 404 for any other topic (its server's topicRegex, `^/[-_A-Za-z0-9]{1,64}$`): refused at save, since
 *  every booking would fail (adv50 r26 #2). */
export const MAX_TOPIC_LENGTH = 64;
/** An ntfy server: https (plain http only on this computer), no path, no credentials (the topic, a secret, would
 *  travel in the clear). The settings' schema and the Phone form check the same. */
export const NTFY_SERVER_PATTERN = /^(https:\/\/[A-Za-z0-9.-]+|http:\/\/(127\.0\.0\.1|localhost))(:\d{1,5})?\/?$/;
