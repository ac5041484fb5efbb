// Adversarial round 17 (issue 47, finding 4): two accounts on one service both watch Ops; Main (listed first) is
// muted, Work speaks for the shift (its reminders and start alarm come through Work, as readiness itself says). The
// readiness warning ("Not ready for your shift … Shift-start alarm: off", later "Ops shows saved data") never came:
// Main's mute silenced it. One account's settings never change what another's statements say: the warning is
// skipped only when every account that speaks for the shift is silent, and comes named with the one that speaks.
// Failed before: no warning at all with Main muted.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/engine-harness';
import { seedOf } from '../support/seeds';
import { MIN } from '../../support/time';

const START = Date.parse('2026-03-10T20:00:00Z');
const at = (iso: string) => Date.parse(iso);
const FEW_READS = { idleIntervalSec: 3600, nearIntervalSec: 600, nearWindowMin: 30 };
let open: Harness | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

/** Me 09–17Z on Ops (Bob 01–09Z, Alice 17–01Z); the start alarm off for Ops on both accounts. */
async function world(muted: readonly ('main' | 'work')[], down = false) {
  const seed = seedOf([
    {
      id: 'sch_ops',
      name: 'Ops',
      zone: 'Etc/UTC',
      rotationStart: '2026-03-01T01:00:00Z',
      userIds: ['usr_bob', 'usr_me', 'usr_alice'],
      length: { amount: 8, unit: 'hours' },
    },
  ]);
  const h = await createHarness({ startMs: START, seed });
  open = h;
  const rem = { reminders: { leadTimesMin: [15], atStart: true, atEnd: false, shiftChanges: true, startAlarm: 'off' } };
  const acc = (id: 'main' | 'work', label: string) => ({
    id,
    label,
    baseUrl: h.sim.url,
    email: 'me@example.com',
    muted: muted.includes(id),
    schedules: [{ id: 'sch_ops', ...rem }],
  });
  await h.files.writeAtomic(
    'settings.json',
    JSON.stringify({
      version: 2,
      startAtLogin: true,
      refresh: FEW_READS,
      accounts: [acc('main', 'Main'), acc('work', 'Work')],
    }),
  );
  await h.secrets.set(`main@${new URL(h.sim.url).host}`, h.sim.apiKey);
  await h.secrets.set(`work@${new URL(h.sim.url).host}`, h.sim.apiKey);
  const e = h.engine();
  await e.start();
  await h.clock.advance(5 * MIN);
  if (down) {
    await h.clock.advanceTo(at('2026-03-11T04:00:00Z'));
    h.sim.faults.set('*', { status: 500 });
    await h.clock.advanceTo(at('2026-03-11T05:30:00Z'));
  }
  const warnings = h.notifier.shown.filter((n) => n.title.includes('Not ready for your shift'));
  await e.stop();
  return warnings.map((n) => `${n.title} | ${n.body}`);
}

describe('the readiness warning of a shift two accounts of one service watch', () => {
  it('the first muted: the warning comes, named with Work, which speaks for the shift', async () => {
    const shown = await world(['main']);
    expect(shown).toEqual([
      'Work · Not ready for your shift | Work · Not ready for your shift at Wed 10:00 (09:00 UTC) — Shift-start alarm: off for this schedule.',
    ]);
  }, 30_000);

  it('neither muted: the same warning, named with Main (the first)', async () => {
    const shown = await world([]);
    expect(shown).toEqual([
      'Main · Not ready for your shift | Main · Not ready for your shift at Wed 10:00 (09:00 UTC) — Shift-start alarm: off for this schedule.',
    ]);
  }, 30_000);

  it('both muted: no warning (nothing speaks for the shift)', async () => {
    expect(await world(['main', 'work'])).toEqual([]);
  }, 30_000);

  it('the first muted, reads failing: the saved-data warning comes through Work too', async () => {
    const shown = await world(['main'], true);
    expect(shown.some((s) => s.startsWith('Work · Not ready for your shift |') && s.includes('saved data'))).toBe(true);
    expect(shown.filter((s) => s.includes('Main ·'))).toEqual([]);
  }, 30_000);
});
