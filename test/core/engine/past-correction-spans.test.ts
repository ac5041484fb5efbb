// Issue 47 (round 5, findings 1 and 2): a correction of time already past names each span that was not mine (and
// who had it), never one window over the time between them that was mine; and one owed after a long pause is told
// when the pause ends, not dropped for its age. One account, Acme (erin/frank; me: erin), whose blocks start 11:00Z;
// after its first read it answers 500 and two hours of my first block go to Frank.
import { describe, expect, it } from 'vitest';
import { serviceSeed } from '../../support/two-service-seeds';
import { closeAfterTest } from '../../support/closing';
import { createHarness, type Harness } from '../support/engine-harness';

const START = Date.parse('2026-03-04T10:00:00Z');
const MIN = 60_000;
const KEY = 'ocs_acme_key_2222';
const at = (iso: string): number => Date.parse(iso);

/** My block Wed 11:00–(11 + hours):00Z; Frank gets 12:00–13:00Z and 14:00–15:00Z of it while Acme is down. */
async function twoHoursGiven(hours: number): Promise<{ h: Harness; engine: ReturnType<Harness['engine']> }> {
  const seed = serviceSeed(KEY, ['erin', 'frank']);
  const layer = seed.schedules[0]?.layers[0];
  if (!layer) throw new Error('no layer');
  layer.rotation_start = '2026-03-04T11:00:00Z';
  layer.shift_length = { amount: hours, unit: 'hours' };
  const h = closeAfterTest(await createHarness({ startMs: START, seed, files: 'fs' }));
  const account = { id: 'acme', label: 'Acme', baseUrl: h.sim.url, email: 'erin@example.com' };
  await h.files.writeAtomic(
    'settings.json',
    JSON.stringify({ version: 2, startAtLogin: true, accounts: [{ ...account, schedules: [{ id: 'sch_primary' }] }] }),
  );
  await h.secrets.set(`acme@${new URL(h.sim.url).host}`, KEY);
  const engine = h.engine({ alarms: false });
  await engine.start();
  await h.clock.advance(MIN);
  h.sim.faults.set('*', { status: 500 });
  const frank = { userIds: ['usr_frank'] };
  for (const [from, to] of [
    ['12:00', '13:00'],
    ['14:00', '15:00'],
  ])
    h.sim.state.addOverride(
      'sch_primary',
      { startMs: at(`2026-03-04T${from}:00Z`), endMs: at(`2026-03-04T${to}:00Z`), ...frank },
      h.clock.now(),
    );
  return { h, engine };
}

const corrected = (h: Harness): string[] =>
  h.notifier.shown.flatMap((n) => n.body.split('\n')).filter((l) => /Frank Person was on call/.test(l));

describe('engine: a correction of time already past', () => {
  it('names each span that was not mine, not the time between them', async () => {
    const { h, engine } = await twoHoursGiven(5);
    await h.clock.advanceTo(at('2026-03-04T16:30:00Z'));
    h.sim.faults.clear();
    await engine.handlers['sync:refresh'](null);
    await h.clock.advance(5 * MIN);
    const said = corrected(h);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^Frank Person was on call Platform primary 13:00–14:00 and 15:00–16:00, not you\./);
    await engine.stop();
  }, 30_000);

  it('owed during a long pause: told once when the pause ends, the app closed meanwhile', async () => {
    const { h, engine } = await twoHoursGiven(5);
    await h.clock.advanceTo(at('2026-03-04T16:10:00Z'));
    // Longer than a day (the tray's "until tomorrow" chosen after midnight is 33 h; settings take any instant).
    const until = '2026-03-06T08:00:00.000Z';
    await engine.handlers['settings:update']({ pausedUntil: until });
    h.sim.faults.clear();
    await engine.handlers['sync:refresh'](null);
    await h.clock.advance(5 * MIN);
    expect(corrected(h)).toEqual([]);
    // Held for the pause's end; the app is closed until after it (a shut-down laptop).
    await engine.stop();
    await h.clock.advanceTo(Date.parse(until) + 30 * MIN);
    const again = h.engine({ alarms: false });
    await again.start();
    await h.clock.advance(5 * MIN);
    expect(corrected(h)).toHaveLength(1);
    await again.stop();
  }, 30_000);
});
