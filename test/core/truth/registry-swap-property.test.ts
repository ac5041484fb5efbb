// Issue 47, round 14 #1: the swap form over the registry, in generated worlds of 2–3 accounts (holes, outages).
// For each block of mine the state lists, the form's "Your shift: … · <window>" and its preview ("Erin covers your
// …", "You cover Erin's …") are worded by the form's own module. The oracle is the world: whether the account's
// read failed (its blocks rest on saved data, from 10:00 Berlin) or was read well (fresh, here or by another account
// of the same service). My block from saved data says so, as My shifts and the week do; from fresh data it doesn't.
// Their block (the one after mine) says saved data or unknown where it isn't fresh.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { everyText } from '../../support/text-registry';
import {
  accountOf,
  combined,
  HOUR,
  NOW,
  PROPERTY_TIMEOUT_MS,
  ZONE,
  type AccountWorld,
} from '../state/support/accounts-world';
import { localTime, savedFor, worldsArb } from './world-run';

const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 15);
const KINDS = ['swap-mine', 'swap-covers', 'swap-you-cover'];

function check(world: readonly AccountWorld[]): void {
  const state = combined(world, undefined, true);
  const said = everyText({ state, nowMs: NOW, localZone: ZONE });
  const forms = said.filter((s) => s.surface === 'form-preview' && KINDS.includes(s.kind ?? ''));
  expect(forms.length).toBe(state.me.shifts.length * KINDS.length);
  for (const s of forms) {
    const i = world.findIndex((w, k) => accountOf(k, w).id === s.accountId);
    const w = world[i];
    const where = `${s.kind} (${w?.condition ?? '?'}): ${s.text}`;
    const saved = savedFor(world, i);
    if (s.kind === 'swap-you-cover') {
      if (saved) expect(s.text, where).toMatch(/\((saved data[^)]*|unknown: [^)]+)\)\.$/);
      else expect(s.text, where).not.toMatch(/saved data/);
      continue;
    }
    if (saved) expect(s.text, `${where} — rests on saved data`).toMatch(/ \(saved data from 10:00\)\.?$/);
    else expect(s.text, `${where} — fresh`).not.toMatch(/saved data/);
  }
}

describe('issue 47 round 14 #1: the swap form over the registry', () => {
  it(
    'states my block and theirs with the basis each rests on, in generated worlds of 2–3 accounts',
    () => {
      expect(localTime(NOW - 3 * HOUR)).toBe('10:00');
      fc.assert(
        fc.property(worldsArb, (world) => check(world)),
        { numRuns: NUM_RUNS, seed: Number(process.env['FC_SEED'] ?? 47) },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
