// Swap: while a side's outcome is unknown the form looks again every few seconds until main knows. A look main
// does not answer (a refused or lost call) is no news: the form keeps what it shows and the next look still comes,
// so "checking…" still turns into the truth without a click.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SwapResult, SwapSide } from '../../electron/shared/handoff';
import type { AppState } from '../../electron/shared/view-state';
import { loadRunes, rendererFile } from './support/runes';
import { appState, schedule } from './support/state';

// The module's own type would pull the page's bridge (DOM globals) into this Node project's type check.
interface SwapModule {
  CHECK_EVERY_MS: number;
  SwapState: new (
    model: () => AppState,
    mine: { scheduleId: string; start: string; end: string },
  ) => {
    shown: SwapResult | null;
    problem: string;
    swap(theirs: { key: string; email: string; name: string; start: string; end: string }): Promise<void>;
    choose(key: string): void;
  };
}
const runes = await loadRunes<SwapModule>(rendererFile('lib/swap.svelte.ts'));

const side = (over: Partial<SwapSide>): SwapSide => ({
  scheduleId: 'sch_a',
  start: '2026-12-01T09:00:00Z',
  end: '2026-12-01T17:00:00Z',
  email: 'bob@example.com',
  others: [],
  state: 'handed_off',
  message: '',
  ...over,
});
const result = (theirs: SwapSide['state']): SwapResult => ({
  mine: side({}),
  theirs: side({ start: '2026-12-03T09:00:00Z', end: '2026-12-03T17:00:00Z', email: 'me@example.com', state: theirs }),
  back: null,
  text: `theirs ${theirs}`,
});

type Call = { channel: string; request: unknown };
let calls: Call[];
let answers: ((channel: string) => unknown)[];

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
  answers = [];
  const invoke = (channel: string, request: unknown): Promise<unknown> => {
    calls.push({ channel, request });
    const next = answers.shift();
    return Promise.resolve(next ? next(channel) : { ok: false, error: { kind: 'bridge', message: 'no answer' } });
  };
  vi.stubGlobal('window', { oncall: { invoke } });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The swap form for my Tue on schedule A, as the view makes it. */
function mySwap() {
  const model = appState({ schedules: [schedule({ id: 'sch_a' })] });
  const mine = { scheduleId: 'sch_a', start: '2026-12-01T09:00:00Z', end: '2026-12-01T17:00:00Z' };
  return runes.inRoot(() => new runes.subject.SwapState(() => model, mine)).value;
}

describe('a swap whose second side is unknown', () => {
  it('keeps looking after a look main did not answer, and shows the side handed off once main knows', async () => {
    const swap = mySwap();
    answers.push(() => ({ ok: true, value: result('unknown') }));
    await swap.swap({
      key: 'k',
      start: '2026-12-03T09:00:00Z',
      end: '2026-12-03T17:00:00Z',
      email: 'bob@example.com',
      name: 'Bob',
    });
    expect(swap.shown?.theirs.state).toBe('unknown');

    answers.push(() => ({ ok: false, error: { kind: 'bridge', message: 'OnCall Tray did not answer. Try again.' } }));
    await vi.advanceTimersByTimeAsync(runes.subject.CHECK_EVERY_MS);
    expect(calls.map((c) => c.channel)).toEqual(['swap:create', 'swap:settle']);
    // Nothing new was learnt: what is shown stays, and no send-again advice appears for a look.
    expect([swap.shown?.theirs.state, swap.problem]).toEqual(['unknown', '']);

    answers.push(() => ({ ok: true, value: result('handed_off') }));
    await vi.advanceTimersByTimeAsync(runes.subject.CHECK_EVERY_MS);
    expect(calls.map((c) => c.channel)).toEqual(['swap:create', 'swap:settle', 'swap:settle']);
    expect(calls.at(-1)?.request).toMatchObject({ action: 'check' });
    expect(swap.shown?.theirs.state).toBe('handed_off');

    // Settled: no more looks.
    await vi.advanceTimersByTimeAsync(runes.subject.CHECK_EVERY_MS * 3);
    expect(calls).toHaveLength(3);
  });
});

describe('a swap main refused', () => {
  it('says nothing of it once another shift is chosen', async () => {
    const swap = mySwap();
    const refusal = 'Nothing was sent: the schedule does not show them on call then (or isn’t fresh).';
    answers.push(() => ({ ok: false, error: { kind: 'validation', message: refusal } }));
    const theirs = {
      key: 'bob|1',
      start: '2026-12-03T09:00:00Z',
      end: '2026-12-03T17:00:00Z',
      email: 'bob@example.com',
      name: 'Bob',
    };
    swap.choose(theirs.key);
    await swap.swap(theirs);
    expect(swap.problem).toBe(refusal);
    swap.choose('bob|2');
    expect(swap.problem).toBe('');
  });
});

describe('a half-done swap opened from the glance (issue 49, round 3 F5)', () => {
  it('opens on main’s answer for my block, with Retry and Hand back, and sends nothing by itself', () => {
    const half = { accountId: 'main' as AppState['accounts'][number]['id'], name: 'Bob', result: result('not_landed') };
    const model = { ...appState({ schedules: [schedule({ id: 'sch_a' })] }), halfSwaps: [half] };
    const mine = { scheduleId: 'sch_a', start: '2026-12-01T09:00:00Z', end: '2026-12-01T17:00:00Z' };
    const swap = runes.inRoot(() => new runes.subject.SwapState(() => model, mine)).value;
    expect(swap.shown?.theirs.state).toBe('not_landed');
    expect(calls).toEqual([]);
    const other = { ...mine, start: '2026-12-02T09:00:00Z', end: '2026-12-02T17:00:00Z' };
    expect(runes.inRoot(() => new runes.subject.SwapState(() => model, other)).value.shown).toBeNull();
  });
});
