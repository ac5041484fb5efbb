// The swap form does not offer a teammate's shift that shares time with my block on my own schedule (two on call at
// once): the two covers would clash over that time, so it is no swap. On another schedule of the account the same
// times are a swap (I am on call there instead) and stay offered. Left with nothing, the form says why, not
// "no teammate's shift read".
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountIdOf } from '../../electron/shared/accounts';
import type { AppState, TimeSpan } from '../../electron/shared/view-state';
import { loadRunes, rendererFile } from './support/runes';
import { renderToHtml } from './support/ssr';
import { ada, appState, bob, cy, mainSettings, schedule } from './support/state';

// The module's own type would pull the page's bridge (DOM globals) into this Node project's type check.
interface SwapModule {
  SwapState: new (
    model: () => AppState,
    mine: { scheduleId: string; start: string; end: string },
  ) => { scheduleId: string; shifts(nowMs: number): { name: string; start: string; end: string }[] };
}
const runes = await loadRunes<SwapModule>(rendererFile('lib/swap.svelte.ts'));
const VIEW = fileURLToPath(new URL('../../renderer/src/views/SwapView.svelte', import.meta.url));

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

const offered = (shifts: { name: string; start: string; end: string }[]) => shifts.map((x) => [x.name, x.start, x.end]);

afterEach(() => vi.useRealTimers());

describe('teammates’ shifts offered to swap for mine', () => {
  it('on my schedule: none that shares time with my block, none of Cy (on with me then), Ada’s split where her partner changes', () => {
    const swap = new runes.subject.SwapState(() => model(pair), MINE);
    expect(offered(swap.shifts(NOW))).toEqual([
      ['Ada Lovelace', '2026-05-04T20:00:00Z', '2026-05-05T07:00:00Z'],
      ['Ada Lovelace', '2026-05-05T07:00:00Z', '2026-05-05T15:00:00Z'],
    ]);
  });

  it('on another schedule of the account: the same times are offered, even exactly my block’s; none of Cy, on with me', () => {
    const swap = new runes.subject.SwapState(() => model(pair), MINE);
    swap.scheduleId = 'sch_other';
    expect(offered(swap.shifts(NOW))).toEqual([
      ['Ada Lovelace', MINE.start, MINE.end],
      ['Ada Lovelace', '2026-05-04T22:00:00Z', '2026-05-05T07:00:00Z'],
    ]);
  });

  it('no teammate’s shift read can be swapped: the form says so, not that none was read', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    // Cy is on with me over my whole block, and no other teammate's time is read on Platform.
    const html = await renderToHtml(VIEW, { model: model([span(MINE.start, MINE.end, [bob, cy])]), params: MINE });
    const none = /data-testid="swap-none"[^>]*>([^<]*)</.exec(html)?.[1]?.trim();
    expect(none).toBe(
      'No teammate’s shift read on this schedule from now on can be swapped for yours: each overlaps yours, or is of someone on call with you then, or is one you are on call in too.',
    );
    expect(html).not.toContain('name="theirs"');
  });

  it('a teammate’s shift already begun is not one that could have been swapped: the form says none was read', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    // Ada from 07:00 (begun at 08:00), then me alone over my block.
    const platform = [span('2026-05-04T07:00:00Z', MINE.start, [ada]), span(MINE.start, MINE.end, [bob])];
    const html = await renderToHtml(VIEW, { model: model(platform), params: MINE });
    const none = /data-testid="swap-none"[^>]*>([^<]*)</.exec(html)?.[1]?.trim();
    expect(none).toBe('No teammate’s shift read on this schedule from now on.');
  });
});
