import { describe, expect, it } from 'vitest';
import { hashFor, initialRoute, parseHash, windowKind } from '../../renderer/src/lib/route';

describe('the view shown is chosen by the URL hash', () => {
  it('reads the view and its parameters', () => {
    expect(parseHash('#override?scheduleId=sch_a&start=2026-05-04T07%3A00%3A00Z')).toEqual({
      view: 'override',
      params: { scheduleId: 'sch_a', start: '2026-05-04T07:00:00Z' },
    });
    expect(parseHash('#chat-group')).toEqual({ view: 'chat-group', params: {} });
  });

  it('falls back to the status popover for an empty or unknown hash', () => {
    expect(parseHash('').view).toBe('status');
    expect(parseHash('#admin?x=1').view).toBe('status');
  });

  it('writes hashes that read back the same', () => {
    const params = { scheduleId: 'sch_a', end: '2026-05-04T15:00:00Z' };
    expect(parseHash(hashFor('override', params))).toEqual({ view: 'override', params });
    expect(hashFor('settings')).toBe('#settings');
  });
});

describe('the first view of a window main opened', () => {
  it("comes from main's query when there is no hash, without the window kind", () => {
    expect(initialRoute('?window=action&view=override&scheduleId=sch_a', '')).toEqual({
      view: 'override',
      params: { scheduleId: 'sch_a' },
    });
    expect(initialRoute('?window=popover&view=bogus', '')).toEqual({ view: 'status', params: {} });
  });

  it('prefers the hash, which later navigation sets', () => {
    expect(initialRoute('?window=action&view=override', '#team')).toEqual({ view: 'team', params: {} });
  });

  it('knows which window it is in', () => {
    expect(windowKind('?window=popover&view=status')).toBe('popover');
    expect(windowKind('?window=action')).toBe('action');
    expect(windowKind('?window=alarm')).toBe('alarm');
    expect(windowKind('')).toBe('unknown');
  });
});
