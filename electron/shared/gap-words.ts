// The gaps in what is known about my shifts, in words ("couldn't load Payments · Data: saved data from 14:02"): apart
// from knowledge.ts, which states absence, since both the absence claim (my-absence.ts) and the surfaces' notes word
// gaps the one way. Zod-free, read by the renderer, tray, CLI and hand-off summary alike.
import { assertNever } from './basis';
import type { MyGap } from './view-state';

/** Gaps that make my state unknown (not merely scoped to saved data or to a shorter span). */
export function isUnknownGap(g: MyGap): boolean {
  return (
    g.kind === 'loading' || g.kind === 'not_read' || g.kind === 'failed' || g.kind === 'ended' || g.kind === 'holes'
  );
}

/** One gap in words: "Database: saved data from 14:02", "saved data for Data ends Mon 09:00". */
function gapPhrase(g: MyGap, time: (iso: string) => string): string {
  switch (g.kind) {
    case 'loading':
      return `still loading: ${g.scheduleName}`;
    case 'not_read':
      return `not read: ${g.reason ?? g.scheduleName}`;
    case 'failed':
      return `couldn't load ${g.scheduleName}`;
    case 'ended':
      return g.until
        ? `saved data for ${g.scheduleName} ends ${time(g.until)}`
        : `nothing known about ${g.scheduleName} for now`;
    case 'holes':
      return `some shifts of ${g.scheduleName} couldn't be read`;
    case 'saved': {
      const from = g.savedAt
        ? `${g.scheduleName}: saved data from ${time(g.savedAt)}`
        : `${g.scheduleName}: saved data`;
      return g.until ? `${from}, known only until ${time(g.until)}` : from;
    }
    case 'short':
      return g.until ? `${g.scheduleName} known only until ${time(g.until)}` : `${g.scheduleName} known only in part`;
    case 'read':
      return g.readAt ? `${g.scheduleName} checked ${time(g.readAt)}` : `${g.scheduleName} checked earlier`;
    default:
      return assertNever(g.kind);
  }
}

/** The gaps in words, failed and loading schedules each named once: "couldn't load Payments, Data · …". */
export function gapsText(gaps: readonly MyGap[], time: (iso: string) => string): string {
  const grouped = (kind: MyGap['kind'], say: (names: string) => string): string[] => {
    const names = gaps.filter((g) => g.kind === kind).map((g) => g.scheduleName);
    return names.length === 0 ? [] : [say(names.join(', '))];
  };
  const single = gaps.filter((g) => !/^(failed|loading|not_read)$/.test(g.kind)).map((g) => gapPhrase(g, time));
  // Why a schedule can't be read is said once per reason ("not read: no API key for Acme"), not once per schedule.
  const unread = new Set(gaps.filter((g) => g.kind === 'not_read').map((g) => gapPhrase(g, time)));
  return [
    ...grouped('failed', (n) => `couldn't load ${n}`),
    ...grouped('loading', (n) => `still loading: ${n}`),
    ...unread,
    ...single,
  ].join(' · ');
}
