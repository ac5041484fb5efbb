// adv47 r45 (issue 47): a restart with saved data whose API key the keychain refuses (or that has no key at all). No
// read can come, yet each schedule's and the coverage list's basis said "Showing saved data; not refreshed yet." hours
// later, on status, its --json and the popover: a refresh promised that can't come. The basis says why none comes
// (the keychain, or no key), and stays dated to the saved read. Real engine, simulator, files on disk, fake clock.
import { describe, expect, it } from 'vitest';
import type { SecretStore } from '../../../electron/core/ports';
import type { AppState } from '../../../electron/shared/view-state';
import { createHarness, seedSettings, MemorySecrets } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { surfaces, ZONE } from '../truth/support';
import { RefusingSecrets } from './support/locked-secrets';

const MIN = 60_000;
const START = Date.parse('2026-03-10T06:00:00Z');

/** Run 1 reads Ops and the coverage list with its key and stops; run 2 starts on `secrets` and runs into the shift. */
async function restartedIntoShift(secrets: SecretStore) {
  const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  const one = h.engine({ localZone: () => ZONE });
  await one.start();
  await h.clock.advance(MIN);
  const first = one.getState();
  if (!first.me.nextShift) throw new Error('run 1 read no next shift of mine');
  await h.clock.runWhileAdvancing(one.stop());
  const two = h.engine({ localZone: () => ZONE, secrets });
  await h.clock.runWhileAdvancing(two.start());
  await h.clock.advanceTo(Date.parse(first.me.nextShift.start) + 30 * MIN);
  const state = two.getState();
  const s = surfaces(state, h.clock.now());
  await h.clock.runWhileAdvancing(two.stop());
  await h.close();
  return { first, state, s };
}

/** Every source's basis in a state: its kind, since when, and why. */
function bases(state: AppState) {
  return [...state.schedules.map((x) => x.status), state.coverage.status].map((st) => ({
    kind: st.kind,
    since: 'since' in st ? st.since : undefined,
    reason: 'reason' in st ? st.reason : undefined,
  }));
}

describe("restart with saved data and no readable key: each source's basis says no refresh can come", () => {
  it('the keychain refuses the key: saved data from the last read, and the keychain named as why', async () => {
    const w = await restartedIntoShift(new RefusingSecrets());
    const label = w.state.accounts[0]?.label ?? '';
    const saved = [...w.first.schedules.map((x) => x.status), w.first.coverage.status].map((st) =>
      st.kind === 'fresh' ? st.at : st.kind,
    );
    expect(bases(w.state)).toEqual(
      saved.map((since) => ({
        kind: 'stale',
        since,
        reason: `Showing saved data; can't refresh: the key for ${label} couldn't be read from the keychain.`,
      })),
    );
    for (const [surface, text] of Object.entries(w.s)) expect(text, surface).not.toMatch(/not refreshed yet/);
    expect(w.s.status).toMatch(/Ops \[sch_ops\] .*showing saved data from 07:00: .*keychain/);
  }, 90_000);

  it('no key in the keychain at all: the missing key named as why', async () => {
    const w = await restartedIntoShift(new MemorySecrets());
    const label = w.state.accounts[0]?.label ?? '';
    for (const b of bases(w.state)) {
      expect(b.kind).toBe('stale');
      expect(b.reason).toBe(`Showing saved data; can't refresh: no API key for ${label}.`);
    }
    for (const [surface, text] of Object.entries(w.s)) expect(text, surface).not.toMatch(/not refreshed yet/);
  }, 90_000);
});
