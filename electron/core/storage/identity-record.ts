// The remembered identity's file (engine/session-identity.ts) read back as a claim (issue 52, adv52 r27 #1). Its id
// decides which blocks are mine when the service moves my e-mail, so a false one (hand-edited, or copied from a
// colleague's data folder on the same service) would notify, alarm and publish their shifts as mine. Shape and
// address can't tell it from the app's: the record is signed with the install's record key (record-key.ts) and
// names the e-mail it was resolved from and when; only the app's own record made for the e-mail in Settings now is
// used. Anything else is set aside, said once naming the file, and the app acts as if no id was remembered.
import { z } from 'zod';
import { unsignedAs, vouches, type RecordSigner } from './record-key';

export const IdentityRecordSchema = z.object({
  version: z.literal(1),
  address: z.string().max(2048),
  userId: z.string().regex(/^usr_[A-Za-z0-9_-]{1,120}$/),
  /** The Settings e-mail the id was resolved from (absent in the first version's files: then it is not used). */
  email: z.string().max(320).optional(),
  /** When it was resolved (the app's clock). */
  resolvedAtMs: z.number().int().nonnegative().optional(),
  /** The service's address for me last told ("Acme lists you as …"): told once until my e-mail matches again. */
  told: z.string().max(320).optional(),
  /** The app's MAC over everything above (none without a keychain). */
  mac: z.string().max(64).optional(),
});
export type IdentityRecord = Omit<z.infer<typeof IdentityRecordSchema>, 'mac'>;

/** A clock a day ahead of the one the record was made with is not the app's own (the same slack as the cache). */
const AHEAD_SLACK_MS = 24 * 60 * 60_000;

const sameEmail = (a: string | undefined, b: string): boolean =>
  a !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The text written: signed when there is a key. */
export function identityText(file: string, record: IdentityRecord, signer: RecordSigner | undefined): string {
  return JSON.stringify(signer === undefined ? record : { ...record, mac: signer.sign(file, '', record) });
}

export type IdentityCheck =
  | { kind: 'used'; record: IdentityRecord }
  | { kind: 'damaged' }
  /** Parsed but not to be used: why, in words that quote nothing from the file. */
  | { kind: 'refused'; reason: string };

/** The file's text checked against what the app knows now: its key, the e-mail in Settings, the clock. */
export function checkIdentity(
  file: string,
  text: string,
  now: { email: string; nowMs: number; signer: RecordSigner | undefined },
): IdentityCheck {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { kind: 'damaged' };
  }
  const read = IdentityRecordSchema.safeParse(raw);
  if (!read.success) return { kind: 'damaged' };
  const { mac, ...record } = read.data;
  if (now.signer !== undefined && !vouches(now.signer, file, '', record, mac))
    return { kind: 'refused', reason: unsignedAs(now.signer, file) };
  if (record.email === undefined) return { kind: 'refused', reason: "it doesn't say which e-mail it was made for" };
  if (!sameEmail(record.email, now.email))
    return { kind: 'refused', reason: 'it was made for another e-mail than the one in Settings' };
  if (record.resolvedAtMs === undefined || record.resolvedAtMs > now.nowMs + AHEAD_SLACK_MS)
    return { kind: 'refused', reason: "its date is not one this app's clock has reached" };
  return { kind: 'used', record };
}

/** The id a record names for `email` at `address`; null when it was made for another. */
export const idOf = (record: IdentityRecord | undefined, address: string, email: string): string | null =>
  record !== undefined && record.address === address && sameEmail(record.email, email) ? record.userId : null;
