// Wall-clock readings of instants in IANA zones, and their text, on the runtime's own Intl: the same code runs in
// main (Node) and in the renderer (Chromium), which ships no luxon (≈21 KB gzip, it would break the bundle budget).
// Formatters are cached: building an Intl formatter for a zone costs milliseconds on first use.
import { DAY_MS, MINUTE_MS } from './time';

export interface WallParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Minutes east of UTC at that instant. */
  offsetMin: number;
}

/** A wall-clock reading of an instant in a zone (undefined zone = the system zone), as the formats need it. */
export interface Wall {
  ms: number;
  /** The wall-clock reading as if it were UTC: formatted in 'UTC' it reads as the zone's local time. */
  wallMs: number;
  zone: string | undefined;
  /** Days since 1970-01-01 of the wall date; compares calendar days across DST. */
  dayNumber: number;
  isoDate: string;
  offsetMin: number;
  atMidnight: boolean;
}

const partsCache = new Map<string, Intl.DateTimeFormat>();
const textCache = new Map<string, Intl.DateTimeFormat>();

function partsFormat(zone: string): Intl.DateTimeFormat {
  let dtf = partsCache.get(zone);
  if (!dtf) {
    dtf = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsCache.set(zone, dtf);
  }
  return dtf;
}

// formatToParts costs microseconds per call and the same instants (shift edges, reminder times) are read in the same
// zones on every plan and derivation: keep recent readings. A named zone's rules don't change while the app runs (the
// system zone may, and is read from Date each time). Bounded: emptied when full, so odd inputs can't grow it.
const readings = new Map<string, Readonly<WallParts> | undefined>();
const READINGS_MAX = 4096;

/** Whether Intl knows this zone name (what luxon's isValidZone asks, without building a formatter on every call:
 *  each schedule read and each seed check asks again for the same few zones). */
export function isKnownZone(zone: string): boolean {
  let known = zoneVerdicts.get(zone);
  if (known === undefined) {
    try {
      partsFormat(zone);
      known = true;
    } catch {
      known = false;
    }
    // Bounded, so a service sending endless distinct strings can't grow it.
    if (zoneVerdicts.size >= 512) zoneVerdicts.clear();
    zoneVerdicts.set(zone, known);
  }
  return known;
}
const zoneVerdicts = new Map<string, boolean>();

/** The wall clock of an instant in a zone (undefined = the system zone); undefined for a zone Intl does not know. */
export function wallParts(ms: number, zone: string | undefined): Readonly<WallParts> | undefined {
  // The system zone is what Date's own getters read: no Intl formatter to build for it.
  if (zone === undefined) return Number.isFinite(ms) ? systemWall(ms) : undefined;
  const key = `${zone}|${ms}`;
  if (readings.has(key)) return readings.get(key);
  const w = zoneParts(ms, zone);
  if (readings.size >= READINGS_MAX) readings.clear();
  readings.set(key, w === undefined ? undefined : Object.freeze(w));
  return w;
}

function zoneParts(ms: number, zone: string): WallParts | undefined {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = partsFormat(zone).formatToParts(ms);
  } catch {
    return undefined;
  }
  const get = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value);
  const w = {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
  const wholeSecondMs = ms - (((ms % 1000) + 1000) % 1000);
  const wallMs = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return { ...w, offsetMin: Math.round((wallMs - wholeSecondMs) / MINUTE_MS) };
}

function systemWall(ms: number): WallParts {
  const d = new Date(ms);
  return {
    year: d.getFullYear(),
    month: d.getMonth() + 1,
    day: d.getDate(),
    hour: d.getHours(),
    minute: d.getMinutes(),
    second: d.getSeconds(),
    offsetMin: -d.getTimezoneOffset(),
  };
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** The reading in `zone`; undefined for a zone Intl does not know. */
export function wallAt(ms: number, zone: string | undefined): Wall | undefined {
  const w = wallParts(ms, zone);
  if (!w) return undefined;
  const dayNumber = Math.floor(Date.UTC(w.year, w.month - 1, w.day) / DAY_MS);
  const isoDate = `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
  const atMidnight = w.hour === 0 && w.minute === 0 && w.second === 0 && ms % 1000 === 0;
  const wallMs = ms + w.offsetMin * MINUTE_MS;
  return { ms, wallMs, zone, dayNumber, isoDate, offsetMin: w.offsetMin, atMidnight };
}

/** The reading in the local zone: one Intl does not know falls back to the system zone. */
export function localWall(ms: number, zone: string | undefined): Wall {
  return (
    wallAt(ms, zone) ??
    wallAt(ms, undefined) ?? {
      ms,
      wallMs: ms,
      zone: undefined,
      dayNumber: 0,
      isoDate: '',
      offsetMin: 0,
      atMidnight: false,
    }
  );
}

// Text is formatted from the wall-clock reading in 'UTC', so one formatter per locale and style serves every zone.
// The styles are module constants: looked up by identity first, so the common path builds no key string.
const textByStyle = new WeakMap<Intl.DateTimeFormatOptions, Map<string, Intl.DateTimeFormat>>();
function textFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let byLocale = textByStyle.get(options);
  if (!byLocale) textByStyle.set(options, (byLocale = new Map<string, Intl.DateTimeFormat>()));
  let dtf = byLocale.get(locale);
  if (!dtf) {
    const key = `${locale}|${JSON.stringify(options)}`;
    dtf = textCache.get(key) ?? new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    textCache.set(key, dtf);
    byLocale.set(locale, dtf);
  }
  return dtf;
}

/**
 * The reading as text in `locale`. "UTC"/"GMT" as the zone are formatted through formatToParts, whose spacing (e.g.
 * U+202F before "AM") differs from format()'s in V8: that is how the tray has always written them (luxon, which
 * formatted before, treats them as fixed-offset zones and takes that path).
 */
export function wallText(w: Wall, locale: string, options: Intl.DateTimeFormatOptions): string {
  const dtf = textFormat(locale, options);
  const fixed = w.zone !== undefined && /^(utc|gmt)$/i.test(w.zone);
  return fixed
    ? dtf
        .formatToParts(w.wallMs)
        .map((p) => p.value)
        .join('')
    : dtf.format(w.wallMs);
}

/** Builds these formatters ahead of their first use. */
export function warmFormats(
  locale: string,
  styles: readonly Intl.DateTimeFormatOptions[],
  zones: readonly (string | undefined)[] = [undefined],
): void {
  for (const zone of zones) wallParts(0, zone);
  for (const options of styles) textFormat(locale, options).format(0);
}
