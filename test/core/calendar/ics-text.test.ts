// RFC 5545 text rules, checked with an independent parser (ical.js) as a calendar app would read the file.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarText, eventLines } from '../../../electron/core/calendar/ics-calendar';
import type { CalendarBlock } from '../../../electron/core/calendar/my-blocks';
import { escapeText, foldLine, MAX_LINE_OCTETS } from '../../../electron/core/calendar/ics-text';

const NASTY =
  'Platform; primary, EU \\ “night” — Zürich, 東京 & São Paulo; 🚨 escalations, tier-2 (follow-the-sun), with a name long enough to fold twice';

function block(name: string): CalendarBlock {
  return {
    scheduleId: 'sch_nasty',
    scheduleName: name,
    zone: 'Asia/Tokyo',
    startMs: Date.parse('2026-03-28T08:00:00Z'),
    endMs: Date.parse('2026-03-29T07:00:00Z'),
    withMe: [{ id: 'u1', name: 'Doe, Jane; "JD"', email: 'jd@x.io' }],
    before: [],
    after: null,
    endBasis: { kind: 'fresh', readAt: null },
    basis: { kind: 'fresh', readAt: null },
  };
}

function render(name: string): string {
  const events = [
    eventLines(
      block(name),
      { uid: 'abc@oncall-tray', sequence: 2, modifiedMs: Date.parse('2026-03-01T00:00:00Z') },
      'Europe/Berlin',
    ),
  ];
  return calendarText({ name: `On call, ${name}`, description: 'x' }, events);
}

describe('iCalendar text', () => {
  it('escapes backslash, semicolon, comma and line breaks in TEXT', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds at 75 octets without splitting a UTF-8 character, and unfolding gives the line back', () => {
    const line = `SUMMARY:${escapeText(NASTY.repeat(3))}`;
    const folded = foldLine(line);
    expect(folded.length).toBeGreaterThan(3);
    for (const [i, physical] of folded.entries()) {
      expect(Buffer.byteLength(physical, 'utf8')).toBeLessThanOrEqual(MAX_LINE_OCTETS);
      // A cut inside a character would not survive a round trip through bytes.
      expect(Buffer.from(physical, 'utf8').toString('utf8')).toBe(physical);
      if (i > 0) expect(physical.startsWith(' ')).toBe(true);
    }
    expect(folded.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(line);
  });

  it('ends every line with CRLF and keeps names with commas and semicolons intact through a parser', () => {
    const text = render(NASTY);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const physical of text.split('\r\n'))
      expect(Buffer.byteLength(physical, 'utf8')).toBeLessThanOrEqual(MAX_LINE_OCTETS);
    const cal = ICAL.Component.fromString(text);
    // ical.js leaves X- properties raw (escaped), but it must read the folded name back as one whole value.
    expect(String(cal.getFirstPropertyValue('x-wr-calname'))).toMatch(/^On call\\, Platform.*fold twice$/);
    const vevent = cal.getFirstSubcomponent('vevent');
    if (!vevent) throw new Error('no VEVENT');
    const event = new ICAL.Event(vevent);
    expect(event.summary).toBe(`On call: ${NASTY}`);
    expect(event.description).toContain('With you: Doe, Jane; "JD"');
    expect(event.description).toContain('Before you: nobody on call');
    expect(event.description).toContain('After you: unknown (later shifts not fetched)');
    expect(event.description.split('\n')[0]).toBe(
      'Your time (Berlin): Sat 28 Mar 2026, 09:00 – Sun 29 Mar 2026, 09:00',
    );
    expect(event.description).toContain('Schedule time (Tokyo): Sat 28 Mar 2026, 17:00 – Sun 29 Mar 2026, 16:00');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-03-28T08:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(event.sequence).toBe(2);
  });
});
