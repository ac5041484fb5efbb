// What the calendar publishes from, per source: which account tells a schedule shared by two, and the read its
// events come from (stamped on each record entry as `fromReadMs`: storage/last-read-evidence.ts, adv52 r43 #2).
import { schedulesToldElsewhere } from '../../shared/accounts';
import type { ServiceSettings } from '../../shared/settings';
import type { Snapshot } from '../model/snapshot';
import { readMsOf } from '../storage/last-read-evidence';
import type { PublishedEntry } from './published-record';

/** The services whose blocks the calendar tells: the same service as an earlier account (same address and e-mail)
 *  is told once, as that account's, or every event and its phone alarms would come twice. */
export function toldOnce<S extends { settings: ServiceSettings }>(services: readonly S[]): S[] {
  const accounts = services.map(({ settings: s }) => ({ ...s, id: s.accountId, label: s.accountLabel }));
  // Per schedule: one the earlier account watches too is told as its; the others stay (a schedule only this
  // account watches is no duplicate, and its events were lost with the whole account).
  return services.flatMap((s) => {
    const told = schedulesToldElsewhere(accounts, s.settings.accountId);
    if (told.size === 0) return [s];
    const schedules = s.settings.schedules.filter((w) => !told.has(w.id));
    return schedules.length === 0 ? [] : [{ ...s, settings: { ...s.settings, schedules } }];
  });
}

/** The read a schedule's events are published from, as the snapshot holds it (the time its cache then says). */
export function readOf(snapshot: Snapshot, scheduleId: string): { readMs?: number } {
  const s = snapshot.schedules.find((x) => x.id === scheduleId);
  const readMs = s === undefined ? undefined : readMsOf(s);
  return readMs === undefined || !Number.isFinite(readMs) ? {} : { readMs };
}

/** An entry's `fromReadMs`: the read now, or, for an event kept unconfirmed (no read covered it), the one before. */
export function fromReadOf(
  kept: boolean,
  before: PublishedEntry | undefined,
  readMs: number | undefined,
): { fromReadMs?: number } {
  const ms = kept ? before?.fromReadMs : readMs;
  return ms === undefined ? {} : { fromReadMs: ms };
}
