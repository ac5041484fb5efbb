// A team rename answered 502 (not applied) while a manager renamed it before the read-back (adv48 round 31 #3,
// case B): the app says what the team shows now, with the value, and shows it, never "still shows its earlier
// values" nor the name it had before.
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { MAIN_ACCOUNT_ID } from '../../../electron/shared/accounts';

const START = Date.parse('2026-03-25T10:00:00Z');

async function managerPatch(url: string, body: object) {
  const r = await fetch(`${url}/teams/tea_core`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', 'x-api-key': 'ocs_manager' },
    body: JSON.stringify(body),
  });
  return r.status;
}

describe('team edit: 502 on my rename, a manager renamed it meanwhile', () => {
  it('says what the team shows now, with its value, and the app shows it', { timeout: 60_000 }, async () => {
    const seed = threeZoneSeed();
    seed.api_keys.push({ key: 'ocs_manager', user_id: 'usr_alice' });
    const h = await createHarness({ startMs: START, seed, files: 'memory' });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
    let injected = false;
    const engine = h.engine({
      wrapClient: (c) =>
        new Proxy(c, {
          get(t, p, r) {
            const v: unknown = Reflect.get(t, p, r);
            if (typeof v !== 'function') return v;
            if (p !== 'updateTeam') return (...args: unknown[]): unknown => Reflect.apply(v, t, args);
            return async (...args: unknown[]) => {
              const res: unknown = await Reflect.apply(v, t, args);
              if (!injected) {
                injected = true;
                expect(await managerPatch(h.sim.url, { name: 'Platform' })).toBe(200);
              }
              return res;
            };
          },
        }),
    });
    await engine.start();
    await h.clock.advance(1_000);
    h.sim.faults.set('updateTeam', { status: 502, times: 1 });
    const result = await h.clock.runWhileAdvancing(
      engine.handlers['team:update']({ accountId: MAIN_ACCOUNT_ID, teamId: 'tea_core', name: 'Core SRE' }),
    );
    const service = h.sim.state.teams.get('tea_core')?.name;
    expect(service).toBe('Platform');
    expect(result.ok).toBe(false);
    const message = result.ok ? '' : result.error.message;
    expect(message).not.toContain('still shows its earlier values');
    expect(message).toContain(`someone else's change (called “${service}”)`);
    expect(engine.getState().schedules[0]?.teams.find((t) => t.id === 'tea_core')?.name).toBe(service);
  });
});
