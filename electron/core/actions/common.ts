// What every action handler needs, and the one shape of failure they return (never a throw).
import type { OncallClient } from '../../api/client-types';
import type { ApiError, FieldProblem, UnknownCause } from '../../api/errors';
import { withServiceWords } from '../../api/error-mapping';
import type { ActionErrorKind } from '../../shared/action-error';
import type { Failure } from '../../shared/failure';
import type { ServiceSettings } from '../../shared/settings';
import type { Person, ScheduleStatus } from '../../shared/view-state';
import type { Clock } from '../ports';
import type { Snapshot } from '../model/snapshot';
import type { RefreshAnswer, RefreshRequest, SnapshotAccess } from '../sync/loop';
import type { ServiceWait } from '../state/wait-words';

export interface ActionDeps {
  clock: Clock;
  /** undefined while there is no usable base URL or key. */
  client(): OncallClient | undefined;
  /** Effective settings (stored settings with the engine's overrides applied). */
  settings(): ServiceSettings;
  snapshot: SnapshotAccess;
  /** The sync loop's answer ('held': the service asked to wait, nothing was sent); stand-ins may answer nothing. */
  refresh(request: RefreshRequest): Promise<RefreshAnswer | void>;
  /** After a write with no answer, how long to let a slow server finish before looking again. Default 3 s. */
  verifyGraceMs?: number;
  /** The user's zone, for the times a "changed since the preview" names. */
  localZone?: () => string;
  /** Whose key a refusal names ("One’s key") when several accounts are set up; else "this API key". */
  keyName?: () => string | undefined;
  /** The wait the whole service asked of this account (its instants, as the tray says it), while it lasts. */
  serviceWait?: () => ServiceWait | undefined;
  /** The account this acts for: a coverage request's ref names the account whose key listed it. */
  accountId?: string;
  /** The snapshot with the own-write records of every account of its service (state/service-writes.ts). */
  serviceWrites?: (snap: Snapshot) => Snapshot;
  /** Each schedule's basis as the glance says it: a form's statements rest on the same (adv47 r46 F1: saved data
   *  shown since the start, with no read possible, was called fresh by the override form). */
  statusOf?: (scheduleId: string) => ScheduleStatus | undefined;
  /** What setup the status says is missing (a key the keychain refused is not a key never set: adv47 r46 F2). */
  setupMessage?: () => string | undefined;
}

export type { Failure } from '../../shared/failure';

export function failure(kind: ActionErrorKind, message: string, problems?: FieldProblem[]): Failure {
  return { ok: false, error: problems ? { kind, message, problems } : { kind, message } };
}

/** The app's sentence, then the service's own words when it explained a refusal it did not put in the sentence. */
export function toldWithService(error: ApiError): string {
  const said = 'serverMessage' in error ? error.serverMessage : undefined;
  return said !== undefined && error.message.includes(said) ? error.message : withServiceWords(error.message, said);
}

export function fromApiError(error: ApiError): Failure {
  const problems = error.kind === 'validation' || error.kind === 'rejected' ? error.problems : undefined;
  return failure(error.kind, toldWithService(error), problems);
}

/** How the answer was lost, as the opening of a sentence: "The service did not answer", "… answered with an error (HTTP 502)". */
export function whatHappened(cause: UnknownCause, status?: number): string {
  if (cause === 'server') return `The service answered with an error${status ? ` (HTTP ${status})` : ''}`;
  if (cause === 'unreadable') return "The service's answer could not be read";
  return 'The service did not answer';
}

export const NOT_SET_UP = failure('needs_setup', 'Set the service address and your API key first.');

/** No client to write with: said in the status's words when it names what is missing (one truth, one fix). */
export function notSetUp(deps: Pick<ActionDeps, 'setupMessage'>): Failure {
  const said = deps.setupMessage?.();
  return said === undefined ? NOT_SET_UP : failure('needs_setup', said);
}

export function toPersonView(u: { id: string; name: string; email: string }): Person {
  return { id: u.id, name: u.name, email: u.email };
}

const errorName = (cause: unknown): string => (cause instanceof Error ? cause.name : 'error');

/**
 * Runs a handler body and turns an unexpected throw into a result, so nothing ever throws across IPC. Only for
 * bodies that send no write: "try again" is safe only when nothing was sent (writes use guardedWrite).
 */
export async function guarded<T>(body: () => Promise<T | Failure>): Promise<T | Failure> {
  try {
    return await body();
  } catch (cause) {
    return failure('internal', `Something went wrong inside the app (${errorName(cause)}). Please try again.`);
  }
}

/** Opens the answer to a throw after a write left the app: "the override", "the change". */
export function sentThenFailed(cause: unknown, what: string): string {
  return `Something went wrong inside the app (${errorName(cause)}) after ${what} was sent, so it is unknown whether it was saved.`;
}

/**
 * guarded() for a body that writes to the service. The body calls `sending()` just before the write leaves; a
 * throw from then on may follow a saved write, so it is answered by `unknown` (outcome unknown, never "try
 * again", which would be a second write). A throw before that is an ordinary internal failure.
 */
export async function guardedWrite<T>(
  body: (sending: () => void) => Promise<T | Failure>,
  unknown: (cause: unknown) => T | Failure,
): Promise<T | Failure> {
  let sent = false;
  return guarded(async () => {
    try {
      return await body(() => void (sent = true));
    } catch (cause) {
      if (sent) return unknown(cause);
      throw cause;
    }
  });
}
