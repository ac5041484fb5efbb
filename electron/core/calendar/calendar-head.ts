// The calendar's header (its name, and a description of whose blocks on which schedules, how far they are known,
// and what is saved or unknown). Apart from publisher.ts: these are the words a subscribed calendar shows about
// itself, where publisher.ts publishes the events.
import { formatStamp } from '../../shared/format';
import { minOf } from '../../shared/extremes';
import type { ScheduleBlocks } from './my-blocks';
import type { Group } from './calendar-groups';

/** An instant in the calendar's header, as every instant in it is worded: "Sun 29 Mar 2026, 09:00 Berlin". */
const stampOf = (ms: number, localZone: string): string => formatStamp(ms, { localZone, nameZone: true });

/** Saved (not fresh) schedules by name with when their data was read: "Payments (read Sun 29 Mar 2026, 09:00 Berlin)". */
function savedNames(groups: readonly ScheduleBlocks[], localZone: string): string[] {
  return groups.flatMap((g) => {
    const st = g.status;
    const at =
      st.kind === 'stale'
        ? st.since
        : st.kind === 'not_found' && typeof st.savedAt === 'string'
          ? st.savedAt
          : undefined;
    if (!g.known || at === undefined) return [];
    return [
      `${g.scheduleName} (read ${stampOf(Date.parse(at), localZone)}${st.kind === 'not_found' ? ', no longer found on the service' : ''})`,
    ];
  });
}

export function headOf(groups: readonly Group[], localZone: string): { name: string; description: string } {
  // "Known until" from fresh schedules only, named when not all are (adv47 r28 #1); saved ones say when read.
  const fresh = groups.filter((g) => g.known && g.status.kind === 'fresh' && g.knownToMs !== null);
  const ends = fresh.map((g) => g.knownToMs).filter((ms): ms is number => ms !== null);
  const of = fresh.length < groups.length ? ` on ${fresh.map((g) => g.scheduleName).join(', ')}` : '';
  const until =
    ends.length > 0
      ? `Shifts are known until ${stampOf(minOf(ends), localZone)}${of}, as far as the app could read them.`
      : '';
  const saved = savedNames(groups, localZone);
  const savedText = saved.length > 0 ? ` From saved data that may have changed: ${saved.join(', ')}.` : '';
  // Not read (no API key) says why, as every surface does: "not loaded yet" promised a load that won't come until
  // a key is added (adv47 r11 #4).
  const missing = groups
    .filter((g) => !g.known)
    .map((g) => (g.status.kind === 'not_read' ? `${g.scheduleName} (not read: ${g.status.reason})` : g.scheduleName));
  const some = missing.length > 0;
  const loading = groups.some((g) => !g.known && g.status.kind !== 'not_read');
  const lead = loading ? 'Not loaded yet, so unknown rather than free' : 'Unknown rather than free';
  const unknown = `${savedText}${some ? ` ${lead}: ${missing.join(', ')}.` : ''}`;
  const emails = [...new Set(groups.map((g) => g.emailLower).filter((e) => e !== ''))];
  const noEmail = groups.some((g) => g.emailLower === '') || groups.length === 0;
  const who = noEmail ? ' No e-mail is set in OnCall Tray for some schedules, so no block there can be yours.' : '';
  const description = `On-call blocks of ${emails.join(', ') || 'you'} on ${groups.map((g) => g.scheduleName).join(', ') || 'no schedule'}. ${until}${unknown}${who}`;
  return { name: 'On call (OnCall Tray)', description: description.replace(/\s+/g, ' ').trim() };
}
