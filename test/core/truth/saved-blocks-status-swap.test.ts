// Issue 47, adversarial round 3: my blocks from saved data, as `status` lists them and as the tray offers to swap
// them. Two services, Work (alice) and Acme (erin), "sch_primary" daily from 09:00 Berlin; after one good read
// Work's key is revoked and Work's manager gives my later Work blocks to Bob, while Acme stays fresh. `status`'s
// "Your shifts" must mark each Work block "(saved data from 11:00)" and leave Acme's unmarked; the tray's "Swap my
// next shift" must offer a fresh block only (Acme's), naming its account. Real engine, two simulators on loopback,
// fake clock.
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { twoServices } from '../engine/support/two-services';
import { ME, seedOf } from '../support/seeds';
import { formatStatus } from '../../../electron/cli/status-format';
import { buildTrayMenu, type TrayMenuItem } from '../../../electron/core/state/tray-menu';
import type { AppState } from '../../../electron/shared/view-state';

const MIN = 60_000;
const ZONE = 'Europe/Berlin';
function swapItem(state: AppState, nowMs: number): TrayMenuItem | undefined {
  return buildTrayMenu(state, nowMs, ZONE).find((i) => i.type === 'action' && i.action === 'open-swap');
}

/** `status`'s "Your shifts" lines (after its heading, up to the next unindented line). */
function shiftLines(status: string): string[] {
  const lines = status.split('\n');
  const from = lines.findIndex((l) => l.startsWith('Your shifts'));
  const rest = lines.slice(from + 1);
  const end = rest.findIndex((l) => !l.startsWith('  '));
  return from < 0 ? [] : rest.slice(0, end < 0 ? rest.length : end);
}

describe('round 3: my blocks from saved data in "Your shifts" and the tray swap', () => {
  it('marks the unread account’s blocks in `status` and offers only a fresh block to swap, named', async () => {
    const { harness: h, engine } = await twoServices(Date.parse('2026-03-04T10:00:00Z'), undefined, {});
    const clock = h.clock;
    await engine.start();
    await clock.advance(MIN);
    // The good read: my later blocks of each account (the expectations below are taken from it, not from the code).
    const later = (id: string) =>
      engine.getState().me.shifts.filter((m) => m.accountId === id && Date.parse(m.start) > clock.now());
    const work = later('work');
    const acmeBlocks = later('acme');
    expect(work.length).toBeGreaterThan(0);
    expect(acmeBlocks.length).toBeGreaterThan(0);
    h.sim.state.revokeKey('ocs_work_key_1111');
    for (const m of work)
      h.sim.state.addOverride(
        'sch_primary',
        { startMs: Date.parse(m.start), endMs: Date.parse(m.end), userIds: ['usr_bob'] },
        clock.now(),
      );
    await clock.advance(30 * MIN);
    const state = engine.getState();
    expect(state.accounts.find((a) => a.id === 'work')?.sync.kind).toBe('key_rejected');
    const nowMs = clock.now();
    // `status`: every Work line says its basis (read at 11:00 Berlin), no Acme line does.
    const lines = shiftLines(formatStatus(state, { nowMs, localZone: ZONE }));
    const workLines = lines.filter((l) => l.includes('Work · '));
    const acmeLines = lines.filter((l) => l.includes('Acme · '));
    expect(workLines.length).toBeGreaterThan(0);
    expect(acmeLines.length).toBeGreaterThan(0);
    for (const l of workLines) expect(l).toMatch(/\(saved data from 11:00\)$/);
    for (const l of acmeLines) expect(l).not.toMatch(/saved data/);
    // The tray: Acme's first later block (fresh), named; never Work's (from saved data, Bob's by now).
    const first = acmeBlocks[0]!;
    const swap = swapItem(state, nowMs);
    expect(swap?.type === 'action' ? swap.params : undefined).toEqual({
      scheduleId: first.scheduleId,
      start: first.start,
      end: first.end,
    });
    // Not "my next shift": Work's blocks rest on saved data, so whether an earlier one is still mine is unknown
    // (adv47 r10 #4).
    expect(swap && 'label' in swap ? swap.label : '').toMatch(/^Swap my shift \(Acme · .*\)…$/);
  });

  it('with one account whose reads fail, offers no swap and marks its listed blocks', async () => {
    // Pay: daily 09:00 New York, Alice then me; I am on call 10 Mar 13:00Z → 11 Mar 13:00Z and every other day.
    const seed = seedOf([
      {
        id: 'sch_pay',
        name: 'Pay',
        zone: 'America/New_York',
        rotationStart: '2026-03-01T14:00:00Z',
        userIds: ['usr_alice', 'usr_me'],
        length: { amount: 1, unit: 'days' },
      },
    ]);
    const h = await createHarness({ startMs: Date.parse('2026-03-10T18:00:00Z'), seed, files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_pay'] });
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(MIN);
    expect(swapItem(engine.getState(), h.clock.now())).toBeDefined();
    h.sim.faults.set('listShifts', { status: 500 });
    h.sim.faults.set('getSchedule', { status: 500 });
    await h.clock.advance(30 * MIN);
    const state = engine.getState();
    const nowMs = h.clock.now();
    expect(state.me.shifts.every((m) => m.basis.kind === 'saved')).toBe(true);
    expect(swapItem(state, nowMs)).toBeUndefined();
    const lines = shiftLines(formatStatus(state, { nowMs, localZone: ZONE }));
    expect(lines.length).toBe(state.me.shifts.length);
    for (const l of lines) expect(l).toMatch(/\(saved data from 19:00\)$/);
  });
});
