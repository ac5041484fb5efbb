// What every action handler needs, and the one shape of failure they return (never a throw).
import type { OncallClient } from '../../api/client-types';
import type { ApiError, FieldProblem, UnknownCause } from '../../api/errors';
import type { ActionError } from '../../shared/ipc-contract';
import type { Settings } from '../../shared/settings';
import type { Person } from '../../shared/view-state';
import type { Clock } from '../ports';
import type { SnapshotAccess, RefreshRequest } from '../sync/loop';

export interface ActionDeps {
  clock: Clock;
  /** undefined while there is no usable base URL or key. */
  client(): OncallClient | undefined;
  /** Effective settings (stored settings with the engine's overrides applied). */
  settings(): Settings;
  snapshot: SnapshotAccess;
  refresh(request: RefreshRequest): Promise<void>;
  /** After a write with no answer, how long to let a slow server finish before looking again. Default 3 s. */
  verifyGraceMs?: number;
}

export type Failure = { ok: false; error: ActionError };

export function failure(kind: string, message: string, problems?: FieldProblem[]): Failure {
  return { ok: false, error: problems ? { kind, message, problems } : { kind, message } };
}

export function fromApiError(error: ApiError): Failure {
  const problems = error.kind === 'validation' || error.kind === 'rejected' ? error.problems : undefined;
  return failure(error.kind, error.message, problems);
}

/** How the answer was lost, as the opening of a sentence: "The service did not answer", "… answered with an error (HTTP 502)". */
export function whatHappened(cause: UnknownCause, status?: number): string {
  if (cause === 'server') return `The service answered with an error${status ? ` (HTTP ${status})` : ''}`;
  if (cause === 'unreadable') return "The service's answer could not be read";
  return 'The service did not answer';
}

export const NOT_SET_UP = failure('needs_setup', 'Set the service address and your API key first.');

export function toPersonView(u: { id: string; name: string; email: string }): Person {
  return { id: u.id, name: u.name, email: u.email };
}

/** Runs a handler body and turns an unexpected throw into a result, so nothing ever throws across IPC. */
export async function guarded<T>(body: () => Promise<T | Failure>): Promise<T | Failure> {
  try {
    return await body();
  } catch (cause) {
    const name = cause instanceof Error ? cause.name : 'error';
    return failure('internal', `Something went wrong inside the app (${name}). Please try again.`);
  }
}
