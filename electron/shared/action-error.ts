// The one closed set of failures that cross IPC: every kind main may answer and the renderer may branch on, and
// the shape that carries it. A new kind is added here or nowhere: the contract's schema rejects any other, and
// `nextStep`'s switch (./next-step.ts) makes the compiler ask what the UI offers for it.
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
  /** Start at login: the OS did not take it (waiting for approval, not registered, its entry not written). */
  'login_item',
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
  /** What was refused, without the message's lead-in ("Person 2 (bob@…): must be a known user."): for texts that
   *  put it into their own sentence (the hand-off's "1 refused: …"), so none cuts it from `message`. */
  told: z.string().optional(),
});
export type ActionError = z.infer<typeof ActionErrorSchema>;
