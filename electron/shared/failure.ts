// Failures as values, without zod (the renderer's first bundle imports this): the Failure shape every handler
// answers instead of throwing. What each kind lets the user do next is ./next-step.ts (only the forms need it).
import type { ActionError } from './action-error';

/** What every handler answers instead of throwing. */
export type Failure = { ok: false; error: ActionError };

export function failureOf(error: ActionError): Failure {
  return { ok: false, error };
}
