// A person renamed at the service while on call, no override made, so the schedule's revision does not move and its
// saved shifts are not read again for up to ~2 h (adv47 r24 #3). The latest read of the schedule names them by their
// new name: every surface says that name (names come from the newest read that names the person, by user id).
import { describe, expect, it } from 'vitest';
import { createClient } from '../../../electron/api/client';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { surfaces } from '../truth/support';

const MIN = 60_000;

describe('a person renamed at the service between reads of the saved shifts', () => {
  it('every surface names them as the latest read does, not as the older read of the shifts did', async () => {
    // Ops (UTC): Bob 01–09, me 09–17, Alice 17–01. Start 05:00 UTC: Bob is on call now, I am next.
    const h = await createHarness({ startMs: Date.parse('2026-03-10T05:00:00Z'), seed: opsSeed });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    const engine = h.engine({ alarms: false });
    await engine.start();
    await h.clock.advance(MIN);
    const bob = h.sim.state.users.get('usr_bob');
    const me = h.sim.state.users.get('usr_me');
    if (!bob || !me) throw new Error('seed');
    h.sim.state.users.set('usr_bob', { ...bob, name: 'Robert Stone' });
    h.sim.state.users.set('usr_me', { ...me, name: 'Mia Schmidt' });
    await h.clock.advance(60 * MIN);
    // What the service says now, read with the same key (independent of the app's own reads).
    const client = createClient({ baseUrl: h.sim.url, getApiKey: () => h.sim.apiKey });
    const s = await client.getSchedule(OPS_ID);
    client.close();
    const nowNames = s.ok ? (s.value.current_oncall_shift?.users.map((u) => u.name) ?? []) : [];
    const nextNames = s.ok ? (s.value.next_oncall_shift?.users.map((u) => u.name) ?? []) : [];
    expect(nowNames).toEqual(['Robert Stone']);
    expect(nextNames).toEqual(['Mia Schmidt']);
    const text = surfaces(engine.getState(), h.clock.now());
    await engine.stop();
    for (const [surface, words] of Object.entries(text)) {
      expect(words, surface).not.toMatch(/Bob Stone|Mia Meyer/);
    }
    expect(text.menu).toContain(`Now: ${nowNames[0] ?? '?'}`);
    expect(text.status).toContain(nowNames[0] ?? '?');
  }, 60_000);
});
