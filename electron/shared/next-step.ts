// What each kind of ActionError lets the user do next, without zod: the renderer's forms import this (the popover's
// first load does not, which is why it is not in ./failure.ts).
import type { ActionErrorKind } from './action-error';

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
    case 'changed_since_planned':
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
    case 'login_item':
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
