// Issue 52 (known item 2; adv52 r47 #1): the service moved my user to another e-mail and the app told me so before it
// was closed. After a restart, before any read has said under which e-mail the service lists me now, Settings' e-mail
// may be a colleague's by now: a write "for me" is refused with words saying so (session-identity.ts writeAs), and
// nothing is POSTed. Real engine, simulator, fake clock, a real data folder.
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

const MIN = 60_000;
const START = Date.parse('2026-03-10T10:00:00Z');
const MOVED = 'mia.meyer@example.com';

const moveMe = (h: Harness) => {
  const me = h.sim.state.users.get('usr_me');
  if (me) me.email = MOVED;
};

describe('a write for me after a restart, the move told before it and no read since', () => {
  it('is refused as "not known which e-mail it lists you under", and nothing is sent', async () => {
    const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    let e = h.engine();
    await h.clock.runWhileAdvancing(e.start(), 1000, 60);
    await h.clock.advance(5 * MIN);
    moveMe(h);
    await h.clock.runWhileAdvancing(e.handlers['sync:refresh'](null));
    // Told in this run: the service lists my user under MOVED.
    const told = e.getState().notices.map((n) => n.message);
    expect(told.some((m) => m.includes(MOVED))).toBe(true);
    await h.clock.runWhileAdvancing(e.stop());
    // Alice on call (17:00–01:00 UTC): an override putting me on call for two hours, from the override form.
    await h.clock.advanceTo(Date.parse('2026-03-10T17:30:00Z'));
    // Restarted while the service can't be read: no read settles who I am. The form's write reads no schedule
    // through the sync first, so it meets the told move with nothing newer.
    h.sim.faults.set('*', { status: 503 });
    e = h.engine();
    await h.clock.runWhileAdvancing(e.start(), 1000, 60);
    expect(e.getState().notices.some((n) => n.message.includes(MOVED))).toBe(false);
    h.sim.faults.clear();
    const posts = h.sim.requests.count({ route: 'createOverride' });
    const result = await h.clock.runWhileAdvancing(
      e.handlers['override:create']({ scheduleId: OPS_ID, window: { kind: 'next_hours', hours: 2 }, emails: [] }),
    );
    const sent = h.sim.requests.count({ route: 'createOverride' }) - posts;
    await h.clock.runWhileAdvancing(e.stop());
    await h.close();
    expect(sent).toBe(0);
    expect(result.ok).toBe(false);
    const message = result.ok ? '' : result.error.message;
    expect(message).toContain('Nothing was sent');
    expect(message).toContain(`listed you under another e-mail than ${ME}`);
    expect(message).toContain('it is not known which one it lists you under now');
  }, 60_000);
});
