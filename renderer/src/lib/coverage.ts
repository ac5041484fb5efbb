// Coverage requests as the list shows them: pending ones first asking me, then mine; shifts grouped by schedule;
// a page at a time (the popover has room for a few).
import { withAccount } from '../../../electron/shared/accounts';
import type { AppState, CoverageView } from '../../../electron/shared/view-state';
import { coveredWords } from '../../../electron/shared/covered-words';
import type { FormatContext } from './format-context';

export const PER_PAGE = 3;

export interface CoverageItem {
  request: CoverageView;
  mine: boolean;
  /** Asked me, and the schedules now show me covering it. */
  covered: boolean;
  /** Its words when covered: "covered by you ✓", or "covered by you (saved data from 07:25)" (adv47 r16 #1). */
  coveredText?: string;
  groups: ShiftGroup[];
}

export interface ShiftGroup {
  scheduleId: string;
  scheduleName: string;
  shifts: { start: string; end: string }[];
}

/** The request's shifts per schedule; with `state`, each schedule named with its account while there are several. */
export function groupShifts(request: CoverageView, state?: AppState): ShiftGroup[] {
  const groups = new Map<string, ShiftGroup>();
  const sorted = [...request.shifts].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const nameOf = (name: string): string => (state ? withAccount(state, request.accountId, name) : name);
  for (const s of sorted) {
    const g = groups.get(s.scheduleId) ?? {
      scheduleId: s.scheduleId,
      scheduleName: nameOf(s.scheduleName),
      shifts: [],
    };
    g.shifts.push({ start: s.start, end: s.end });
    groups.set(s.scheduleId, g);
  }
  return [...groups.values()];
}

const firstStart = (r: CoverageView): number => Math.min(...r.shifts.map((s) => Date.parse(s.start)), Infinity);

export function coverageItems(state: AppState, ctx: FormatContext): CoverageItem[] {
  const pending = (list: CoverageView[], mine: boolean, covered: boolean): CoverageItem[] =>
    list
      .filter((r) => r.status === 'pending')
      .sort((a, b) => firstStart(a) - firstStart(b))
      .map((request) => ({
        request,
        mine,
        covered,
        ...(covered ? { coveredText: coveredWords(request, ctx, true) } : {}),
        groups: groupShifts(request, state),
      }));
  const { askingMe, mine, coveredByMe } = state.coverage;
  return [...pending(askingMe, false, false), ...pending(mine, true, false), ...pending(coveredByMe, false, true)];
}

export interface Page<T> {
  items: T[];
  page: number;
  pageCount: number;
}

/** 1-based page, clamped into range (the list can shrink under the user's feet). */
export function pageOf<T>(items: readonly T[], page: number, perPage = PER_PAGE): Page<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / perPage));
  const p = Math.min(Math.max(1, Math.floor(page)), pageCount);
  return { items: items.slice((p - 1) * perPage, p * perPage), page: p, pageCount };
}

/** The quick-override route that covers one shift of a request, as me; the request is shown above the form. */
export function coverParams(
  group: ShiftGroup,
  shift: { start: string; end: string },
  requestId?: string,
): Record<string, string> {
  const params: Record<string, string> = {
    scheduleId: group.scheduleId,
    scheduleName: group.scheduleName,
    start: shift.start,
    end: shift.end,
    who: 'me',
  };
  if (requestId) params.requestId = requestId;
  return params;
}
