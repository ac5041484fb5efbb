// adv47 r46 (issue 47): a restart with saved data while the keychain refuses the API key. Every glance surface marks
// the data as saved from the last read and names the keychain; the write forms did not: the override preview and its
// "who could cover" list read the saved data as fresh (no read since the start said so), Take over now, Hand back and
// Create said "Set the service address and your API key first." (a key is stored: only the keychain refused it), and
// Away said "the last read failed" when no read was tried. The control is the same world with a 503 outage instead:
// the same saved data, which every form already marks. Real engine, simulator, files on disk, fake clock.
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { ZONE } from '../truth/support';
import { RefusingSecrets } from './support/locked-secrets';

const MIN = 60_000;
const START = Date.parse('2026-03-10T06:00:00Z');

const WINDOW = { kind: 'next_hours' as const, hours: 2 as const };
type Answer = { ok: true } | { ok: false; error: { kind: string; message: string } };
const said = (r: Answer) => (r.ok ? 'ok' : `${r.error.kind}: ${r.error.message}`);

/** Run 1 reads Ops with its key and stops; run 2 starts (the keychain locked, or the service down) 5 min on. */
async function restarted(kind: 'refused' | 'outage') {
  const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  const one = h.engine({ localZone: () => ZONE });
  await one.start();
  await h.clock.advance(MIN);
  await h.clock.runWhileAdvancing(one.stop());
  if (kind === 'outage') h.sim.faults.set('*', { status: 503 });
  const two = h.engine({ localZone: () => ZONE, ...(kind === 'refused' ? { secrets: new RefusingSecrets() } : {}) });
  await h.clock.runWhileAdvancing(two.start());
  await h.clock.advance(5 * MIN);
  const run = <T>(p: Promise<T>) => h.clock.runWhileAdvancing(p);
  const preview = await run(two.handlers['override:preview']({ scheduleId: OPS_ID, window: WINDOW, emails: [] }));
  const candidates = await run(two.handlers['override:candidates']({ scheduleId: OPS_ID, window: WINDOW }));
  const takeOver = await run(two.handlers['take-over:now']({ scheduleId: OPS_ID }));
  const handBack = await run(two.handlers['take-over:hand-back']({ scheduleId: OPS_ID }));
  const create = await run(
    two.handlers['override:create']({ scheduleId: OPS_ID, window: WINDOW, emails: ['alice@example.com'] }),
  );
  const plan = await run(two.handlers['handoff:plan']({ reread: false }));
  const state = two.getState();
  await run(two.stop());
  await h.close();
  return { preview, candidates, takeOver, handBack, create, plan, state };
}

describe('restart with saved data while the keychain refuses the key: the write forms say what the glance says', () => {
  it('the override preview and who could cover mark the saved data as saved, as in an outage', async () => {
    const outage = await restarted('outage');
    const refused = await restarted('refused');
    if (!outage.preview.ok || !refused.preview.ok) throw new Error('no preview');
    expect(outage.preview.value.basis.kind, 'the control marks it').toBe('saved');
    expect(refused.preview.value.basis).toMatchObject({
      kind: 'saved',
      savedAt: 'savedAt' in outage.preview.value.basis ? outage.preview.value.basis.savedAt : 'none',
    });
    expect(refused.preview.value.words?.replaces).toBe(outage.preview.value.words?.replaces);
    expect(outage.preview.value.words?.replaces, 'the control marks its words').toMatch(/saved data from 07:00/);
    if (!outage.candidates.ok || !refused.candidates.ok) throw new Error('no candidates');
    const details = (c: typeof outage.candidates) => (c.ok ? c.value.map((x) => [x.email, x.detail]) : []);
    expect(details(refused.candidates)).toEqual(details(outage.candidates));
  }, 120_000);

  it('Take over now, Hand back and Create name the keychain, in the words and kind the status says', async () => {
    const w = await restarted('refused');
    expect(w.state.sync.kind).toBe('needs_setup');
    const status = 'message' in w.state.sync ? w.state.sync.message : '';
    for (const answer of [w.takeOver, w.handBack, w.create]) expect(said(answer)).toBe(`needs_setup: ${status}`);
  }, 120_000);

  it("Away's rows rest on saved data without claiming a read failed (none was tried)", async () => {
    const w = await restarted('refused');
    if (!w.plan.ok) throw new Error(w.plan.error.message);
    const label = w.state.accounts[0]?.label ?? 'none';
    const ops = w.state.schedules.find((s) => s.id === OPS_ID)?.status;
    const reason = ops?.kind === 'stale' ? ops.reason : 'not saved data';
    expect(reason).toContain(`the key for ${label} couldn't be read from the keychain`);
    expect(w.plan.value.excluded.length).toBeGreaterThan(0);
    for (const row of w.plan.value.excluded) {
      expect(row.why).toBe(`saved data from 07:00 (${reason})`);
      expect(row.why).not.toMatch(/failed/);
    }
  }, 120_000);
});
