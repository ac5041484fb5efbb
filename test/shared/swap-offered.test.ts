// The swap form does not offer a teammate's shift that shares time with my block on my own schedule (two on call at
// once): the two covers would clash over that time, so it is no swap. On another schedule of the account the same
// times are a swap (I am on call there instead) and stay offered. Left with nothing, main says whether any teammate's
// time was read (the form then says why, not "no teammate's shift read"). Main's rule, answered on swap:offer.
import { describe, expect, it } from 'vitest';
import { accountIdOf } from '../../electron/shared/accounts';
import { swapOffer } from '../../electron/shared/swap-offer';
import type { AppState, TimeSpan } from '../../electron/shared/view-state';
import { ada, appState, bob, cy, mainSettings, schedule } from '../renderer/support/state';

const NOW = Date.parse('2026-05-04T08:00:00Z');
const span = (start: string, end: string, users = [bob]): TimeSpan => ({ kind: 'people', start, end, users });
// Me (Bob) with Cy 15:00–20:00 on Platform; Cy stays on with Ada until 07:00; then Ada alone until 15:00.
const MINE = { scheduleId: 'sch_platform', start: '2026-05-04T15:00:00Z', end: '2026-05-04T20:00:00Z' };
const pair = [
  span('2026-05-04T07:00:00Z', '2026-05-04T15:00:00Z', [ada]),
  span(MINE.start, MINE.end, [bob, cy]),
  span('2026-05-04T20:00:00Z', '2026-05-05T07:00:00Z', [ada, cy]),
  span('2026-05-05T07:00:00Z', '2026-05-05T15:00:00Z', [ada]),
];
// Another schedule of the account: Ada over exactly my block's times, Cy (on with me on Platform) after it.
const other = [
  span(MINE.start, MINE.end, [ada]),
  span(MINE.end, '2026-05-04T22:00:00Z', [cy]),
  span('2026-05-04T22:00:00Z', '2026-05-05T07:00:00Z', [ada]),
];

function model(platform: TimeSpan[]): AppState {
  const main = accountIdOf('main');
  return appState({
    settings: mainSettings({ schedules: [{ id: 'sch_platform' }, { id: 'sch_other' }] }),
    schedules: [
      schedule({ timeline: platform, meOnCall: true }),
      schedule({ id: 'sch_other', accountId: main, name: 'Other', timeline: other }),
    ],
  });
}

const offer = (state: AppState, scheduleId = 'sch_platform') =>
  swapOffer(state, { mine: MINE, scheduleId }, NOW, 'UTC');
const offered = (state: AppState, scheduleId?: string) =>
  offer(state, scheduleId).offered.map((x) => [x.name, x.start, x.end]);

describe('teammates’ shifts offered to swap for mine', () => {
  it('on my schedule: none that shares time with my block, none of Cy (on with me then), Ada’s split where her partner changes', () => {
    expect(offered(model(pair))).toEqual([
      ['Ada Lovelace', '2026-05-04T20:00:00Z', '2026-05-05T07:00:00Z'],
      ['Ada Lovelace', '2026-05-05T07:00:00Z', '2026-05-05T15:00:00Z'],
    ]);
  });

  it('on another schedule of the account: the same times are offered, even exactly my block’s; none of Cy, on with me', () => {
    expect(offered(model(pair), 'sch_other')).toEqual([
      ['Ada Lovelace', MINE.start, MINE.end],
      ['Ada Lovelace', '2026-05-04T22:00:00Z', '2026-05-05T07:00:00Z'],
    ]);
  });

  it('no teammate’s shift read can be swapped: main says some were read, so the form says why, not that none was', () => {
    // Cy is on with me over my whole block, and no other teammate's time is read on Platform.
    expect(offer(model([span(MINE.start, MINE.end, [bob, cy])]))).toMatchObject({ offered: [], teammatesRead: true });
  });

  it('a teammate’s shift already begun is not one that could have been swapped: none read', () => {
    // Ada from 07:00 (begun at 08:00), then me alone over my block.
    const platform = [span('2026-05-04T07:00:00Z', MINE.start, [ada]), span(MINE.start, MINE.end, [bob])];
    expect(offer(model(platform))).toMatchObject({ offered: [], teammatesRead: false });
  });

  it('each block in the form’s words: mine, and each offered shift of theirs', () => {
    const answer = offer(model(pair));
    expect([answer.mine, answer.offered.map((x) => x.line)]).toEqual([
      '15:00–20:00 (17:00–22:00 Berlin)',
      ['Mon 20:00 – Tue 07:00 (Mon 22:00 – Tue 09:00 Berlin)', 'Tue 07:00–15:00 (Tue 09:00–17:00 Berlin)'],
    ]);
  });

  it('a schedule of another account, or one not watched: nothing offered', () => {
    expect(offer(model(pair), 'sch_elsewhere')).toMatchObject({ offered: [], teammatesRead: false });
  });
});
