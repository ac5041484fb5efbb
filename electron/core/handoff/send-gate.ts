// What a live Retry (or a recheck) checks before it reads or sends an item, as a restart checks the saved file
// (store.ts, store-claims.ts): the schedule is still watched, the account still points at the service address and
// user the hand-off was planned on, and the cover is still someone the app may hand the block to (cover-rule.ts).
// Otherwise nothing is sent and the item says why at once (adv48 round 9 #3): the same world gives the same outcome
// with or without a restart, and a Retry never writes to a schedule the app no longer shows.
import type { HandoffItem, HandoffRun } from '../../shared/handoff';
import { UNCONFIRMED_PREFIX } from '../../shared/handoff-text';
import type { AppState } from '../../shared/view-state';
import type { CacheOrigin } from '../storage/cache-origin';
import { coverPeople, coverRefusedText, mayCover, serviceNames } from './cover-rule';

type Gate = Pick<HandoffItem, 'state' | 'message' | 'outcome'>;

const OTHER_SERVICE = 'it was planned for another service address or user than this account’s now';

/** States whose write may have left and landed: never told "not sent", only that it can't be checked here now. */
const MAY_HAVE_LANDED = new Set<HandoffItem['state']>(['sending', 'unknown']);

function stopped(item: HandoffItem, why: string, notSent: string): Gate {
  return MAY_HAVE_LANDED.has(item.state)
    ? {
        state: 'changed',
        outcome: 'unconfirmed',
        message: `${UNCONFIRMED_PREFIX} ${why}, so its outcome can’t be checked and nothing more was sent.`,
      }
    : { state: 'not_sent', message: notSent };
}

/** Why this item may not be read or sent now, as the change to make to it; undefined when it may go on. */
export function sendGate(
  state: AppState,
  origins: Record<string, CacheOrigin> | undefined,
  run: HandoffRun,
  item: HandoffItem,
): Gate | undefined {
  if (item.state === 'handed_off' || item.state === 'refused') return undefined;
  const schedule = state.schedules.find((s) => s.id === item.scheduleId);
  if (!schedule) {
    const name = item.scheduleName || 'This schedule';
    return stopped(item, `${name} is no longer watched`, `${name} is no longer watched: not sent.`);
  }
  const was = run.origins?.[item.accountId];
  const now = origins?.[item.accountId];
  if (was && now && (was.address !== now.address || was.email !== now.email)) {
    const said = `Not sent: ${OTHER_SERVICE}.`;
    return stopped(item, OTHER_SERVICE, said);
  }
  if (!mayCover(coverPeople(state, item.scheduleId), item.email) && !MAY_HAVE_LANDED.has(item.state))
    return { state: 'not_sent', message: coverRefusedText(item.email, serviceNames(state, item.scheduleId)) };
  return undefined;
}
