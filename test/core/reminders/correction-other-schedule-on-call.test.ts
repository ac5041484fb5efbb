// A correction of my own give-away says "Not on call at 10:00 after all" only where no other block of mine has me at
// 10:00; while Platform (same account) has me from that very instant, as the tray says, its title is about Ops's time
// (adv47 r30 #2). Real engine, simulator on loopback, fake clock.
import { describe, expect, it } from 'vitest';
import { createHarness } from '../support/engine-harness';
import { API_KEY, opsPlatformSeed } from '../support/seeds';
import { surfaces } from '../truth/support';

const at = Date.parse;
const REM = { leadTimesMin: [15], atStart: true, atEnd: true, shiftChanges: true, startAlarm: 'off' };

/** Thu 12 Mar: Ops 09–17Z (and, when watched, Platform 09Z – Fri 09Z) are mine; I give Ops to Bob at 08:50Z, after
 *  its "On call in 15 min". The notices shown, and the tooltip at 09:10Z. */
async function giveOpsAway(scheduleIds: readonly string[]) {
  const h = await createHarness({ startMs: at('2026-03-12T08:00:00Z'), seed: opsPlatformSeed(), files: 'fs' });
  const account = { id: 'work', label: 'Work', baseUrl: h.sim.url, email: 'me@example.com' };
  const schedules = scheduleIds.map((id) => ({ id, reminders: REM }));
  const settings = { version: 2, startAtLogin: true, accounts: [{ ...account, schedules }] };
  await h.files.writeAtomic('settings.json', JSON.stringify(settings));
  await h.secrets.set(`work@${new URL(h.sim.url).host}`, API_KEY);
  const e = h.engine({ alarms: false });
  await h.clock.runWhileAdvancing(e.start(), 1000, 60);
  await h.clock.advanceTo(at('2026-03-12T08:50:00Z'));
  const window = { kind: 'custom' as const, start: '2026-03-12T09:00:00Z', end: '2026-03-12T17:00:00Z' };
  const write = e.handlers['override:create']({ scheduleId: 'work:sch_ops', window, emails: ['bob@example.com'] });
  await h.clock.runWhileAdvancing(write);
  await h.clock.advanceTo(at('2026-03-12T09:10:00Z'));
  const notes = h.notifier.shown.map((n) => `${n.title} | ${n.body}`).join('\n');
  const s = surfaces(e.getState(), h.clock.now());
  await e.stop();
  await h.close();
  return { notes, tooltip: s.tooltip };
}

const COVERS = 'Bob Stone covers Ops 10:00–18:00 (09:00–17:00 UTC) instead of you.';

describe('a correction of my give-away on one schedule', () => {
  it('while Platform has me at 10:00: its title is about Ops, never "Not on call at 10:00 after all"', async () => {
    const r = await giveOpsAway(['sch_ops', 'sch_plat']);
    expect(r.tooltip).toMatch(/^On call: Platform/);
    expect(r.notes).toContain(`Ops at 10:00 (09:00 UTC) is not yours after all | ${COVERS}`);
    expect(r.notes).not.toMatch(/Not on call at 10:00 \(09:00 UTC\) after all/);
  }, 120_000);

  it('with Ops alone watched (nothing else has me at 10:00): "Not on call at 10:00 after all"', async () => {
    const r = await giveOpsAway(['sch_ops']);
    expect(r.notes).toContain(`Not on call at 10:00 (09:00 UTC) after all | ${COVERS}`);
  }, 120_000);
});
