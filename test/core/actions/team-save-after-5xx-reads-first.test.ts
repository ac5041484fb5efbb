// A team rename answered 502 that the service applies 20 s late (adv48 round 31 #3, case A): three seconds of the
// old name prove nothing, so it is not called "most likely not saved"; and Save pressed again reads the team first,
// so a manager's rename since is said, never written over with the old intent.
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { MAIN_ACCOUNT_ID } from '../../../electron/shared/accounts';

const START = Date.parse('2026-03-25T10:00:00Z');
const RENAME = { accountId: MAIN_ACCOUNT_ID, teamId: 'tea_core', name: 'Core SRE' };

async function world() {
  const seed = threeZoneSeed();
  seed.api_keys.push({ key: 'ocs_manager', user_id: 'usr_alice' });
  const h = await createHarness({ startMs: START, seed, files: 'memory' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  const earlier = h.sim.state.teams.get('tea_core')?.name;
  h.sim.faults.set('updateTeam', { status: 502, applyAfterMs: 20_000, times: 1 });
  const first = await h.clock.runWhileAdvancing(engine.handlers['team:update'](RENAME));
  return { h, engine, earlier, first };
}

const teamInApp = (engine: Awaited<ReturnType<typeof world>>['engine']) =>
  engine.getState().schedules[0]?.teams.find((t) => t.id === 'tea_core')?.name;

describe('team rename answered 502, applied 20 s late', () => {
  it(
    'says the outcome is unknown with what the team shows, never "most likely not saved"',
    { timeout: 60_000 },
    async () => {
      const { h, engine, earlier, first } = await world();
      expect(earlier).toBe('Core');
      expect(first.ok).toBe(false);
      const error = first.ok ? undefined : first.error;
      expect(error?.kind).toBe('outcome_unknown');
      expect(error?.message).not.toMatch(/most likely not saved/);
      expect(error?.message).toContain(`still shows its earlier values (called “${earlier}”)`);
      expect(error?.message).toContain('may still apply');
      await h.clock.advance(60_000);
      await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
      expect(h.sim.state.teams.get('tea_core')?.name).toBe(RENAME.name);
      expect(teamInApp(engine)).toBe(RENAME.name);
    },
  );

  it('Save again after a manager renamed it since: nothing sent, the new name said', { timeout: 60_000 }, async () => {
    const { h, engine } = await world();
    await h.clock.advance(30_000);
    await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null)); // the late apply lands and is read
    const r = await fetch(`${h.sim.url}/teams/tea_core`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-api-key': 'ocs_manager' },
      body: JSON.stringify({ name: 'Platform' }),
    });
    expect(r.status).toBe(200);
    const patches = () => h.sim.requests.all().filter((x) => x.method === 'PATCH').length;
    const before = patches();
    const again = await h.clock.runWhileAdvancing(engine.handlers['team:update'](RENAME));
    expect(patches()).toBe(before);
    expect(h.sim.state.teams.get('tea_core')?.name).toBe('Platform');
    expect(again.ok).toBe(false);
    const error = again.ok ? undefined : again.error;
    expect(error?.kind).toBe('changed_since_planned');
    expect(error?.message).toContain('Changed since: the team is now called “Platform”');
    expect(teamInApp(engine)).toBe('Platform');
  });

  it('Save again while the team still shows its earlier values sends it, once', { timeout: 60_000 }, async () => {
    const seed = threeZoneSeed();
    const h = await createHarness({ startMs: START, seed, files: 'memory' });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(1_000);
    h.sim.faults.set('updateTeam', { status: 502, times: 1 }); // not applied
    const first = await h.clock.runWhileAdvancing(engine.handlers['team:update'](RENAME));
    expect(first.ok).toBe(false);
    const again = await h.clock.runWhileAdvancing(engine.handlers['team:update'](RENAME));
    expect(again.ok && again.value.name).toBe(RENAME.name);
    expect(h.sim.state.teams.get('tea_core')?.name).toBe(RENAME.name);
    expect(h.sim.requests.all().filter((x) => x.method === 'PATCH').length).toBe(2);
  });
});
