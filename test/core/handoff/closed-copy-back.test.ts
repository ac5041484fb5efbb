// A hand-off that ended or was closed, then an older copy of handoff.json (and its mark) put back by a backup or
// sync tool (adv52 r57 #1–#3): the next start sends nothing of it, keeps the copy aside and says so once. The run's
// end is recorded, signed, in handoff-closed.json (closed-runs.ts). Each failed before the fix: the start sent the
// override with no press ("1 of 1 handed off"), or said a refused shift as "the app stopped before sending it".
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FileStore } from '../../../electron/core/ports';
import { CLOSED_RUNS_FILE } from '../../../electron/core/handoff/closed-runs';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const T0 = Date.parse('2026-03-24T10:00:00Z');
type Harness = Awaited<ReturnType<typeof createHarness>>;
type Copy = { name: string; text: string };
type EndRecord = { runs: { how: string; mac?: string }[] };
const readRecord = async (h: Harness): Promise<EndRecord> =>
  JSON.parse(await readFile(join(h.dir, CLOSED_RUNS_FILE), 'utf8')) as EndRecord;

/** I'm away for one shift, Create all refused by the service (400), then Closed or not; every write recorded. */
async function refusedRun(close: boolean): Promise<{ h: Harness; copies: Copy[] }> {
  const h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
  const copies: Copy[] = [];
  const inner = h.files;
  const files: FileStore = {
    ...inner,
    location: inner.location,
    read: (n) => inner.read(n),
    backup: (n) => inner.backup(n),
    remove: (n) => inner.remove(n),
    writeAtomic: async (n, t) => (copies.push({ name: n, text: t }), inner.writeAtomic(n, t)),
  };
  const engine = h.engine({ files });
  await h.clock.runWhileAdvancing(engine.start(), 1000, 60);
  const range = { from: '2026-03-26', to: '2026-03-26' };
  const plan = await h.clock.runWhileAdvancing(engine.handlers['handoff:plan']({ range }));
  if (!plan.ok) throw new Error('plan failed');
  const items = plan.value.rows
    .filter((r) => r.scheduleId.endsWith('sch_berlin'))
    .map((r) => ({ ...r, email: 'alice@example.com' }));
  expect(items).toHaveLength(1);
  h.sim.faults.set('createOverride', { status: 400, times: 1 });
  const made = await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }), 1000, 300);
  if (!made.ok) throw new Error('create failed');
  if (close) await h.clock.runWhileAdvancing(engine.handlers['handoff:dismiss'](null), 1000, 60);
  await h.clock.runWhileAdvancing(engine.handoffIdle(), 1000, 60);
  await engine.stop();
  expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
  return { h, copies };
}

/** The older copy put back: the last handoff.json that held the item as pending, and the mark written before it. */
async function putBack(h: Harness, copies: Copy[], how: { mark: boolean; dropMarked?: boolean }): Promise<void> {
  const at = copies
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => c.name === 'handoff.json' && c.text.includes('"pending"'));
  const last = at[at.length - 1]!;
  const run = JSON.parse(last.c.text) as { marked?: boolean };
  if (how.dropMarked) delete run.marked;
  await writeFile(join(h.dir, 'handoff.json'), JSON.stringify(run));
  const mark = copies
    .slice(0, last.i)
    .reverse()
    .find((c) => c.name === 'handoff-current.json');
  if (how.mark) await writeFile(join(h.dir, 'handoff-current.json'), mark!.text);
}

/** The next start, given time to resume: what it sent and what it says. */
async function restart(h: Harness) {
  const before = h.sim.requests.count({ route: 'createOverride' });
  const again = h.engine();
  await h.clock.runWhileAdvancing(again.start(), 1000, 60);
  await h.clock.runWhileAdvancing(again.handoffIdle(), 1000, 120);
  await h.clock.advance(30_000);
  await h.clock.runWhileAdvancing(again.handoffIdle(), 1000, 120);
  const got = await again.handlers['handoff:get'](null);
  await again.stop();
  if (!got.ok) throw new Error('get failed');
  return { sent: h.sim.requests.count({ route: 'createOverride' }) - before, status: got.value };
}

const gone = (h: Harness, name: string) =>
  readFile(join(h.dir, name), 'utf8').then(
    () => false,
    () => true,
  );

describe('closed-copy-back: a hand-off closed after the service refused it, an older copy put back', () => {
  it('handoff.json and its mark put back: nothing is sent, the copy is kept aside and said once', async () => {
    const { h, copies } = await refusedRun(true);
    const record = await readRecord(h);
    // Signed with the record key, as the app's other records.
    expect(record.runs.at(-1)?.how).toBe('closed');
    expect(record.runs.at(-1)?.mac).toMatch(/^[0-9a-f]{64}$/);
    await putBack(h, copies, { mark: true });
    const first = await restart(h);
    expect(first.sent).toBe(0);
    expect(first.status.run).toBeNull();
    expect(first.status.notice).toMatch(
      /An older copy of an I'm away hand-off you had closed was put back: nothing of it is sent\. It was kept as .*handoff\.json\.bad-/,
    );
    expect(await gone(h, 'handoff.json')).toBe(true);
    expect(await gone(h, 'handoff-current.json')).toBe(true);
    const second = await restart(h);
    expect(second.sent).toBe(0);
    expect(second.status.notice ?? '').not.toMatch(/older copy/);
  }, 60_000);

  it('handoff.json alone, its "marked" field removed: nothing is sent (adv52 r57 #3)', async () => {
    const { h, copies } = await refusedRun(true);
    await putBack(h, copies, { mark: false, dropMarked: true });
    const after = await restart(h);
    expect(after.sent).toBe(0);
    expect(after.status.notice).toMatch(/you had closed was put back/);
  }, 60_000);

  it('not closed, ended by the refusal: handoff.json put back is not sent, said as a hand-off that had ended', async () => {
    const { h, copies } = await refusedRun(false);
    await putBack(h, copies, { mark: true });
    const after = await restart(h);
    expect(after.sent).toBe(0);
    expect(after.status.notice).toMatch(/hand-off that had already ended was put back: nothing of it is sent/);
  }, 60_000);

  it("an entry of the record the app didn't sign is not taken: the copy is resumed as before, its mark checked", async () => {
    const { h, copies } = await refusedRun(true);
    const record = await readRecord(h);
    const runs = record.runs.map((r) => ({ ...r, mac: '0'.repeat(64) }));
    await writeFile(join(h.dir, CLOSED_RUNS_FILE), JSON.stringify({ ...record, runs }));
    await putBack(h, copies, { mark: false });
    const after = await restart(h);
    // Without its mark, the copy sends nothing unasked (run-current.ts) and is said as its read of the service finds it.
    expect(after.sent).toBe(0);
    expect(after.status.notice ?? '').not.toMatch(/older copy/);
    expect(after.status.run?.items).toHaveLength(1);
  }, 60_000);
});

describe('closed-copy-back: a refused shift read back as "pending" (adv52 r57 #2)', () => {
  it('with the record of ended runs gone too: not sent, and never said as "stopped before sending"', async () => {
    const { h, copies } = await refusedRun(false);
    await putBack(h, copies, { mark: false });
    await rm(join(h.dir, CLOSED_RUNS_FILE));
    const after = await restart(h);
    expect(after.sent).toBe(0);
    const words = JSON.stringify(after.status.said);
    expect(words).not.toMatch(/stopped before sending/);
    expect(words).toMatch(/may have been sent before the app stopped, and the schedule still shows it as yours/);
  }, 60_000);
});
