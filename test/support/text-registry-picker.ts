// The registry's people-picker texts (issue 47): "who could cover" a window, as the quick override's picker shows
// each person (core/state/candidates.ts `rankCandidates`, as core/actions/override.ts asks it: this account's own
// read and every other account's), so the properties over the registry read its words too.
import { rankCandidates } from '../../electron/core/state/candidates';
import type { CandidatesInput } from '../../electron/core/state/candidate-presence';

/** One account's picker for one schedule and window. */
export interface AccountPicker {
  accountId: string;
  input: CandidatesInput;
}

export interface PickerText {
  accountId: string;
  /** "Alice: 13:00–01:00 in Berlin · free per saved data from 10:00 · …": the name and the line under it. */
  text: string;
  /** The person's e-mail (which person of the world it is). */
  email: string;
}

export function pickerLog(pickers: readonly AccountPicker[]): PickerText[] {
  return pickers.flatMap((p) =>
    rankCandidates(p.input).map((c) => ({ accountId: p.accountId, text: `${c.name}: ${c.detail}`, email: c.email })),
  );
}
