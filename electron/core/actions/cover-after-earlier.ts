// Cover… pressed again after its first Create's outcome was unknown (a 5xx, no answer): the service may have applied
// that write late, and the request may have moved or been withdrawn since. Said the other way round ("Changed since
// you planned it … Nothing was sent"), the user reads that Tuesday was never taken while they are on call all of it
// (adv48 r32 #1). So the app's own earlier write is said first (landed, not landed, still unknown), then the
// request's change after it, with the way out: this app cannot remove an override, so it says where.
import type { ResponseOf } from '../../shared/ipc-contract';
import { failure, type Failure } from './common';
import type { CoverChange } from './cover-request-moved';

type CreateAnswer = ResponseOf<'override:create'>;

/** After a cover that landed: it is on the schedule now, whatever the request asks. */
const HOLD_WAY_OUT =
  "The cover you now hold may no longer be needed: this app can't remove an override, so remove it in the service's web UI to give the time back, or keep it.";

/** While the first attempt is still unknown: the settle's "sent then" no longer holds once the request changed. */
const NOT_FOR_OLD_HOURS = 'Nothing more is sent for hours the request does not ask for now.';

/** The first attempt, looked at after the service's 2 minutes, is not on the schedule. */
const FIRST_NOT_LANDED =
  'Your first attempt did not land: the schedule does not show it, after the service had 2 minutes to apply it.';

/** The earlier attempt's answer (read first), with the request's change said after it; nothing is sent. */
export function earlierThenChange(answer: CreateAnswer, change: CoverChange | undefined): CreateAnswer {
  if (change === undefined || !answer.ok || answer.value.status === 'created') return answer;
  const landed = answer.value.status === 'created_unconfirmed';
  const message = [answer.value.message, change.since, landed ? HOLD_WAY_OUT : NOT_FOR_OLD_HOURS].join(' ');
  return { ok: true as const, value: { ...answer.value, message } };
}

/** The request's change when the earlier attempt proved not to have landed (its doubt settled): both are said. */
export function notLandedThenChange(change: CoverChange): Failure {
  const { kind, message } = change.failure.error;
  return failure(kind, `${FIRST_NOT_LANDED} ${message}`);
}
