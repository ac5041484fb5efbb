// The week timeline's keyboard cursor (lib/week-cursor.svelte.ts): it starts on the segment at now, the arrows
// move within a row and keep the time across rows, and "Override this" offers only what is not over or unknown.
import { describe, expect, it } from 'vitest';
import type { TimelineModel, TimelineSegment } from '../../renderer/src/lib/timeline';
import { loadRunes, rendererFile } from './support/runes';
import { HOUR } from '../support/time';

type Module = typeof import('../../renderer/src/lib/week-cursor.svelte');
const runes = await loadRunes<Module>(rendererFile('lib/week-cursor.svelte.ts'));
const { WeekCursor } = runes.subject;

const START = Date.parse('2026-05-04T00:00:00Z');

function seg(kind: TimelineSegment['kind'], fromH: number, toH: number, mine = false): TimelineSegment {
  return {
    kind,
    startMs: START + fromH * HOUR,
    endMs: START + toH * HOUR,
    people: [],
    label: '',
    hue: -1,
    mine,
    partial: false,
    text: `${kind} ${fromH}–${toH}`,
  };
}

/** Two rows over two days, now at 10:30 on the first day. */
function week(nowH = 10.5): TimelineModel {
  return {
    startMs: START,
    endMs: START + 48 * HOUR,
    nowMs: START + nowH * HOUR,
    ticks: [],
    rows: [
      {
        id: 'sch_a',
        accountId: 'main',
        name: 'A',
        zone: null,
        stale: false,
        savedMark: '',
        segments: [seg('person', 0, 8), seg('person', 8, 20, true), seg('uncovered', 20, 48)],
      },
      {
        id: 'sch_b',
        accountId: 'main',
        name: 'B',
        zone: null,
        stale: false,
        savedMark: '',
        segments: [seg('unknown', 0, 12), seg('person', 12, 48)],
      },
    ],
  };
}

const cursorOn = (model: TimelineModel) => runes.inRoot(() => new WeekCursor(() => model)).value;

describe('the week cursor', () => {
  it('starts on the segment at now on the first row', () => {
    const at = cursorOn(week()).at;
    expect([at.r, at.c, at.name, at.seg?.text]).toEqual([0, 1, 'A', 'person 8–20']);
  });

  it("carries the row's saved mark, so the caption says the segment with its basis (adv47 r14 #3)", () => {
    const base = week();
    const [a, b] = base.rows;
    if (!a || !b) throw new Error('two rows');
    const saved = { ...base, rows: [a, { ...b, stale: true, savedMark: ' · saved data from 13:35' }] };
    const cursor = cursorOn(saved);
    expect([cursor.at.name, cursor.at.savedMark]).toEqual(['A', '']);
    cursor.move('ArrowDown');
    expect([cursor.at.name, cursor.at.savedMark]).toEqual(['B', ' · saved data from 13:35']);
  });

  it('moves along a row with the arrows, Home and End, stopping at the ends', () => {
    const cursor = cursorOn(week());
    expect(cursor.move('ArrowRight')).toBe(true);
    expect(cursor.move('ArrowRight')).toBe(true);
    expect(cursor.at.c).toBe(2);
    cursor.move('Home');
    expect(cursor.at.c).toBe(0);
    cursor.move('ArrowLeft');
    expect(cursor.at.c).toBe(0);
    cursor.move('End');
    expect(cursor.at.seg?.text).toBe('uncovered 20–48');
  });

  it('keeps the time when moving to another row (the middle of the chosen segment)', () => {
    const cursor = cursorOn(week());
    cursor.move('Home'); // 0–8, middle 04:00: B's unknown 0–12
    cursor.move('ArrowDown');
    expect([cursor.at.r, cursor.at.seg?.text]).toEqual([1, 'unknown 0–12']);
    cursor.move('End');
    cursor.move('ArrowUp'); // 12–48, middle 30:00: A's uncovered 20–48
    expect([cursor.at.r, cursor.at.seg?.text]).toEqual([0, 'uncovered 20–48']);
  });

  it('leaves other keys, and an empty week, to the page', () => {
    expect(cursorOn(week()).move('a')).toBe(false);
    expect(cursorOn({ ...week(), rows: [] }).move('ArrowRight')).toBe(false);
  });

  it('offers a running shift from the next minute, my own to others, and nothing for unknown or past time', () => {
    const cursor = cursorOn(week(10.5 + 0.5 / 60)); // 10:30:30
    expect(cursor.canOverride).toBe(true);
    expect(cursor.overrideParams()).toEqual({
      scheduleId: 'sch_a',
      start: '2026-05-04T10:31:00.000Z',
      end: '2026-05-04T20:00:00.000Z',
      who: 'others',
    });
    cursor.move('Home'); // 0–8: over
    expect(cursor.canOverride).toBe(false);
    expect(cursor.overrideParams()).toBeUndefined();
    cursor.move('ArrowDown'); // B's unknown time
    expect(cursor.at.seg?.kind).toBe('unknown');
    expect(cursor.overrideParams()).toBeUndefined();
    cursor.move('ArrowRight');
    expect(cursor.overrideParams()).toEqual({
      scheduleId: 'sch_b',
      start: '2026-05-04T12:00:00.000Z',
      end: '2026-05-06T00:00:00.000Z',
    });
  });
});
