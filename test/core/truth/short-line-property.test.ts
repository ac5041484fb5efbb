// Issue 47, round 7: the tooltip's short first line (what the OS cut leaves: 127 characters on Windows) is a
// statement too, and must be true. With two accounts back to back it said "On call: Acme until Thu 09:00" while Acme
// had me off from Wed 09:00 (it named only the first account, with the whole run's end). In the generated worlds of
// 2–3 accounts, every short form names exactly the accounts of my run now, in their order, and the run's end, as
// the oracle (world-run.ts) has them. Failed before on the named case and in generated worlds. FC_RUNS=n runs n.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shortStateLines, TOOLTIP_GLANCE_CHARS } from '../../../electron/core/state/tray-tooltip';
import { trayTooltip } from '../../../electron/core/state/tray-menu';
import { endProblem, expectedRuns, worldsArb, type ExpectedRun } from './world-run';
import { combined, NOW, PROPERTY_TIMEOUT_MS, ZONE, type AccountWorld } from '../state/support/accounts-world';

const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 15);

/** The accounts a short line names, as groups ("Acme and Work, then Globex"): each group's names sorted. */
const groupsIn = (names: string): string[][] => names.split(', then ').map((g) => g.split(' and ').sort());

function checkShortLines(world: readonly AccountWorld[]): number {
  const state = combined(world, undefined, true);
  const run: ExpectedRun | null = expectedRuns(world).now;
  const lines = shortStateLines(state, { nowMs: NOW, localZone: ZONE, locale: undefined });
  // The glance at Windows' limit leads with the full line (checked by the registry property) or one of these.
  const first = trayTooltip(state, NOW, ZONE, { maxChars: TOOLTIP_GLANCE_CHARS }).split('\n')[0] ?? '';
  if (/^On call: [^·]*$|^On call on \d+ accounts /.test(first)) expect(lines, first).toContain(first);
  let checked = 0;
  for (const line of lines) {
    const named = /^On call: (.+?) until /.exec(line);
    const counted = /^On call on (\d+) accounts /.exec(line);
    if (!named && !counted) continue;
    expect(run, `${line} — the world has me on call now`).not.toBeNull();
    if (!run) continue;
    const slots = run.accounts ?? [];
    const all = new Set(slots.flat());
    if (named?.[1] !== undefined) {
      // True of each account it names: those on call now first, then ones the world has me on call for in the run,
      // together covering all of it up to the end it gives.
      const groups = groupsIn(named[1]);
      expect(groups[0], `${line} — on call now`).toEqual([...(slots[0] ?? [])].sort());
      for (const name of groups.flat()) expect(all, `${line} — ${name} in the run`).toContain(name);
      for (const [j, onCall] of slots.entries())
        expect(
          onCall.some((a) => groups.flat().includes(a)),
          `${line} — slot ${j} of the run`,
        ).toBe(true);
    }
    if (counted) expect(Number(counted[1]), line).toBeLessThanOrEqual(all.size);
    expect(endProblem(line, run), line).toBeNull();
    checked += 1;
  }
  return checked;
}

describe('issue 47: the tooltip short line names the run as it is', () => {
  it('two accounts back to back: "On call: Acme, then Work until …", never the first account alone', () => {
    // Work has me in the slot after now's, Acme now: my run is Acme then Work.
    const world: AccountWorld[] = [
      {
        condition: 'healthy',
        slots: [
          [1, 1, 0, 1],
          [1, 1, 1, 1],
        ],
        asks: false,
      },
      {
        condition: 'healthy',
        slots: [
          [1, 0, 1, 1],
          [1, 1, 1, 1],
        ],
        asks: false,
      },
    ];
    const state = combined(world, undefined, true);
    expect(shortStateLines(state, { nowMs: NOW, localZone: ZONE, locale: undefined })[0]).toMatch(
      /^On call: Acme, then Work until /,
    );
    expect(checkShortLines(world)).toBeGreaterThan(0);
  });

  it(
    'in generated worlds of 2–3 accounts',
    () => {
      fc.assert(
        fc.property(worldsArb, (world) => {
          checkShortLines(world);
        }),
        { numRuns: NUM_RUNS, seed: Number(process.env['FC_SEED'] ?? 47) },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
