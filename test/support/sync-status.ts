// Failing sync statuses for fixtures, as their maker (core/state/status.ts) makes them: a clause for the line that
// goes on, and the sentence, which is the clause with its full stop (issue 47: no text is patched after it is made).
import type { SyncStatus } from '../../electron/shared/view-state';

type Saved = string | null | undefined;
const savedPart = (saved: Saved): { saved?: string | null } => (saved === undefined ? {} : { saved });

export const needsSetup = (clause: string): Extract<SyncStatus, { kind: 'needs_setup' }> => ({
  kind: 'needs_setup',
  message: `${clause}.`,
  clause,
});

export const partialSync = (clause: string, saved?: Saved): Extract<SyncStatus, { kind: 'partial' }> => ({
  kind: 'partial',
  message: `${clause}.`,
  clause,
  ...savedPart(saved),
});

export const errorSync = (clause: string, saved?: Saved): Extract<SyncStatus, { kind: 'error' }> => ({
  kind: 'error',
  message: `${clause}.`,
  clause,
  ...savedPart(saved),
});
