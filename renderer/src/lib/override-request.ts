// What the quick override form sends besides its values, as plain functions over the snapshot and the route: the
// coverage request it answers (Cover… on a request asking me) and the button's words for a create sent again.
import type { OverrideRequest } from '../../../electron/shared/ipc-contract';
import type { AppState } from '../../../electron/shared/view-state';

/** The coverage request the form answers (the route's requestId), shown above it; undefined once withdrawn. */
export function answeredRequest(model: AppState, params: Record<string, string>) {
  const id = params.requestId;
  return id ? model.coverage.askingMe.find((r) => r.id === id) : undefined;
}

/** The request sent: with the coverage request it answers and the shift of it the form opened on (the route's
 *  start and end), re-read just before the write (withdrawn, or asking other hours since: nothing is sent). */
export function withAnswered(
  request: OverrideRequest,
  answering: string | undefined,
  params: Record<string, string> = {},
): OverrideRequest {
  if (!answering) return request;
  const { start, end } = params;
  const coveredShift = start && end ? { start, end } : undefined;
  return coveredShift
    ? { ...request, coverageRequestId: answering, coveredShift }
    : { ...request, coverageRequestId: answering };
}

/** The button's words; `again`: the same override after "most likely not saved" (the core reads the schedule first). */
export function submitLabelOf(sending: boolean, again: boolean): string {
  if (sending) return again ? 'Checking the schedule…' : 'Creating…';
  return again ? 'Create again' : 'Create override';
}
