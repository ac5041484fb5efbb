// Issue 48 (adv48 r22 #1): Cover… sends the shift of the request the form opened on (the route's start and end), so
// the core can hold the write to that shift as the request is re-read just before it (moved since: nothing sent).
import { describe, expect, it } from 'vitest';
import { withAnswered } from '../../renderer/src/lib/override-request';

const SHIFT = { start: '2026-12-01T08:00:00Z', end: '2026-12-02T08:00:00Z' };
// The user may have edited the window: what goes along is the request's shift, not the window.
const REQUEST = {
  scheduleId: 'main:sch_db',
  window: { kind: 'custom' as const, start: '2026-12-01T10:00:00Z', end: '2026-12-01T14:00:00Z' },
  emails: [],
};

describe('the override Cover… sends', () => {
  it('names the request and the shift of it the form opened on', () => {
    const params = { scheduleId: 'main:sch_db', ...SHIFT, who: 'me', requestId: 'main:cov_1' };
    const sent = withAnswered(REQUEST, 'main:cov_1', params);
    expect(sent.coverageRequestId).toBe('main:cov_1');
    expect(sent.coveredShift).toEqual(SHIFT);
    expect(sent.window).toEqual(REQUEST.window);
  });

  it('a plain override (no request) sends neither', () => {
    const sent = withAnswered(REQUEST, undefined, { ...SHIFT });
    expect(sent).toEqual(REQUEST);
  });
});
