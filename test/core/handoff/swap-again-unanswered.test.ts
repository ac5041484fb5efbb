// adv48 round 8 (minor): the app stopped while a swap's first side was on its way and it never left (no answer,
// nothing stored); started again, "Swap" is pressed again. The service holds exactly the plan: no manager changed
// anything. The swap says what away says of that world ("Can't confirm it: its answer never came …"), one wording
// for one world, never "Changed since …" of the user's own side. Pair world, fake clock, a restart.
import { afterEach, describe, expect, it } from 'vitest';
import type { OncallClient } from '../../../electron/api/client-types';
import { MAY_HAVE_LANDED } from '../../../electron/shared/handoff-text';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME } from '../support/seeds';
import { overridesOn, pairSeed, START, SWAP } from './support/pair-world';

const STILL_CHECKING =
  "Can't confirm yet — checking: the first attempt's answer never came and the schedule does not show it yet, but the service may still apply it, so nothing was sent again. Pressing again looks at the schedule first and says whether it shows it; the app has not seen this service mark its writes (its revision did not move on one), so it is not sent again.";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('swap pressed again after a restart where its first side never left', () => {
  it('words it as away does and sends nothing', async () => {
    const hh = await createHarness({ startMs: START, seed: pairSeed(), files: 'fs' });
    h = hh;
    await seedSettings(hh, { email: ME, scheduleIds: ['sch_pair', 'sch_solo'] });
    // The first engine's write never leaves the app: its answer never comes.
    const hang = (c: OncallClient): OncallClient => ({ ...c, createOverride: () => new Promise(() => undefined) });
    const first = hh.engine({ wrapClient: hang });
    await first.start();
    await hh.clock.advance(1_000);
    void first.handlers['swap:create'](SWAP);
    await hh.clock.advance(2_000);
    await first.stop();
    await hh.clock.advance(60_000);

    const engine = hh.engine();
    await engine.start();
    await hh.clock.advance(1_000);
    const again = await hh.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP));
    if (!again.ok) throw new Error(again.error.message);
    expect(again.value.text).not.toMatch(/Changed since/);
    // Its record is saved before the write now (adv48 r19 #1), so inside the 2 minutes it is still being checked;
    // either way the words are away's "Can't confirm … its answer never came", and nothing is sent.
    expect([MAY_HAVE_LANDED, STILL_CHECKING]).toContain(again.value.mine.message);
    expect(again.value.theirs.state).toBe('not_sent');
    expect(hh.sim.requests.count({ route: 'createOverride' })).toBe(0);
    expect(overridesOn(hh, 'sch_pair')).toHaveLength(0);
  }, 30_000);
});
