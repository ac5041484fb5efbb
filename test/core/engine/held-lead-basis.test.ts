// Issue 47 (round 8, finding 1): a lead held by quiet hours while its account answered 500 is worded when the summary
// is shown, from what is known then: once the account reads fresh again, its line says no "saved data"; when it is
// down again after a restart, its line gives the one basis every other line of that account gives (the newest read),
// never the basis it was held on. Two accounts (Work, Acme: 2-h blocks from Wed 08:00Z, me: erin), from Wed 22:30Z
// (a short world: under 5 s), quiet hours
// 22:00–07:00 Berlin; Acme answers 500 after its first read, is back at Thu 02:00Z.
import { describe, expect, it } from 'vitest';
import { twoServices } from './support/two-services';

const MIN = 60_000;
const at = (iso: string): number => Date.parse(iso);

async function heldSummary(mode: 'fresh' | 'restart-down'): Promise<string[]> {
  const w = await twoServices(at('2026-03-04T22:30:00Z'), (seed) => {
    const layer = seed.schedules[0]?.layers[0];
    if (!layer) throw new Error('no layer');
    layer.rotation_start = '2026-03-04T08:00:00Z';
    layer.shift_length = { amount: 2, unit: 'hours' };
  });
  const h = w.harness;
  const settings: unknown = JSON.parse((await h.files.read('settings.json')) ?? '{}');
  const quietHours = { enabled: true, start: '22:00', end: '07:00' };
  await h.files.writeAtomic('settings.json', JSON.stringify({ ...Object(settings), quietHours }));
  await w.engine.start();
  await h.clock.advance(MIN);
  w.acme.faults.set('*', { status: 500 });
  await h.clock.advanceTo(at('2026-03-05T02:00:00Z'));
  w.acme.faults.clear();
  await w.engine.handlers['sync:refresh'](null);
  await h.clock.advance(5 * MIN);
  if (mode === 'restart-down') {
    await w.engine.stop();
    w.acme.faults.set('*', { status: 500 });
    w.engine = h.engine({ alarms: false });
    await w.engine.start();
  }
  await h.clock.advanceTo(at('2026-03-05T06:30:00Z'));
  const summary = h.notifier.shown.find((n) => n.title.startsWith('Acme · ') && /while notifications/.test(n.title));
  await w.engine.stop();
  return summary?.body.split('\n') ?? [];
}

describe('engine: a held lead is worded from what is known when the summary is shown', () => {
  it('says nothing of saved data once its account reads fresh again', async () => {
    const lines = await heldSummary('fresh');
    // Due Thu 00:00Z (01:00 Berlin, quiet, Acme down); shown 06:00Z: the Fri 00:00Z block is 18 h ahead.
    expect(lines).toContain('On call in 18 h: Platform primary Fri 01:00–03:00');
    for (const line of lines) expect(line).not.toMatch(/saved data from Wed/i);
  }, 120_000);

  it('gives one basis, the newest read, on every line of the account when it is down again', async () => {
    const lines = await heldSummary('restart-down');
    expect(lines).toContain('On call in 18 h (according to saved data from 03:04): Platform primary Fri 01:00–03:00');
    const opening = lines
      .map((l) => /according to saved data from ((?:\w{3} )?\d\d:\d\d)/i.exec(l)?.[1])
      .filter(Boolean);
    expect(new Set(opening)).toEqual(new Set(['03:04']));
  }, 120_000);
});
