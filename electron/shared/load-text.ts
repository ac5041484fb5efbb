// My on-call load in words, as the popover's My shifts header and `status` say it: "This month: 62 h · 3 nights ·
// 14 h at weekends", scoped to what was read ("since Mon 16 Nov, 10:00", "Payments not counted"). Zod-free.
import { basisNote } from './basis';
import type { AccountLoad, LoadPeriod, MyLoad } from './view-state';

/** How a surface words the instant a count starts ("Mon 16 Nov, 10:00": never a bare day, which reads as all of it)
 *  and a read's time ("Tue 19:00"), each with the one formatter. */
export interface LoadWords {
  dateTime: (iso: string) => string;
  time: (iso: string) => string;
}

/** A figure over known time and what unreadable time it leaves out: "1 night + 1 not readable"; '' when both are 0. */
function withUnreadable(known: number, unreadable: number, say: (n: number) => string, more: string): string {
  if (known === 0 && unreadable === 0) return '';
  return unreadable > 0 ? `${say(known)} + ${unreadable}${more} not readable` : say(known);
}

/** One schedule's hours and the unreadable hours they leave out: "2 h + 144 h not readable", "24 h". */
export const loadFigure = (hours: number, unreadableHours: number): string =>
  unreadableHours > 0 ? `${hours} h + ${unreadableHours} h not readable` : `${hours} h`;

/** "62 h · 3 nights · 14 h at weekends" (the parts that are not zero after the hours). Unreadable time is not
 *  counted as 0 h, nor as no night or weekend: each figure says what it leaves out ("49 h + 24 h not readable",
 *  "2 nights + 1 not readable", "14 h at weekends + 10 h not readable"). */
export function loadFigures(p: LoadPeriod): string {
  const nights = withUnreadable(p.nights, p.unreadableNights, (n) => (n === 1 ? '1 night' : `${n} nights`), '');
  const weekend = withUnreadable(p.weekendHours, p.unreadableWeekendHours, (n) => `${n} h at weekends`, ' h');
  return [loadFigure(p.hours, p.unreadableHours), nights, weekend].filter((x) => x !== '').join(' · ');
}

/** What the figures leave out and rest on: "since Mon 16 Nov, 10:00" when the month is read only in part, schedules not
 *  counted, and "saved data from Tue 19:00" where a counted schedule's latest read failed. */
export function loadScope(p: LoadPeriod, load: AccountLoad, words: LoadWords): string {
  const basis = basisNote(p.basis, words.time);
  const parts = [
    ...(p.whole ? [] : [`since ${words.dateTime(p.from)}`]),
    ...(load.missing.length > 0 ? [`${load.missing.join(', ')} not counted`] : []),
    ...(basis === '' ? [] : [basis]),
  ];
  return parts.join(', ');
}

/** The popover's one line: "This month: 62 h · 3 nights (since Mon 16 Nov, 10:00)"; undefined when nothing was read. With
 *  several accounts, each over its own span and never added: "This month: Work 194 h (since Sun 1 Mar, 10:00) · Acme
 *  24 h (since Thu 5 Mar, 10:00) — each service counted apart". */
export function loadLine(load: MyLoad | null | undefined, words: LoadWords): string | undefined {
  if (!load) return undefined;
  if (load.byAccount) {
    const parts = load.byAccount.flatMap((a) => {
      const p = a.thisMonth;
      if (!p) return a.missing.length > 0 ? [`${a.label} not counted`] : [];
      const scope = loadScope(p, a, words);
      return [`${a.label} ${loadFigures(p)}${scope === '' ? '' : ` (${scope})`}`];
    });
    if (!load.byAccount.some((a) => a.thisMonth)) return undefined;
    return `This month: ${parts.join('; ')} — each service counted apart`;
  }
  const p = load.thisMonth;
  if (!p) return undefined;
  const scope = loadScope(p, load, words);
  return `This month: ${loadFigures(p)}${scope === '' ? '' : ` (${scope})`}`;
}
