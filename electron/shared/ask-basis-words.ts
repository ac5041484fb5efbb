// "Asking you" is said only over time fresh data covers (adv47, fix47ah): a pending request whose asked time lies
// over saved data or a hole (the schedule's shifts not read there) may already be covered, so it is listed with its
// basis ("may have changed — saved data from 07:30", "couldn't check") and never counted as a known ask, on every
// surface: the popover's strip and counts, the badge, the tray's menu and tooltip, `status`, notifications.
// Zod-free (the popover's first load uses it).
import type { DayFormatOptions } from './format';
import { savedDataFrom } from './saved-words';
import type { CoverageView } from './view-state';

/** Requests known to still ask me: their asked time is read fresh and doesn't show me covering it. */
export const knownAsks = <T extends Pick<CoverageView, 'askBasis'>>(list: readonly T[]): T[] =>
  list.filter((c) => c.askBasis === undefined);

/** Requests that may ask me: the time they ask about is saved data or unknown. */
export const unsureAsks = <T extends Pick<CoverageView, 'askBasis'>>(list: readonly T[]): T[] =>
  list.filter((c) => c.askBasis !== undefined);

/** The basis of a request not known to ask me: "may have changed — saved data from 07:30", or "couldn't check";
 *  undefined for a known ask. */
export function askBasisWords(c: Pick<CoverageView, 'askBasis'>, opts: DayFormatOptions): string | undefined {
  const b = c.askBasis;
  if (b === undefined || b.kind === 'fresh') return undefined;
  if (b.kind === 'unknown') return "couldn't check";
  return b.savedAt === null ? 'may have changed — saved data' : `may have changed — ${savedDataFrom(b.savedAt, opts)}`;
}

/** The short form for a count: "may have changed" (saved) or "couldn't check" (unknown). */
export function askBasisShort(c: Pick<CoverageView, 'askBasis'>): string {
  return c.askBasis?.kind === 'unknown' ? "couldn't check" : 'may have changed';
}

/** The unsure requests grouped by their basis words, in first-seen order. */
export function unsureGroups<T extends Pick<CoverageView, 'askBasis'>>(
  list: readonly T[],
  opts: DayFormatOptions,
): { words: string; items: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const c of unsureAsks(list)) {
    const words = askBasisWords(c, opts) ?? '';
    groups.set(words, [...(groups.get(words) ?? []), c]);
  }
  return [...groups].map(([words, items]) => ({ words, items }));
}

/** The parts of a request that only may ask me, after the part that asks me: "+1 more that may ask you — couldn't
 *  check: Thu 09:00 – Fri 09:00" (each with its window as its surface words it; adv47 r23 #1). */
export function maybePartsWords<T extends Pick<CoverageView, 'askBasis'>>(
  parts: readonly T[],
  windowOf: (part: T) => string,
  opts: DayFormatOptions,
): string {
  if (parts.length === 0) return '';
  const words = [...new Set(parts.map((p) => askBasisWords(p, opts) ?? ''))].join('; ');
  return `+${parts.length} more that may ask you — ${words}: ${parts.map(windowOf).join(', ')}`;
}
