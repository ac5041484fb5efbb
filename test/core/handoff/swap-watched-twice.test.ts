// Issue 48, across accounts: a swap named through the second account of a service watched twice (the same address
// and e-mail) is the same swap as through the first: planned once, written once, and a manager's change since the
// plan is said in the same words whichever account named it (it said "not a shift of yours the app can read now").
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { serviceSeed } from '../../support/two-service-seeds';
import { createHarness, type Harness } from '../support/engine-harness';

const START = Date.parse('2026-03-04T12:00:00Z'); // Wed; Alice (me) Fri 3/6, Bob Sat 3/7 (daily from Mon 08:00Z)
const KEY = 'ocs_work_key_1111';
const FRI = Date.parse('2026-03-06T08:00:00Z');
const SAT = Date.parse('2026-03-07T08:00:00Z');
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

async function watchedTwice(): Promise<{ h: Harness; engine: Engine }> {
  const seed = serviceSeed(KEY, ['alice', 'bob']);
  seed.users.push({ ...seed.users[1]!, id: 'usr_carol', name: 'Carol Person', email: 'carol@example.com' });
  const h = await createHarness({ startMs: START, seed });
  const account = (id: string, label: string) => ({
    id,
    label,
    baseUrl: h.sim.url,
    email: 'alice@example.com',
    schedules: [{ id: 'sch_primary' }],
  });
  await h.files.writeAtomic(
    'settings.json',
    JSON.stringify({ version: 2, startAtLogin: true, accounts: [account('work', 'Work'), account('again', 'Again')] }),
  );
  await h.secrets.set(`work@${new URL(h.sim.url).host}`, KEY);
  await h.secrets.set(`again@${new URL(h.sim.url).host}`, KEY);
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(5_000);
  return { h, engine };
}

const swapVia = (engine: Engine, account: string) =>
  engine.handlers['swap:create']({
    mine: { scheduleId: `${account}:sch_primary`, start: iso(FRI), end: iso(FRI + DAY) },
    theirs: { scheduleId: `${account}:sch_primary`, start: iso(SAT), end: iso(SAT + DAY), email: 'bob@example.com' },
  });

const overrides = (h: Harness) => h.sim.state.schedules.get('sch_primary')?.overrides ?? [];

describe('a swap named through either account of a service watched twice', () => {
  it('is written once per side, the same as through the first account', async () => {
    const { h, engine } = await watchedTwice();
    const answer = await h.clock.runWhileAdvancing(swapVia(engine, 'again'));
    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.value.text).toMatch(/^Swapped: Bob Person covers your Fri 09:00 – Sat 09:00 on Work · /);
    expect(overrides(h).map((o) => [o.startMs, o.userIds])).toEqual([
      [FRI, ['usr_bob']],
      [SAT, ['usr_alice']],
    ]);
    // Asked again through the first account: already in place, nothing written a second time.
    await h.clock.runWhileAdvancing(swapVia(engine, 'work'));
    expect(overrides(h)).toHaveLength(2);
    await h.close();
  }, 60_000);

  it('a manager gave my Friday to Carol since the plan: both accounts say the same true sentence', async () => {
    const texts: string[] = [];
    for (const account of ['work', 'again']) {
      const { h, engine } = await watchedTwice();
      h.sim.state.addOverride('sch_primary', { startMs: FRI, endMs: FRI + DAY, userIds: ['usr_carol'] }, h.clock.now());
      const answer = await h.clock.runWhileAdvancing(swapVia(engine, account));
      if (!answer.ok) throw new Error(`${account}: ${answer.error.message}`);
      expect(answer.value.mine.state).toBe('changed');
      texts.push(answer.value.text);
      expect(overrides(h)).toHaveLength(1);
      await h.close();
    }
    // Named with the account it is planned through (several accounts), whichever account asked.
    expect(texts[0]).toMatch(/^Nothing was swapped: Bob Person's cover of your Fri 09:00 – Sat 09:00 on Work · /);
    expect(texts[0]).toMatch(/Changed since you planned it: Carol Person now covers Fri /);
    expect(texts[1]).toBe(texts[0]);
  }, 60_000);
});
