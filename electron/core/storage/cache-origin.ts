// Whose saved schedule data a cache file holds (issue 52, round 4): the service address and the e-mail of the
// account it was written for. A file swapped between accounts, or read after the account's address was changed
// while the app was closed, is otherwise self-consistent and would be believed: another service's shifts shown,
// notified and published as mine, and taken as the "before" of change alerts. So it is stamped on every write and
// checked on load against the account's settings now.
import { z } from 'zod';
import { displayAddress } from '../../shared/accounts';

export const CacheOriginSchema = z.object({ address: z.string(), email: z.string() });
export type CacheOrigin = z.infer<typeof CacheOriginSchema>;

/** The stamp for these settings: the address as shown (no user info, query or fragment: nothing secret lands on
 *  disk), case and trailing slash aside, and the e-mail as compared elsewhere (accounts.ts sameService). */
export function originOf(settings: { baseUrl: string; email: string }): CacheOrigin {
  return {
    address: displayAddress(settings.baseUrl).toLowerCase(),
    email: settings.email.trim().toLowerCase(),
  };
}

export type OriginCheck = 'same' | 'unstamped' | 'other';

/** The file's stamp (its `origin` field as read) against the account now. A file with no stamp at all was written
 *  before stamps existed: it is taken once and stamped (session-snapshot.ts); a stamp that can't be read is
 *  another's. */
export function checkOrigin(fileValue: unknown, expected: CacheOrigin): OriginCheck {
  if (typeof fileValue !== 'object' || fileValue === null || !('origin' in fileValue)) return 'unstamped';
  const read = CacheOriginSchema.safeParse(fileValue.origin);
  if (!read.success) return 'other';
  return read.data.address === expected.address && read.data.email === expected.email ? 'same' : 'other';
}
