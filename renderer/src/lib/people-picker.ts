// The people picker's logic (PeoplePicker.svelte): who is offered in which order, the why shown under each, and
// what each key does in the field. The component holds the state and applies the answer.
import type { Candidate } from '../../../electron/shared/ipc-contract';
import type { Person } from '../../../electron/shared/view-state';
import { isEmail, sameEmail } from './people';

/**
 * The ranked candidates, then the schedule's other people in the engine's order (typing keeps it among equal
 * matches); never me: with my e-mail given, the picker asks for someone else (onboarding, asking who I am, gives none).
 */
export function offeredPeople(candidates: readonly Candidate[], known: readonly Person[], myEmail: string): Person[] {
  const lower = (email: string): string => email.toLowerCase();
  return [...candidates, ...known.filter((p) => !candidates.some((c) => lower(c.email) === lower(p.email)))].filter(
    (p) => myEmail === '' || !sameEmail(p.email, myEmail),
  );
}

/** Why a person could cover (the candidate's detail), else their e-mail. */
export const detailOf = (candidates: readonly Candidate[], email: string): string =>
  candidates.find((c) => c.email.toLowerCase() === email.toLowerCase())?.detail ?? email;

/** What the field shows and holds when a key is pressed. */
export interface PickerKeyState {
  query: string;
  /** The matching people listed (or that arrows would list). */
  matches: readonly Person[];
  /** The list is open. */
  showList: boolean;
  active: number;
  people: readonly string[];
}

/**
 * What a key does in the field; undefined leaves it to the browser (Enter on an empty field submits the form).
 * Every answer but remove-last takes the key from the browser.
 */
export type PickerKey =
  | { do: 'open'; browsing: boolean }
  | { do: 'move'; active: number }
  | { do: 'pick'; email: string }
  | { do: 'nothing' }
  | { do: 'close' }
  | { do: 'remove-last'; email: string };

export function pickerKey(key: string, s: PickerKeyState): PickerKey | undefined {
  if (key === 'ArrowDown' || key === 'ArrowUp') {
    if (s.matches.length === 0) return undefined;
    // First press: open the list (ranked, on an empty field) at its first entry.
    if (!s.showList) return { do: 'open', browsing: s.query.trim() === '' };
    const step = key === 'ArrowDown' ? 1 : -1;
    return { do: 'move', active: (s.active + step + s.matches.length) % s.matches.length };
  }
  if (key === 'Enter') {
    const typed = s.query.trim();
    if (typed === '' && !s.showList) return undefined;
    const chosen = s.showList ? s.matches[s.active] : undefined;
    if (chosen) return { do: 'pick', email: chosen.email };
    return isEmail(typed) ? { do: 'pick', email: typed } : { do: 'nothing' };
  }
  // Escape closes the list, not the window.
  if (key === 'Escape' && s.showList) return { do: 'close' };
  if (key === 'Backspace' && s.query === '' && s.people.length > 0)
    return { do: 'remove-last', email: s.people[s.people.length - 1] ?? '' };
  return undefined;
}
