// The override preview's "nothing to change", worded from what the window rests on (shared/basis.ts): said, and
// Create held back, only on fresh data; from saved data it says so, with when it was read ("According to saved data
// from 09:00", as the reminders word it), and leaves Create on; over unknown time it is never said. "You are", never
// "You is".
import { assertNever, basisNote } from './basis';
import { joinNames as list } from './format';
import type { OverridePreview } from './ipc-contract';

/** "is" for one person named in the third person; "are" for several, and for "You". */
export function beVerb(names: readonly string[]): 'is' | 'are' {
  return names.length === 1 && names[0] !== 'You' ? 'is' : 'are';
}

/** Whether the form has nothing to do: the covering people are on call for all of the window, by fresh data. */
export function nothingToDo(p: OverridePreview): boolean {
  if (p.alreadyOnCall !== true) return false;
  switch (p.basis.kind) {
    case 'fresh':
      return true;
    case 'saved':
    case 'unknown':
      return false;
    default:
      return assertNever(p.basis);
  }
}

/** The warning, or undefined when the covering people are not (known to be) on call for all of the window. */
export function alreadyOnCallText(
  p: OverridePreview,
  covering: readonly string[],
  time: (iso: string) => string,
): string | undefined {
  if (p.alreadyOnCall !== true) return undefined;
  const who = `${list(covering)} ${beVerb(covering)}`;
  switch (p.basis.kind) {
    case 'fresh':
      return `${who} already on call for all of this window: there is nothing to change.`;
    case 'saved': {
      const lead = who.startsWith('You ') ? `you${who.slice(3)}` : who;
      const from = basisNote(p.basis, time);
      return `According to ${from}, ${lead} already on call for all of this window, but that may have changed since.`;
    }
    case 'unknown':
      return undefined;
    default:
      return assertNever(p.basis);
  }
}
