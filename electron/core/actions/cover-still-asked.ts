// Cover… answers a coverage request: the override form carries its id. Withdrawn (or no longer pending) between
// opening the form and Create, the override would land over the requester's shift with no word (adv48 r18 #5). So
// Create re-reads the coverage requests (GET /user/coverage_requests/) just before the write, on the account that
// writes, and sends nothing when the request no longer asks, or asks for other hours (cover-request-moved.ts), saying
// so. After this app's own earlier write for it (outcome unknown), that write is settled and said first, and this
// change after it (cover-after-earlier.ts; adv48 r32 #1).
import type { OverrideRequest } from '../../shared/ipc-contract';
import { failure, type ActionDeps, type Failure } from './common';
import { coverMoved, type CoverChange } from './cover-request-moved';
import { unreadText } from './unread-words';

const UNREAD = {
  sentence:
    'The coverage request could not be read just before sending, so nothing was sent: whether it still asks for cover is not known.',
  what: 'the coverage requests',
  retry: 'Try again in a moment.',
};

/** Said after an own earlier write that landed: the request itself could not be read just now. */
const UNREAD_SINCE =
  'The coverage request could not be read just now, so whether it still asks for this cover is not known.';

/** Not among the requests the service lists to this account's key: read through it, nothing is known of it. */
const unlisted = (deps: ActionDeps): string =>
  `The coverage request is not among those the service lists to ${deps.keyName?.() ?? 'this API key'} (it lists ` +
  'them per user), so whether it still asks for cover could not be read through that key: nothing was sent.';

/** The change (said, nothing sent) when the request this Create answers no longer asks; undefined: it still does. */
export async function coverageGone(deps: ActionDeps, request: OverrideRequest): Promise<CoverChange | undefined> {
  const ref = request.coverageRequestId;
  const client = deps.client();
  if (ref === undefined || !client) return undefined;
  // The renderer names it by its account's ref ("main:cov_1"); the service by its own id.
  const id = ref.slice(ref.lastIndexOf(':') + 1);
  const list = await client.listAllCoverageRequests();
  if (!list.ok) {
    const at = { nowMs: deps.clock.now(), localZone: deps.localZone?.() ?? 'UTC' };
    const gone: Failure = failure('stale_data', unreadText(UNREAD, list.error, at));
    return { failure: gone, since: UNREAD_SINCE };
  }
  const found = list.value.requests.find((r) => r.id === id);
  // Listed but unreadable: it is still there, and the schedule read before the write decides the rest.
  if (found === undefined && list.value.unreadable.some((u) => u.id === id)) return undefined;
  // Listed by another account's key, read here through this one's (that key could not: engine/write-through.ts):
  // the service lists each user's own requests, so this key not listing it says nothing of a withdrawal.
  const listedBy = ref.slice(0, Math.max(ref.lastIndexOf(':'), 0));
  if (found === undefined && listedBy !== '' && deps.accountId !== undefined && listedBy !== deps.accountId)
    return { failure: failure('stale_data', unlisted(deps)), since: UNREAD_SINCE };
  // Still asking, but perhaps for other hours than the form covers: held to what it asks now.
  if (found?.status === 'pending') return coverMoved(deps, request, found);
  // Named as the service named it when last read (a withdrawn one is no longer listed).
  const known = found ?? deps.snapshot.get().coverageRequests.find((r) => r.id === id);
  const who = known?.user.name || known?.user.email;
  const whose = who ? `${who}’s request` : 'This request';
  const theirs = who ? `${who}’s request` : 'the request';
  const status = found?.status.slice(0, 40);
  const why = found
    ? `${whose} no longer asks for cover since you opened it (the service now says it is “${status}”)`
    : `${whose} was withdrawn since you opened it (the service no longer lists it)`;
  const since = found
    ? `Since then ${theirs} no longer asks for cover (the service now says it is “${status}”).`
    : `Since then ${theirs} was withdrawn (the service no longer lists it).`;
  return { failure: failure('validation', `${why}, so nothing was sent.`), since };
}
