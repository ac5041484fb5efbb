// Coverage requests asking me, due as soon as they are noticed (one summary for those already waiting at install).
import { remindersFor } from '../../shared/settings';
import { coverageLists } from '../state/coverage';
import { knownAsks } from '../../shared/ask-basis-words';
import { statusesOf } from '../state/status';
import { coverageNotification, coverageSummaryNotification } from './notice-messages';
import type { PlanInput, PlannedReminder } from './types';
import type { NotificationRequest } from '../ports';
import type { CoverageView } from '../../shared/view-state';
import { WEEK_MS } from '../../shared/time';
import { maxOf } from '../../shared/extremes';

export function coverageReminders(input: PlanInput): PlannedReminder[] {
  const { snapshot, nowMs } = input;
  // Announced from a fresh read only: a saved list (a file's claim) is shown as saved data, never told as new.
  if (snapshot.coverageFetchedAt === null || snapshot.coverageSaved) return [];
  // A request is announced when any schedule it asks about wants coverage requests (its own choice or the default).
  const wanted = (c: { shifts: { scheduleId: string }[] }): boolean =>
    c.shifts.length === 0
      ? input.settings.reminders.coverageRequests
      : c.shifts.some((s) => remindersFor(input.settings, s.scheduleId).coverageRequests);
  const emailLower = input.settings.email.trim().toLowerCase();
  const statusOf = statusesOf(snapshot, nowMs, input.settings);
  // Told only when known to ask me (its time read fresh): one over saved data or a hole is told once that is read.
  const lists = coverageLists(snapshot, nowMs, emailLower, statusOf, input.settings.accountId);
  const asking = knownAsks(lists.askingMe).filter(wanted);
  const zoneOf = zonesOf(input);
  const items: PlannedReminder[] = asking.map((c) => ({
    key: `coverage:${c.id}`,
    atMs: nowMs,
    kind: 'coverage',
    untilMs: maxOf(
      c.shifts.map((s) => Date.parse(s.end)),
      nowMs + WEEK_MS,
    ),
    notification: coverageNotification(c, nowMs, input, zoneOf),
  }));
  const firstSync = !input.previous || input.previous.coverageFetchedAt === null;
  if (!firstSync || items.length < 2) return items;
  // Already waiting at install time: one summary that settles each request, instead of a burst.
  const settles = items.map((i) => i.key).sort();
  const key = `coverage:first-sync:${settles.join(',')}`;
  const untilMs = maxOf(items.map((i) => i.untilMs));
  return [
    { key, atMs: nowMs, kind: 'coverage', untilMs, settles, notification: coverageSummaryNotification(key, asking) },
  ];
}

const zonesOf = (input: Pick<PlanInput, 'snapshot'>) => {
  const zones = new Map(input.snapshot.schedules.map((s) => [s.id, s.details?.time_zone]));
  return (id: string): string | undefined => zones.get(id) ?? undefined;
};

const FIRST_SYNC = 'coverage:first-sync:';

/** The request a reminder key names as asking me now: 'waits' when not known to (its asked time saved data or
 *  unknown), undefined when it no longer asks me. */
function asksNow(input: PlanInput): (key: string) => CoverageView | 'waits' | undefined {
  const { snapshot, nowMs } = input;
  const email = input.settings.email.trim().toLowerCase();
  const statusOf = statusesOf(snapshot, nowMs, input.settings);
  const asking = coverageLists(snapshot, nowMs, email, statusOf, input.settings.accountId).askingMe;
  return (key) => {
    const c = asking.find((x) => key === `coverage:${x.id}`);
    return c && knownAsks([c]).length === 0 ? 'waits' : c;
  };
}

/** A held request (by its reminder key) as it would be notified now: its words in the zone and from the data of
 *  now; 'waits' while it is not known to ask me (its asked time saved data or unknown: a fresh one is not notified
 *  then either, and it is told once read fresh); undefined when it no longer asks me (issue 47, round 20). The
 *  first sync's summary is worded from those of its requests still asking me (one is told as itself). */
export function heldCoverageNow(input: PlanInput, key: string): NotificationRequest | 'waits' | undefined {
  const ask = asksNow(input);
  const keys = key.startsWith(FIRST_SYNC) ? key.slice(FIRST_SYNC.length).split(',') : [key];
  const now = keys.map(ask);
  if (now.includes('waits')) return 'waits';
  const views = now.filter((c): c is CoverageView => c !== undefined && c !== 'waits');
  const [only] = views;
  if (!only) return undefined;
  return views.length > 1
    ? coverageSummaryNotification(key, views)
    : coverageNotification(only, input.nowMs, input, zonesOf(input));
}
