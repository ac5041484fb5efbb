// adv49 r34 F1: "a pause shows on the icon, tooltip and popover until it ends". Where no fold of Windows' 127-character
// tooltip fit, its last fold put each "Phone may still ring at …" line (one per shift) and each ringing alarm's
// word-for-word identical "Phone not alerted: …" line ahead of the pause, and the cut at a whole line dropped the pause
// (85 of 127 characters used). Now repeated phone lines are one counted line, as the menu says them ("Your phone may
// still ring for 2 shifts"), and the last fold keeps my state, the alarms and the pause ahead of the phone lines.
// States from the tray budget's world builder; the alarms' phone words from main's own maker (missed.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unsentWords } from '../../../electron/core/escalation/missed';
import { trayTooltip } from '../../../electron/core/state/tray-menu';
import type { AppState } from '../../../electron/shared/view-state';
import { NOW, ZONE, stateOf, worldArb, type World } from './support/tray-world';

const MAX = 127;
const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 300);
// The world's pause ends an hour after NOW (08:00 UTC): 11:00 in Berlin, in its whole or its fewest words.
const PAUSE = /^(Notifications paused|Paused) until 11:00$/m;
const REFUSED = 'could not connect (ECONNREFUSED)';

const base: World = {
  accounts: 1,
  schedules: 3,
  alarms: [],
  failing: [false, false, false],
  notReady: false,
  paused: true,
  shortcut: false,
  login: false,
  update: false,
  phones: 0,
  asks: false,
  coverage: 'fresh',
  halfHandoff: false,
  halfSwaps: 0,
};

/** Each ringing alarm's phone alert refused by a closed port, worded by main (tried once, tried again each minute). */
function withRefusedPhones(s: AppState): AppState {
  const words = unsentWords({ tries: 1, nextMs: NOW + 60_000, atMs: NOW, error: REFUSED }, false);
  const said = (a: NonNullable<AppState['alarm']>) =>
    a.ringing ? { ...a, phone: words.said, phoneMiss: words.miss } : a;
  return { ...s, alarm: s.alarm && said(s.alarm), otherAlarms: (s.otherAlarms ?? []).map(said) };
}

const cutOf = (s: AppState): string => trayTooltip(s, NOW, ZONE, { maxChars: MAX });
const repeated = (text: string): string[] => text.split('\n').filter((l, i, all) => l !== '…' && all.indexOf(l) !== i);

describe("the pause stays on Windows' tooltip beside repeated phone lines (adv49 r34 F1)", () => {
  for (const phones of [2, 3])
    for (const accounts of [1, 3])
      it(`${accounts} account(s), paused, ${phones} "may still ring" lines: one counted line and the pause`, () => {
        const cut = cutOf(stateOf({ ...base, phones, accounts }));
        expect(cut.length).toBeLessThanOrEqual(MAX);
        expect(cut.split('\n')[0]).toMatch(/^Next on call: /);
        expect(cut).toMatch(PAUSE);
        expect(cut.split('\n')).toContain(`Phone may still ring for ${phones} shifts`);
        expect(repeated(cut)).toEqual([]);
      });

  for (const ringing of [2, 3, 6])
    it(`1 account, paused, ${ringing} ringing alarms whose phone alert was refused: one counted line and the pause`, () => {
      const alarms = Array.from({ length: ringing }, () => ({ ringing: true }));
      const cut = cutOf(withRefusedPhones(stateOf({ ...base, alarms })));
      expect(cut.length).toBeLessThanOrEqual(MAX);
      expect(cut.split('\n')[0]).toMatch(/^Next on call: /);
      expect(cut).toMatch(PAUSE);
      expect(cut).toMatch(new RegExp(`^${ringing} alarms (not acknowledged|unacknowledged)$`, 'm'));
      expect(cut.split('\n')).toContain(`Phone not alerted (${ringing} alarms): ${REFUSED}`);
      expect(repeated(cut)).toEqual([]);
    });

  it('over generated worlds (1–3 accounts, 0–6 alarms, 0–3 phone lines, refused alerts): paused, the pause stays', () => {
    const arb = fc.record({
      world: worldArb,
      accounts: fc.constantFrom(1, 3),
      alarms: fc.array(fc.record({ ringing: fc.boolean() }), { minLength: 0, maxLength: 6 }),
      phones: fc.integer({ min: 0, max: 3 }),
      refused: fc.boolean(),
    });
    fc.assert(
      fc.property(arb, ({ world, accounts, alarms, phones, refused }) => {
        const w: World = { ...world, accounts, alarms, phones, paused: true };
        const state = refused ? withRefusedPhones(stateOf(w)) : stateOf(w);
        const cut = cutOf(state);
        expect(cut.length).toBeLessThanOrEqual(MAX);
        expect(cut.split('\n')[0]).toMatch(/^Next on call: /);
        expect(cut).toMatch(PAUSE);
        expect(repeated(cut.split('\n').slice(0, 4).join('\n'))).toEqual([]);
      }),
      { numRuns: NUM_RUNS },
    );
  }, 60_000);

  it('alarms whose alert may have landed are counted as "outcome unknown", never "not alerted"; others apart', () => {
    const unknown = unsentWords({ tries: 1, nextMs: Infinity, error: 'no answer in 10 s', unknown: true }, false);
    const refused = withRefusedPhones(
      stateOf({ ...base, alarms: Array.from({ length: 4 }, () => ({ ringing: true })) }),
    );
    // The first two alarms' alerts may have landed; the last two were refused.
    const un = (a: NonNullable<AppState['alarm']>, i: number) =>
      i < 2 ? { ...a, phone: unknown.said, phoneMiss: unknown.miss } : a;
    const all = [refused.alarm, ...(refused.otherAlarms ?? [])].flatMap((a) => a ?? []).map(un);
    const cut = cutOf({ ...refused, alarm: all[0] ?? null, otherAlarms: all.slice(1) });
    expect(cut).toMatch(PAUSE);
    expect(cut.split('\n')).toContain('Phone alert outcome unknown (2 alarms): no answer in 10 s');
    expect(cut).not.toMatch(/\(4 alarms\)/);
    expect(repeated(cut)).toEqual([]);
  });
});
