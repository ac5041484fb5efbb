// Issue 47, "no text is patched after it is made": the popover's one-line form of a sync problem ("… · showing saved
// data from 10:30") and an account's heading ("Main: …") were made by cutting the status message's full stop, so a
// message of the service's own two sentences read "… (HTTP 500). Try again later · showing saved data", and any
// rewording of the message broke them. The status now carries its clause, made by its maker (the failing sources in
// the app's words, the service's wait said in it). Real engine over the simulator on loopback, a fake clock.
// Failed before: the line and the heading were the client's sentences cut ("Try again later · showing …").
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { staleLine } from '../../../renderer/src/lib/glance';
import { accountHeading } from '../../../renderer/src/lib/accounts';
import { ZONE } from './support';

const MIN = 60_000;

async function failing(fault: { status: number; retryAfter?: string }) {
  const h: Harness = await createHarness({ startMs: Date.parse('2026-03-10T09:30:00Z'), seed: opsSeed });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(MIN);
  for (const route of ['getSchedule', 'listShifts', 'listCoverageRequests'] as const) h.sim.faults.set(route, fault);
  await h.clock.advance(90 * MIN);
  const state = engine.getState();
  const ctx = { nowMs: h.clock.now(), locale: 'en-GB', localZone: ZONE };
  return { state, line: staleLine(state, ctx)?.text, heading: state.accounts.map(accountHeading) };
}

describe('a sync problem said on a line that goes on is its maker’s clause, never its sentence cut', () => {
  it('every read fails (HTTP 500): the line and the heading name what could not be refreshed', async () => {
    const { state, line, heading } = await failing({ status: 500 });
    expect(state.sync.kind).toBe('error');
    const what = "Couldn't refresh Ops (service error), coverage requests (service error)";
    // "last updated": the status line above already says "(saved data)" (said once on the glance).
    expect(line).toBe(`${what} · last updated 10:30`);
    expect(heading).toEqual([`${state.accounts[0]?.label ?? ''}: ${what}`]);
    // The sentence form is said whole where there is room for it (the tray, `status`).
    expect(state.sync.kind === 'error' && state.sync.message).toMatch(/\.$/);
  }, 30_000);

  it('the service asked to wait (429, Retry-After): the wait is part of the clause, and no sentence is cut', async () => {
    const { line, heading } = await failing({ status: 429, retryAfter: '3600' });
    // The service asked for 60 min; the app asks again after 15 (adv47 r27 #2): said as the app's, in the clause.
    const wait = 'The service asked to wait until \\d\\d:\\d\\d; the app tries again at \\d\\d:\\d\\d';
    expect(line).toMatch(new RegExp(`^Couldn't refresh Ops \\(rate limited\\).*\\. ${wait} · last`));
    expect(heading[0]).toMatch(new RegExp(`${wait}$`));
    for (const t of [line, ...heading]) expect(t).not.toMatch(/\.( ·|$)/);
  }, 30_000);
});
