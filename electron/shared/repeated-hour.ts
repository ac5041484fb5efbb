// The hour autumn repeats: a wall time read in it ("02:10" on the night the clocks fall back) names two instants, so
// the one formatter (./format) tags it with the zone's name at that instant ("02:10 CEST", "02:10 CET"). Spring's
// skipped hour needs nothing here: every text is read from an instant, and no instant reads as a skipped time.
import { MINUTE_MS } from './time';
import { wallParts, type Wall } from './wall-clock';

/**
 * The other instant that reads as the same wall time as `w`, when `w` falls in an hour the clocks repeat (autumn's
 * fall back: "02:10" happens twice); undefined otherwise. Such a reading alone doesn't say which instant it is.
 */
export function repeatedTwin(w: Wall): number | undefined {
  const [HOUR_MS, AROUND_MS] = [60 * MINUTE_MS, 6 * 60 * MINUTE_MS];
  // Read on whole hours, so the readings around the many instants of one day are the same few (cached) ones.
  const hourMs = Math.floor(w.ms / HOUR_MS) * HOUR_MS;
  const offsets = new Set([w.offsetMin]);
  for (const ms of [hourMs - AROUND_MS, hourMs + AROUND_MS]) {
    const o = wallParts(ms, w.zone)?.offsetMin;
    if (o !== undefined) offsets.add(o);
  }
  for (const o of offsets) {
    if (o === w.offsetMin) continue;
    const twin = w.wallMs - o * MINUTE_MS;
    if (wallParts(twin, w.zone)?.offsetMin === o) return twin;
  }
  return undefined;
}

const nameCache = new Map<string, Intl.DateTimeFormat>();

/** The zone's short name at an instant in `locale` ("CEST", "CET", "GMT-4"); '' when Intl can't say. */
export function zoneNameAt(
  ms: number,
  zone: string | undefined,
  locale: string,
  style: 'short' | 'shortOffset',
): string {
  const key = `${locale}|${zone ?? ''}|${style}`;
  let dtf = nameCache.get(key);
  try {
    if (!dtf) {
      dtf = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: style });
      if (nameCache.size >= 256) nameCache.clear();
      nameCache.set(key, dtf);
    }
    return dtf.formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/** " CEST" after a wall time the clocks repeat (autumn's fall back reads "02:10" twice: "02:10 CEST", then
 *  "02:10 CET"); the offset ("GMT+2") where the zone's short names don't tell the two apart; '' for any other time. */
export function repeatTag(w: Wall, locale: string): string {
  const twin = repeatedTwin(w);
  if (twin === undefined) return '';
  const [name, other] = [zoneNameAt(w.ms, w.zone, locale, 'short'), zoneNameAt(twin, w.zone, locale, 'short')];
  const tag = name !== '' && name !== other ? name : zoneNameAt(w.ms, w.zone, locale, 'shortOffset');
  return tag === '' ? '' : ` ${tag}`;
}
