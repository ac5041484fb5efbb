// adv52 round 15 #1: a lost answer on service A is a claim about A. The account "main" then points at service B (same
// schedule ids): after a restart (settings.json edited while closed) the A entry held back the create on B for the
// 2-minute settle and told of a "first attempt" B never saw (B got 0 creates); removing the account left
// lost-answers.json in the folder. Failed before: B got 0 creates, and the file stayed after removal.
import { readdir, readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator } from '../../../electron/simulator/server';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const START = Date.parse('2026-03-25T10:00:00Z');
const REQ = {
  scheduleId: 'sch_berlin',
  window: { kind: 'custom' as const, start: '2026-03-25T12:00:00.000Z', end: '2026-03-25T14:00:00.000Z' },
  emails: ['bob@example.com'],
};
const OTHER = 'written for another service address or user than';

let h: Harness | undefined;
let closeB: (() => Promise<void>) | undefined;
afterEach(async () => {
  await closeB?.();
  await h?.close();
});

describe('a lost answer written for another service address', () => {
  it('never holds back a create on the new address; dropped and said once, the file kept aside', async () => {
    h = await createHarness({ startMs: START, seed: threeZoneSeed(), files: 'fs' });
    const hh = h;
    const simB = await startSimulator({ seed: threeZoneSeed(), now: () => hh.clock.now() });
    closeB = () => simB.close();
    await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
    const first = h.engine();
    await first.start();
    await h.clock.advance(1000);
    h.sim.faults.set('createOverride', { status: 504, applyAfterMs: 10 * 3_600_000, times: 1 });
    const lost = await h.clock.runWhileAdvancing(first.handlers['override:create'](REQ));
    expect(lost.ok && lost.value.status).not.toBe('created');
    await h.secrets.set(`main@${new URL(simB.url).host}`, simB.apiKey);
    await first.stop();
    const text = await readFile(`${h.dir}/settings.json`, 'utf8');
    await h.files.writeAtomic('settings.json', text.replace(h.sim.url, simB.url));
    const second = h.engine();
    await second.start();
    await h.clock.advance(61_000);
    const onB = await h.clock.runWhileAdvancing(second.handlers['override:create'](REQ));
    expect(onB.ok && onB.value.status).toBe('created');
    expect(simB.requests.count({ route: 'createOverride' })).toBe(1);
    const told = second.getState().notices.filter((n) => n.message.includes(OTHER) && /lost/.test(n.message));
    expect(told).toHaveLength(1);
    expect((await readdir(h.dir)).some((f) => f.startsWith('lost-answers.json') && f !== 'lost-answers.json')).toBe(
      true,
    );
    await second.stop();
  });

  it('removing the account deletes its lost-answers file', async () => {
    h = await createHarness({ startMs: START, seed: threeZoneSeed(), files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
    const e = h.engine();
    await e.start();
    await h.clock.advance(1000);
    h.sim.faults.set('createOverride', { status: 504, applyAfterMs: 10 * 3_600_000, times: 1 });
    await h.clock.runWhileAdvancing(e.handlers['override:create'](REQ));
    expect(await readdir(h.dir)).toContain('lost-answers.json');
    await h.clock.runWhileAdvancing(e.handlers['settings:update']({ accounts: [] }));
    await h.clock.advance(5000);
    expect(await readdir(h.dir)).not.toContain('lost-answers.json');
    await e.stop();
  });
});
