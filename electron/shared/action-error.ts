// The one closed set of failures that cross IPC: every kind main may answer and the renderer may branch on, the
// shape that carries it, and what each kind lets the user do next. A new kind is added here or nowhere: the
// contract's schema rejects any other, and `nextStep`'s switch makes the compiler ask what the UI offers for it.
import { z } from 'zod';
import { TakeOverRefusalSchema } from './take-over';

export const ActionErrorKindSchema = z.enum([
  // The service's answers (the API client's error kinds, electron/api/errors.ts).
  'validation',
  'network',
  'timeout',
  'unauthorized',
  'forbidden',
  'not_found',
  'rejected',
  'rate_limited',
  'server',
  'bad_response',
  'outcome_unknown',
  // Refused before anything was sent.
  ...TakeOverRefusalSchema.options,
  'no_current_shift',
  'key_rejected',
  /** "Refresh now" during a wait the service asked for (Retry-After): nothing was sent. */
  'service_wait',
  /** A write whose answer was lost, read back unchanged: most likely not saved, and saving again is safe. */
  'not_saved',
  // The machine's own services.
  'keychain',
  'storage',
  'notification',
  'external_refused',
  'external_failed',
  // The app itself: a handler that failed unexpectedly, a window not connected to main.
  'internal',
  'bridge',
]);
export type ActionErrorKind = z.infer<typeof ActionErrorKindSchema>;

/** A failure: a kind to branch on, a user-facing message, and per-field problems for forms. */
export const ActionErrorSchema = z.object({
  kind: ActionErrorKindSchema,
  message: z.string(),
  problems: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ActionError = z.infer<typeof ActionErrorSchema>;

/** What every handler answers instead of throwing. */
export type Failure = { ok: false; error: ActionError };

export function failureOf(error: ActionError): Failure {
  return { ok: false, error };
}

/**
 * What the user can do after a failure of this kind: `verify` (a write may have landed: check before sending it
 * again, never "try again"), `fix` (the input or the request was refused: change it), `settings` (key, address or
 * e-mail), `wait` (the service asked to wait), `retry` (nothing was sent or nothing changed: trying again is safe).
 */
export type NextStep = 'verify' | 'fix' | 'settings' | 'wait' | 'retry';

export function nextStep(kind: ActionErrorKind): NextStep {
  switch (kind) {
    case 'outcome_unknown':
      return 'verify';
    case 'validation':
    case 'rejected':
    case 'not_watched':
    case 'already_on_call':
    case 'nobody_on_call':
    case 'choose_person':
    case 'not_on_call_now':
    case 'nothing_to_hand_back':
    case 'no_current_shift':
    case 'forbidden':
    case 'not_found':
    case 'external_refused':
      return 'fix';
    case 'needs_setup':
    case 'no_email':
    case 'unauthorized':
    case 'key_rejected':
    case 'keychain':
      return 'settings';
    case 'rate_limited':
    case 'service_wait':
      return 'wait';
    case 'not_saved':
    case 'network':
    case 'timeout':
    case 'server':
    case 'bad_response':
    case 'stale_data':
    case 'storage':
    case 'notification':
    case 'external_failed':
    case 'internal':
    case 'bridge':
      return 'retry';
  }
}
