// My on-call load in words, as the popover's My shifts header and `status` say it: "This month: 62 h · 3 nights ·
// 14 h at weekends", scoped to what was read ("since Mon 16 Nov", "Payments not counted"). Zod-free.
import type { AccountLoad, LoadPeriod, MyLoad } from './view-state';

/** "62 h · 3 nights · 14 h at weekends" (the parts that are not zero after the hours). */
export function loadFigures(p: LoadPeriod): string {
  const nights = p.nights === 1 ? '1 night' : `${p.nights} nights`;
  // Unreadable time is not counted as 0 h: the total says it leaves it out ("49 h + 24 h not readable").
  const unreadable = p.unreadableHours > 0 ? ` + ${p.unreadableHours} h not readable` : '';
  return [
    `${p.hours} h${unreadable}`,
    ...(p.nights > 0 ? [nights] : []),
    ...(p.weekendHours > 0 ? [`${p.weekendHours} h at weekends`] : []),
  ].join(' · ');
}

/** What the figures leave out: "since Mon 16 Nov" when the month is read only in part, and schedules not counted. */
export function loadScope(p: LoadPeriod, load: AccountLoad, date: (iso: string) => string): string {
  const parts = [
    ...(p.whole ? [] : [`since ${date(p.from)}`]),
    ...(load.missing.length > 0 ? [`${load.missing.join(', ')} not counted`] : []),
  ];
  return parts.join(', ');
}

/** The popover's one line: "This month: 62 h · 3 nights (since Mon 16 Nov)"; undefined when nothing was read. With
 *  several accounts, each over its own span and never added: "This month: Work 194 h (since Sun 1 Mar) · Acme
 *  24 h (since Thu 5 Mar) — each service counted apart". */
export function loadLine(load: MyLoad | null | undefined, date: (iso: string) => string): string | undefined {
  if (!load) return undefined;
  if (load.byAccount) {
    const parts = load.byAccount.flatMap((a) => {
      const p = a.thisMonth;
      if (!p) return a.missing.length > 0 ? [`${a.label} not counted`] : [];
      const scope = loadScope(p, a, date);
      return [`${a.label} ${loadFigures(p)}${scope === '' ? '' : ` (${scope})`}`];
    });
    if (!load.byAccount.some((a) => a.thisMonth)) return undefined;
    return `This month: ${parts.join('; ')} — each service counted apart`;
  }
  const p = load.thisMonth;
  if (!p) return undefined;
  const scope = loadScope(p, load, date);
  return `This month: ${loadFigures(p)}${scope === '' ? '' : ` (${scope})`}`;
}
