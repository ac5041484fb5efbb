// An account without an e-mail: the app can't tell which of its people I am, so nothing is said of my shifts there.
// Work's e-mail is a person there with no shift in the horizon (one hour of theirs a month on, so Work alone would be
// "not on call"; an e-mail naming no one there is unknown, test/core/engine/identity-fix.test.ts); Acme's is not set
// while Acme's key belongs
// to someone the simulator itself has on call within the horizon. No surface may then say plainly that I am off call
// or have no shift: each scopes the statement to Work and names Acme as not looked at.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTrayMenu, trayTooltip } from '../../../electron/core/state/tray-menu';
import { formatStatus } from '../../../electron/cli/status-format';
import { buildHandoffSummary } from '../../../electron/core/state/handoff-summary';
import { loadPopover, popover } from '../support/popover-text';
import { myBlocks } from '../support/truth';
import { twoServices, type TwoServices } from './support/two-services';
import { DAY, HOUR } from '../../support/time';
import { SEED_USERS } from '../support/seeds';
import { trayLabels } from '../support/tray-labels';

const START = Date.parse('2026-03-04T12:00:00Z');
const ZONE = 'Europe/Berlin';

let world: TwoServices | undefined;
beforeAll(loadPopover, 180_000);

async function started(workEmail = 'carol@example.com'): Promise<TwoServices> {
  world = await twoServices(START);
  const { files, sim } = world.harness;
  // Carol is a person at Work too, with one hour a month on: listed on its schedule, no shift in the horizon.
  const carol = { ...SEED_USERS.carol, email: 'carol@example.com' };
  sim.state.users.set(carol.id, carol);
  sim.state.addOverride(
    'sch_primary',
    { startMs: START + 30 * DAY, endMs: START + 30 * DAY + HOUR, userIds: [carol.id] },
    START,
  );
  const settings = JSON.parse((await files.read('settings.json')) ?? '{}') as { accounts: { email: string }[] };
  settings.accounts[0]!.email = workEmail;
  settings.accounts[1]!.email = '';
  await files.writeAtomic('settings.json', JSON.stringify(settings));
  world.engine = world.harness.engine();
  await world.engine.start();
  await world.harness.clock.advance(5_000);
  return world;
}

describe('engine: an account without an e-mail', () => {
  it('no surface says I am off call or have no shift; the statement is Work’s and Acme is named', async () => {
    const w = await started();
    const now = w.harness.clock.now();
    const state = w.engine.getState();
    // The oracle: Acme's own rotation has its key's owner (erin) on call within the horizon; Work's has not carol.
    const horizonMs = state.settings.horizonDays * DAY;
    expect(await myBlocks(w.acme, ['sch_primary'], 'erin@example.com', now, now + horizonMs)).not.toEqual([]);
    expect(await myBlocks(w.harness.sim, ['sch_primary'], 'carol@example.com', now, now + horizonMs)).toEqual([]);
    expect(state.schedules.map((s) => [s.id, s.status.kind])).toEqual([
      ['work:sch_primary', 'fresh'],
      ['acme:sch_primary', 'fresh'],
    ]);

    const shown = popover(state, now, ZONE);
    expect(shown.me).not.toMatch(/You are not on call|Off call/);
    expect(shown.me).toMatch(/on Work · .*Acme/);
    // The list's empty line is scoped to Work (the status line above it names Acme).
    expect(shown.myShifts).toMatch(/No shift of yours in the next \d+ days on Work · /);

    const tooltip = trayTooltip(state, now, ZONE).split('\n')[0];
    expect(tooltip).not.toBe('Off call');
    expect(tooltip).toMatch(/Acme/);
    const menu = trayLabels(buildTrayMenu(state, now, ZONE));
    expect(menu).not.toContain('No upcoming shift of yours');

    const cli = formatStatus(state, { nowMs: now, localZone: ZONE });
    expect(cli).not.toMatch(/^Your next shift: none in the next \d+ days$/m);
    expect(cli).toMatch(/^Your next shift: none .*on Work · .*Acme/m);
    const summary = buildHandoffSummary(state, { nowMs: now, localZone: ZONE });
    expect(summary).not.toMatch(/^My next block: none in the next \d+ days$/m);
    expect(summary).toMatch(/^My next block: none .*Acme/m);
  }, 120_000);

  it('my next shift on Work is told with Acme named as not looked at (an earlier shift of mine may be there)', async () => {
    const w = await started('bob@example.com');
    const now = w.harness.clock.now();
    const state = w.engine.getState();
    // The oracle: Work's rotation has bob on call later; Acme's has its key's owner (erin) on call now, before that.
    const [work] = await myBlocks(w.harness.sim, ['sch_primary'], 'bob@example.com', now, now + 4 * DAY);
    const [acme] = await myBlocks(w.acme, ['sch_primary'], 'erin@example.com', now, now + 4 * DAY);
    expect(work!.startMs).toBeGreaterThan(now);
    expect(acme!.startMs).toBeLessThan(work!.startMs);
    expect(state.me.nextShift?.accountId).toBe('work');
    expect(popover(state, now, ZONE).me).toMatch(/Work · Platform primary · Thu .* · no e-mail set for Acme/);
    expect(formatStatus(state, { nowMs: now, localZone: ZONE })).toMatch(
      /^Your next known shift: Work · .* · no e-mail set for Acme$/m,
    );
  }, 120_000);
});
