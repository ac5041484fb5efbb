// The tooltip's phone lines: each waiting alarm's phone alert that did not go out, and each booked alert that may
// still ring. Whole, one per alarm or shift; in the tightest folds, alarms sharing one failure and several "may still
// ring" shifts are one counted line each (adv49 r34 F1: two identical "Phone not alerted: …" lines, or two "Phone may
// still ring at …" lines, came before the pause and Windows' cut dropped the pause).
import type { AppState } from '../../shared/view-state';
import { alarmLine } from '../../shared/alarm-text';
import { phoneMissShort } from '../../shared/phone-unsent';
import { stillRingCounted, stillRingShortLines, type StillRingTextOptions } from '../../shared/still-ring-text';

type Alarm = NonNullable<AppState['alarm']>;

/** An alarm's phone line in fewer words, made from its failure's value (the state carries the value, not the words). */
const shortOf = (a: Alarm): string | undefined => (a.phoneMiss ? phoneMissShort(a.phoneMiss) : a.phone);

export interface PhoneLines {
  /** Each waiting alarm's phone alert that did not go out (main's words): beside the alarms in every fold. */
  phone: string[];
  /** Each waiting alarm's line with its phone line right under it. */
  ringingPhone: string[];
}

/** Each waiting alarm's phone line (main's words, whole or `short`), alone and each right under its alarm's line. */
export function phoneLines(waiting: readonly Alarm[], o: Parameters<typeof alarmLine>[1], short: boolean): PhoneLines {
  const of = (a: Alarm) => (short ? shortOf(a) : a.phone);
  return {
    phone: waiting.flatMap((a) => of(a) ?? []),
    ringingPhone: waiting.flatMap((a) => [alarmLine(a, o), ...(of(a) ?? [])]),
  };
}

/** The waiting alarms' phone failures in fewest lines: one per distinct failure, counted where alarms share it
 *  ("Phone not alerted (2 alarms): could not connect (ECONNREFUSED)"); the same line is never said twice. */
export function phoneTightLines(waiting: readonly Alarm[]): string[] {
  const groups = new Map<string, Alarm[]>();
  for (const a of waiting) {
    const said = shortOf(a);
    if (said === undefined) continue;
    const key = a.phoneMiss ? JSON.stringify(a.phoneMiss) : said;
    groups.set(key, [...(groups.get(key) ?? []), a]);
  }
  const lines = [...groups.values()].flatMap(([first, ...more]) => {
    if (!first) return [];
    const miss = first.phoneMiss;
    return [miss && more.length > 0 ? phoneMissShort(miss, more.length + 1) : (shortOf(first) ?? '')];
  });
  return [...new Set(lines)];
}

/** The "may still ring" alerts in fewest lines: one short line, or several counted ("Phone may still ring for 2
 *  shifts"). */
export function stillRingTightLines(phone: AppState['phone'], o: StillRingTextOptions): string[] {
  const all = phone?.stillRing ?? [];
  return all.length > 1 ? [stillRingCounted(all)] : stillRingShortLines(phone, o);
}
