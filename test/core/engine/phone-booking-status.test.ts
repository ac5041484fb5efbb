// The phone's booking status is what is booked on the server as far as the app knows (adv50 r6 #1): after a schedule
// is unwatched (its booking cancelled) and watched again, while it is still loading, nothing is booked. Before, the
// status read `booking: "booked"` with `nextBooked: null`; now it reads "none", names the schedule still loading, and
// the readiness line and Settings → Phone say "not booked yet: still loading …".
import { afterEach, describe, expect, it } from 'vitest';
import type { StandIn } from '../../support/phone-standin';
import { OPS_ID } from '../support/seeds';
import { MY_START, SLOW_READS, START, startPhoneEngine, TOPIC } from './support/phone-engine';
import { phoneCheck } from '../../../electron/core/escalation/readiness-checks';
import { EscalationSettingsSchema } from '../../../electron/core/escalation/types';

const MIN = 60_000;

let standIn: StandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

describe('phone booking status: derived from what is booked', () => {
  it('unwatched and watched again, still loading: "none" booked, the schedule named (failed before)', async () => {
    const { h, s, engine } = await startPhoneEngine({ refresh: SLOW_READS });
    standIn = s;
    await engine.phoneIntent({
      kind: 'save',
      settings: { provider: 'ntfy', ntfyServer: s.url, afterMin: 3 },
      secrets: { ntfyTopic: TOPIC },
    });
    await engine.alarmsSettled();
    await h.clock.settle();
    expect(engine.getState().phone).toMatchObject({ booking: 'booked' });
    const update = async (p: Parameters<(typeof engine.handlers)['settings:update']>[0]) => {
      await h.clock.runWhileAdvancing(engine.handlers['settings:update'](p));
      await h.clock.runWhileAdvancing(engine.alarmsSettled());
    };
    const account = engine.getState().settings.accounts[0]!;
    await h.clock.advanceTo(MY_START + MIN);
    await update({ account: { id: account.id, schedules: [] } });
    await h.clock.advanceTo(MY_START + 2 * MIN);
    // Its read held (real time) while the state is looked at: the schedule is still loading then.
    h.sim.faults.set('*', { latencyMs: 1_500, pathIncludes: OPS_ID });
    const rewatched = engine.handlers['settings:update']({ account: { id: account.id, schedules: account.schedules } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const st = engine.getState();
    const loading = st.schedules.filter((x) => x.status.kind === 'loading');
    // What this test is about: the schedule is still loading, and the server holds nothing for today.
    expect(loading.length).toBe(1);
    expect(s.scheduled(TOPIC).filter((m) => m.deliverMs < MY_START + 60 * MIN)).toEqual([]);
    expect(st.phone).toMatchObject({ booking: 'none', loading: [loading[0]!.name] });
    if (st.phone?.nextBooked) expect(Date.parse(st.phone.nextBooked)).toBeGreaterThan(MY_START + 60 * MIN);
    h.sim.faults.clear();
    await h.clock.runWhileAdvancing(rewatched);
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    await h.clock.advance(3_000);
    // Read: booked again for today's T+3, and nothing said loading any more.
    expect(engine.getState().phone).toMatchObject({
      booking: 'booked',
      nextBooked: new Date(MY_START + 3 * MIN).toISOString(),
    });
    expect(engine.getState().phone?.loading).toBeUndefined();
    await engine.stop();
    await h.close();
  }, 30_000);
});

describe('phone readiness line while a schedule loads', () => {
  const base = { settings: EscalationSettingsSchema.parse({ provider: 'ntfy' }), hasSecrets: true, testedAtMs: START };
  const zone = { nowMs: START, localZone: 'UTC' };

  it('nothing booked and a schedule still loading: unknown, "not booked yet: still loading Ops"', () => {
    const c = phoneCheck({ ...base, ...zone, status: { booking: true }, loading: ['Ops'] });
    expect(c).toMatchObject({ id: 'phone', result: 'unknown' });
    expect(c.message).toBe('Phone escalation: not booked yet: still loading Ops (tested 06:00).');
  });

  it('nothing booked, nothing loading: "none booked" (never "booked")', () => {
    const c = phoneCheck({ ...base, ...zone, status: { booking: true } });
    expect(c.result).toBe('ok');
    expect(c.message).toBe(
      'Phone escalation armed ✓ (tested 06:00; none booked yet: booked once your shift is within 2 days).',
    );
  });
});
