// Whether a hand-off item may still be sent or looked for where it was planned: one rule for Create, the live Retry
// and the resume after a restart (store-claims.ts drops such an entry on load with the same reason). A schedule no
// longer watched gets nothing written by either path; an account whose service address or user changed since the
// plan is told so at once, never "could not be read … checking again soon" (its schedule reads fine, on another
// service); a cover must be someone the away form could offer: a person one of the hand-off's schedules on that
// account lists (store-claims.ts withPlanPeople), at Create as on resume, so a plan Create accepts is never one the
// restart throws away.
import { refParts } from '../../shared/accounts';
import type { HandoffItem, HandoffItemInput, HandoffRun } from '../../shared/handoff';
import type { AppState } from '../../shared/view-state';
import type { CacheOrigin } from '../storage/cache-origin';

type Said = Pick<HandoffItem, 'state' | 'message' | 'outcome'>;

/** Its send may have left already: said as "may have landed", never "not sent". */
const mayHaveLeft = (i: HandoffItem): boolean => i.state === 'sending' || i.state === 'unknown';

function said(item: HandoffItem, why: string): Said {
  if (mayHaveLeft(item))
    return {
      state: 'changed',
      outcome: 'unconfirmed',
      message: `${why}, so it was not looked for or sent again: its earlier send may have landed. Check this shift on the service.`,
    };
  return { state: 'not_sent', message: `${why}: not sent.` };
}

/** Is `email` someone the away form could offer as cover for `item`: listed by one of the hand-off's watched
 *  schedules (`refs`) on the item's account, as the app last read them (resume-context.ts reads the same lists). */
export function coverOffered(state: AppState, refs: readonly string[], item: HandoffItemInput): boolean {
  const account = refParts(item.scheduleId).accountId;
  const cover = item.email.trim().toLowerCase();
  return state.schedules
    .filter((s) => (s.id === item.scheduleId || refs.includes(s.id)) && refParts(s.id).accountId === account)
    .some((s) => s.users.some((u) => u.email.toLowerCase() === cover));
}

/** Create's check of the same rule: the first cover the form could not have offered, said; nothing is sent. */
export function coverProblem(state: AppState, items: readonly HandoffItemInput[]): string | undefined {
  const refs = items.map((i) => i.scheduleId);
  const odd = items.find((i) => !coverOffered(state, refs, i));
  if (!odd) return undefined;
  return `Nothing was sent: ${odd.email} is not one of the people of this hand-off's schedules, so the app can't offer them as cover (nor resume such a hand-off after a restart). Pick someone a schedule of the hand-off lists.`;
}

/** undefined while the item may be sent (or looked for) where it was planned; else what it says instead. */
export function standsNow(
  item: HandoffItem,
  run: Partial<Pick<HandoffRun, 'origins' | 'items'>>,
  state: AppState,
  origins: Record<string, CacheOrigin> | undefined,
): Said | undefined {
  if (item.state === 'handed_off' || item.state === 'refused') return undefined;
  if (!state.schedules.some((s) => s.id === item.scheduleId))
    return said(item, `${item.scheduleName || 'This schedule'} is no longer watched`);
  const [was, now] = [run.origins?.[item.accountId], origins?.[item.accountId]];
  if (was !== undefined && now !== undefined && (was.address !== now.address || was.email !== now.email))
    return said(item, "It was planned for another service address or user than its account's now");
  const refs = (run.items ?? []).map((i) => i.scheduleId);
  if (!coverOffered(state, refs, item))
    return said(item, `${item.name || item.email} is no longer one of the people of this hand-off's schedules`);
  return undefined;
}
