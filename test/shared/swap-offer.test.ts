// The swap form offers teammates' shifts as the schedule's fresh timeline has them: one entry per teammate's
// block (spans joined while who is on with them stays the same: one cover keeps the others for all of it), never
// mine, none already begun, and none from data that isn't fresh (a swap written from saved data could cover time
// that is no longer theirs).
import { describe, expect, it } from 'vitest';
import type { TimeSpan } from '../../electron/shared/view-state';
import { ada, bob, cy, schedule } from '../renderer/support/state';
import { theirShifts } from '../../electron/shared/swap-offer';

const span = (start: string, end: string, users = [bob]): TimeSpan => ({ kind: 'people', start, end, users });
const NOW = Date.parse('2026-05-04T08:00:00Z');

describe('teammates’ shifts offered for a swap', () => {
  const timeline: TimeSpan[] = [
    span('2026-05-04T07:00:00Z', '2026-05-04T15:00:00Z', [cy]),
    span('2026-05-04T15:00:00Z', '2026-05-04T20:00:00Z', [bob]),
    span('2026-05-04T20:00:00Z', '2026-05-05T07:00:00Z', [bob, cy]),
    span('2026-05-05T07:00:00Z', '2026-05-05T15:00:00Z', [ada]),
    { kind: 'unknown', start: '2026-05-05T15:00:00Z', end: '2026-05-06T07:00:00Z', users: [], why: 'hole' },
    span('2026-05-06T07:00:00Z', '2026-05-06T15:00:00Z', [bob]),
  ];

  it('splits a teammate’s time where their partner changes, leaves me and shifts already begun out', () => {
    const offered = theirShifts(schedule({ timeline }), ada.email, NOW);
    expect(offered.map((x) => [x.name, x.start, x.end])).toEqual([
      ['Bob Stone', '2026-05-04T15:00:00Z', '2026-05-04T20:00:00Z'],
      ['Bob Stone', '2026-05-04T20:00:00Z', '2026-05-05T07:00:00Z'],
      ['Cy', '2026-05-04T20:00:00Z', '2026-05-05T07:00:00Z'],
      ['Bob Stone', '2026-05-06T07:00:00Z', '2026-05-06T15:00:00Z'],
    ]);
  });

  it('leaves out a teammate’s time I am on call in too: I could not cover it', () => {
    const shared = [
      span('2026-05-04T09:00:00Z', '2026-05-04T12:00:00Z', [ada, bob]),
      span('2026-05-04T12:00:00Z', '2026-05-04T15:00:00Z', [bob]),
    ];
    const offered = theirShifts(schedule({ timeline: shared }), ada.email, NOW);
    expect(offered.map((x) => [x.name, x.start, x.end])).toEqual([
      ['Bob Stone', '2026-05-04T12:00:00Z', '2026-05-04T15:00:00Z'],
    ]);
  });

  it('offers nothing from saved data', () => {
    const stale = schedule({
      timeline,
      status: { kind: 'stale', since: '2026-05-04T07:00:00Z', reason: 'HTTP 503' },
    });
    expect(theirShifts(stale, ada.email, NOW)).toEqual([]);
  });
});
