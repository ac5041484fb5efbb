// Issue 52, adv52 round 52 #1: a saved item's id is a claim like any other. The app makes it from the item's own
// schedule and start; one it could not have made (an impossible date, another block's start, free text) was resumed
// and sent without a word, since only the schedule part was checked. Now it is dropped in the same words as an id
// naming another schedule, the file kept aside, said once. Real engine, real files, the simulator, a fake clock.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BLOCK, resumeSaved, savedItem as item } from './support/saved-run';

async function resumeWith(items: object[]) {
  const { h, engine } = await resumeSaved(items);
  const got = await engine.handlers['handoff:get'](null);
  if (!got.ok) throw new Error('handoff:get failed');
  const again = await engine.handlers['handoff:get'](null);
  const writes = h.sim.requests.all().filter((r) => r.method !== 'GET');
  const aside = readdirSync(h.dir).filter((f) => f.startsWith('handoff.json.bad-'));
  const keptText = aside.map((f) => readFileSync(join(h.dir, f), 'utf8'));
  await engine.stop();
  // Each run has its own folder: the notice names the file kept there, compared with the folder set aside.
  const said = (n: string | null) => (n === null ? null : n.split(h.dir).join('<folder>'));
  const notice = said(got.value.notice);
  const againNotice = said(again.ok ? again.value.notice : 'failed');
  return { status: got.value, notice, againNotice, writes, aside, keptText };
}

/** What the app says of an entry whose id it did not make, as it words an id naming another schedule. */
const otherScheduleNotice = async (): Promise<string | null> =>
  (await resumeWith([item({ id: `sch_newyork|${BLOCK.start}` })])).notice;

describe('a saved item whose id the app could not have made', () => {
  it.each([
    ['an impossible date (one bit flipped)', 'sch_berlin|2026-03-66T08:00:00.000Z'],
    ['another block’s start (Alice’s, the times mine)', 'sch_berlin|2026-03-25T08:00:00.000Z'],
    ['free text', 'sch_berlin|hello world'],
  ])('%s: nothing sent, dropped as an entry the app did not make, kept aside, said once', async (_, id) => {
    const expected = await otherScheduleNotice();
    expect(expected).toMatch(/\(an entry the app did not make\)/);
    const saved = item({ id });
    const r = await resumeWith([saved]);
    expect(r.writes).toEqual([]);
    expect(r.status.run).toBeNull();
    expect(JSON.stringify(r.status)).not.toContain(id);
    expect(r.notice).toBe(expected);
    expect(r.notice).toContain(`<folder>/${r.aside[0]}`);
    expect(r.againNotice).toBe(r.notice);
    // Kept aside as it was: the file's own text, the item in it untouched.
    expect(r.keptText).toEqual([expect.stringContaining(`"items":${JSON.stringify([saved])}`)]);
  });

  it('the id the app makes from the item’s own schedule and start is kept and sent', async () => {
    const r = await resumeWith([item({})]);
    expect(r.writes.map((w) => w.route)).toEqual(['createOverride']);
    expect(r.notice).toBeNull();
    expect(r.status.said?.items[`sch_berlin|${BLOCK.start}`]).toBe('Alice Doe covers it ✓');
  });
});
