// Who the app may hand a block to: one rule for Create, a live Retry and a resume after a restart (adv48 round 9
// #2), so the same world gives the same outcome with or without a restart. A person on any schedule watched at the
// block's service (every account with its address and e-mail, so the accounts' order in Settings can't change the
// answer: adv48 r30 #1), as last read: the form offers the plan's schedules' people, and a teammate from another schedule
// of the account is a person the app knows there (the row says "not one of this schedule's people"). Anyone else
// (an address typed that no watched schedule lists, a stranger in a saved file) is refused on every path, in the
// same words, before anything is sent.
import type { OncallClient } from '../../api/client-types';
import { refParts, sameService, type AccountId } from '../../shared/accounts';
import type { AppState } from '../../shared/view-state';
import { unreadOf, unreadText, type Unread, type UnreadAt } from '../actions/unread-words';

/** Why a cover is refused, as every path says it. */
export const NOT_ON_WATCHED = 'is not on any schedule watched at this service';
/** The clause a saved file's dropped entry is listed with (store.ts). */
export const COVER_NOT_KNOWN = `a cover who ${NOT_ON_WATCHED}`;

/** The accounts of this ref's service: its own and every other with the same address and e-mail, in Settings' order. */
function serviceAccounts(state: AppState, ref: string): { id: AccountId; label: string }[] {
  const id = refParts(ref).accountId;
  const self = state.settings.accounts.find((a) => a.id === id);
  return self ? state.settings.accounts.filter((a) => a.id === id || sameService(a, self)) : [{ id, label: '' }];
}

/** The schedules (as last read) watched at this ref's service, through whichever of its accounts. */
export function serviceSchedules(state: AppState, ref: string): AppState['schedules'] {
  const ids = new Set(serviceAccounts(state, ref).map((a) => a.id));
  return state.schedules.filter((s) => ids.has(s.accountId));
}

/** The people (lower-cased) the app may hand a block of this schedule (by ref) to: everyone on a schedule watched
 *  at its service, as last read. */
export function coverPeople(state: AppState, ref: string): ReadonlySet<string> {
  return new Set(serviceSchedules(state, ref).flatMap((s) => s.users.map((u) => u.email.toLowerCase())));
}

/** The service named as the user named it: its accounts' names (one service may be watched by several). */
export function serviceNames(state: AppState, ref: string): string {
  const labels = serviceAccounts(state, ref)
    .map((a) => a.label.trim())
    .filter((l) => l !== '');
  return labels.length < 2 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

/** Is this a person the app may hand this block to? */
export const mayCover = (people: ReadonlySet<string>, cover: string): boolean => people.has(cover.trim().toLowerCase());

/** Create's and Retry's words for a cover it may not hand the block to. */
export const coverRefusedText = (cover: string, service: string): string =>
  `Nothing was sent: ${cover} ${NOT_ON_WATCHED}${service === '' ? '' : ` (${service})`}, so your shift can’t be handed to them. Pick a teammate from its schedules.`;

/** Is the cover on a schedule watched at the block's service, as the service lists its people now (each such
 *  schedule read again, once however many of its accounts watch it)? true as soon as one lists them; false when every one was read and none does;
 *  Unread (the service's refusal of that read, when it gave one) when one couldn't be read and none read lists them. Read just before a write (run-work.ts), so a cover
 *  a manager took off every watched schedule since the plan is refused by Create, a live Retry and a resume alike. */
export async function coverOnService(
  state: AppState,
  client: (accountId: AccountId) => OncallClient | undefined,
  ref: string,
  cover: string,
  via: (ref: string) => string = (r) => r,
): Promise<boolean | Unread> {
  const who = cover.trim().toLowerCase();
  let unread: Unread | undefined;
  const seen = new Set<string>();
  for (const s of serviceSchedules(state, ref)) {
    const { accountId, scheduleId } = refParts(via(s.id));
    // One service: a schedule two of its accounts watch is the same schedule, read once.
    if (seen.has(scheduleId)) continue;
    seen.add(scheduleId);
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
