// Who the app may hand a block to: one rule for Create, a live Retry and a resume after a restart (adv48 round 9
// #2), so the same world gives the same outcome with or without a restart. A person on any schedule the block's
// account watches, as last read: the form offers the plan's schedules' people, and a teammate from another schedule
// of the account is a person the app knows there (the row says "not one of this schedule's people"). Anyone else
// (an address typed that no watched schedule lists, a stranger in a saved file) is refused on every path, in the
// same words, before anything is sent.
import type { OncallClient } from '../../api/client-types';
import { refParts, type AccountId } from '../../shared/accounts';
import type { AppState } from '../../shared/view-state';
import { unreadOf, unreadText, type Unread, type UnreadAt } from '../actions/unread-words';

/** Why a cover is refused, as every path says it. */
export const NOT_ON_WATCHED = 'is not on any schedule this account watches';
/** The clause a saved file's dropped entry is listed with (store.ts). */
export const COVER_NOT_KNOWN = `a cover who ${NOT_ON_WATCHED}`;

/** The people (lower-cased) the app may hand a block of this schedule (by ref) to: everyone on a schedule its
 *  account watches, as last read. */
export function coverPeople(state: AppState, ref: string): ReadonlySet<string> {
  const account = refParts(ref).accountId;
  return new Set(
    state.schedules.filter((s) => s.accountId === account).flatMap((s) => s.users.map((u) => u.email.toLowerCase())),
  );
}

/** Is this a person the app may hand this block to? */
export const mayCover = (people: ReadonlySet<string>, cover: string): boolean => people.has(cover.trim().toLowerCase());

/** Create's and Retry's words for a cover it may not hand the block to. */
export const coverRefusedText = (cover: string): string =>
  `Nothing was sent: ${cover} ${NOT_ON_WATCHED}, so your shift can’t be handed to them. Pick a teammate from its schedules.`;

/** Is the cover on a schedule the block's account watches, as the service lists its people now (each watched
 *  schedule of the account read again)? true as soon as one lists them; false when every one was read and none does;
 *  Unread (the service's refusal of that read, when it gave one) when one couldn't be read and none read lists them. Read just before a write (run-work.ts), so a cover
 *  a manager took off every watched schedule since the plan is refused by Create, a live Retry and a resume alike. */
export async function coverOnService(
  state: AppState,
  client: (accountId: AccountId) => OncallClient | undefined,
  ref: string,
  cover: string,
  via: (ref: string) => string = (r) => r,
): Promise<boolean | Unread> {
  const account = refParts(ref).accountId;
  const who = cover.trim().toLowerCase();
  let unread: Unread | undefined;
  for (const s of state.schedules.filter((x) => x.accountId === account)) {
    const { accountId, scheduleId } = refParts(via(s.id));
    const read = await client(accountId)?.getSchedule(scheduleId);
    // A schedule read without its people (users null) tells nothing about who is on it: unread.
    const users = read?.ok ? read.value.users : null;
    if (users === null) unread ??= unreadOf(read && !read.ok ? read.error : undefined);
    else if (users.some((u) => u.email.trim().toLowerCase() === who)) return true;
  }
  return unread ?? false;
}

const PEOPLE = {
  sentence:
    'The schedules’ people could not be read just before sending, so nothing was sent (a write goes only on what the service holds now).',
  what: 'the schedules’ people',
  retry: 'Retry when they can be read.',
};
/** Said when the schedules' people couldn't be read just before a write: nothing is sent on the saved list alone;
 *  a refusal is worded by the one rule every flow's re-read uses (actions/unread-words.ts). */
export const coverUnreadText = (why: Unread, at?: UnreadAt): string => unreadText(PEOPLE, why.unread, at);
