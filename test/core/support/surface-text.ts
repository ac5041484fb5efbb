// Surfaces' text read back for the span property (test/core/state/span-property.test.ts): the instant a shown time
// names ("13:00", "tomorrow 13:00", "Tue 13:00", "14 Apr, 09:00", in the local zone) and the calendar export's
// events with their "Before you" / "After you" lines. Independent of the app's formatters: plain luxon and regexps.
import { DateTime } from 'luxon';
import { ZONE } from './hostile-world';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const TIME_AT = new RegExp(
  `(?:(tomorrow|yesterday|today)\\s+|(${WEEKDAYS.join('|')})\\b,?\\s*)?(?:(\\d{1,2}) (${MONTHS.join('|')}),?\\s+)?(\\d{2}):(\\d{2})`,
  'i',
);

/**
 * The instant a surface's "13:00" / "tomorrow 13:00" / "Tue 13:00" / "14 Apr, 09:00" names, in the local zone (the
 * first time in `text`): today when bare, a bare weekday the one in the coming week (today on), as the app means it
 * ("ends Wed 12:00" on a Tuesday is tomorrow, never last week's: a past day is worded with its date), the date in
 * the year around now. undefined when `text` holds no time.
 */
export function timeIn(text: string, nowMs: number, zone = ZONE): number | undefined {
  const m = TIME_AT.exec(text);
  if (!m) return undefined;
  const [, word, weekday, date, month, hh, mm] = m;
  const now = DateTime.fromMillis(nowMs, { zone });
  const at = (d: DateTime): number =>
    d.set({ hour: Number(hh), minute: Number(mm), second: 0, millisecond: 0 }).toMillis();
  if (date !== undefined && month !== undefined) {
    const years = [now.year - 1, now.year, now.year + 1].map((year) =>
      at(DateTime.fromObject({ year, month: MONTHS.indexOf(month) + 1, day: Number(date) }, { zone })),
    );
    return years.reduce((best, ms) => (Math.abs(ms - nowMs) < Math.abs(best - nowMs) ? ms : best));
  }
  const today = now.startOf('day');
  if (weekday !== undefined) {
    const ahead = (WEEKDAYS.indexOf(weekday) + 1 - today.weekday + 7) % 7;
    return at(today.plus({ days: ahead }));
  }
  const offset = { tomorrow: 1, yesterday: -1, today: 0 }[(word ?? 'today').toLowerCase()] ?? 0;
  return at(today.plus({ days: offset }));
}

/** The time right after `word` ("until", "from") in `text`. */
export function timeAfter(text: string, word: string, nowMs: number, zone = ZONE): number | undefined {
  const at = text.indexOf(`${word} `);
  return at < 0 ? undefined : timeIn(text.slice(at + word.length + 1), nowMs, zone);
}

/** The calendar export's events: each block's schedule, start, end and its "Before you" / "After you" lines. */
export function calendarEvents(
  ics: string,
): { id: string; startMs: number; endMs: number; before: string; after: string }[] {
  const unfolded = ics.replace(/\r\n[ \t]/g, '');
  const at = (s: string): number =>
    Date.parse(s.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  return unfolded
    .split('BEGIN:VEVENT')
    .slice(1)
    .map((event) => {
      const field = (name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(event)?.[1] ?? '';
      const description = field('DESCRIPTION')
        .replace(/\\n/g, '\n')
        .replace(/\\([,;\\])/g, '$1');
      const line = (label: string) => new RegExp(`^${label}: (.*)$`, 'm').exec(description)?.[1] ?? '';
      return {
        id: /^Schedule: .* \((sch_\w+)\)$/m.exec(description)?.[1] ?? '',
        startMs: at(field('DTSTART')),
        endMs: at(field('DTEND')),
        before: line('Before you'),
        after: line('After you'),
      };
    });
}
