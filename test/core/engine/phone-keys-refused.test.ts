// The keychain REFUSES the phone keys at a restart (a locked collection: "Cannot get secret of a locked object"),
// the API key reads fine (adv47 r44). Before, the refusal was taken for "no keys": readiness said "your phone may
// still ring from 127.0.0.1:N (a server no longer set up)", Send test "Phone escalation is not set up", and the keys
// were never read again, so an ack at 10:01 cancelled nothing and the phone rang "Shift start not acknowledged" at
// 10:03, even with the keychain unlocked since 09:30. Now the refusal is said as such with the alert it leaves
// booked, the keys are read again (each minute and at the ack), and once read the ack cancels the booking; while
// they can't be read, the ack's glance says the phone may still ring. Real engine, ntfy stand-in, fake clock.
import { afterEach, describe, expect, it } from 'vitest';
import { err } from '../../../electron/api/errors';
import { fetchSend, type HttpRequest } from '../../../electron/core/escalation/http';
import type { SecretStore } from '../../../electron/core/ports';
import { createHarness, seedSettings, type MemorySecrets } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { startStandIn, type StandIn } from '../../support/phone-standin';
import { surfaces } from '../truth/support';

const MIN = 60_000;
const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');
const TOPIC = 'oncall-abcdefghijkmnpqrstuvwxyz23';
const LOCKED = 'The system keychain is not available (Cannot get secret of a locked object).';

let standIn: StandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

/** A keychain that refuses the phone's entries while `locked()` (the API key and the record key read fine). */
function refusing(inner: MemorySecrets, locked: () => boolean): SecretStore {
  return {
    get: async (account) =>
      locked() && account.startsWith('phone-escalation:')
        ? err({ kind: 'unavailable', message: LOCKED })
        : inner.get(account),
    set: (a, s) => inner.set(a, s),
    delete: (a) => inner.delete(a),
  };
}

/** Run 1 saves ntfy (the stand-in) with a 3-min phone time and books today's alert; run 2 starts at 07:00Z with the
 *  keychain refusing the phone keys while `locked()`. */
async function world(locked: () => boolean) {
  const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  const s = await startStandIn(() => h.clock.now());
  standIn = s;
  const phone = {
    send: (req: HttpRequest, t: number) => h.clock.inFlight.track(fetchSend(req, t)),
    testWaitMs: 60_000,
  };
  const one = h.engine({ phone });
  await one.start();
  await h.clock.advance(1_000);
  const saved = await one.phoneIntent({
    kind: 'save',
    settings: { provider: 'ntfy', ntfyServer: s.url, afterMin: 3 },
    secrets: { ntfyTopic: TOPIC },
  });
  expect(saved.ok).toBe(true);
  await one.alarmsSettled();
  await h.clock.settle();
  const today = s.scheduled(TOPIC).find((m) => m.deliverMs > MY_START && m.deliverMs < MY_START + 60 * MIN);
  await h.clock.runWhileAdvancing(one.stop());
  await h.clock.advanceTo(MY_START - 120 * MIN);
  const two = h.engine({ phone, secrets: refusing(h.secrets, locked) });
  await h.clock.runWhileAdvancing(two.start());
  return { h, s, two, bookedMs: today?.deliverMs };
}

async function ackAt(w: Awaited<ReturnType<typeof world>>, atMs: number) {
  await w.h.clock.advanceTo(atMs);
  expect(await w.two.alarmIntent({ kind: 'ack', key: w.two.getState().alarm?.key ?? '' })).toEqual({ ok: true });
  await w.two.alarmsSettled();
}

describe('phone keys refused by a locked keychain at a restart', () => {
  it('locked throughout: every surface names the keychain and the 10:03 alert it leaves; the ack says the phone may still ring', async () => {
    const w = await world(() => true);
    // Booked in run 1 for 3 min after the 09:00Z start: 10:03 Berlin.
    expect(w.bookedMs).toBe(MY_START + 3 * MIN);
    const test = await w.h.clock.runWhileAdvancing(w.two.phoneIntent({ kind: 'send-test' }));
    await w.h.clock.advanceTo(MY_START - 10 * MIN);
    const st = w.two.getState();
    const sf = surfaces(st, w.h.clock.now());
    const line = st.me.readiness?.checks.find((c) => c.id === 'phone')?.message ?? '';
    const all = [line, sf.menu, sf.status, sf.popover, test.message ?? '', st.phone?.problem ?? ''].join('\n');
    expect(all).not.toMatch(/no longer set up|no longer has that server|not set up/);
    for (const said of [line, st.phone?.problem ?? ''])
      expect(said).toMatch(/keychain refused to give the app its phone keys .*booked for 10:03 .*can’t be cancelled/);
    expect(test).toMatchObject({ ok: false });
    expect(test.message).toMatch(/keychain refused to give the app its phone keys/);
    await ackAt(w, MY_START + MIN);
    await w.h.clock.advance(30_000);
    const tooltip = surfaces(w.two.getState(), w.h.clock.now()).tooltip;
    expect(tooltip).toMatch(/Phone may still ring at 10:03/);
    expect(w.two.getState().phone?.stillRing).toEqual([
      expect.objectContaining({ why: 'acknowledged', at: new Date(MY_START + 3 * MIN).toISOString(), passed: false }),
    ]);
    expect(w.two.getState().phone?.stillRing?.[0]?.error).toMatch(/keys couldn’t be read from the keychain/);
    await w.h.clock.advanceTo(MY_START + 10 * MIN);
    // What the glance said is what happened: nothing could cancel it, and it rang.
    expect(w.s.rang(TOPIC).map((m) => m.deliverMs)).toEqual([MY_START + 3 * MIN]);
    await w.h.clock.runWhileAdvancing(w.two.stop());
  }, 90_000);

  it('unlocked at 08:30: the keys are read again on their own, and the ack at 10:01 cancels the 10:03 alert', async () => {
    let locked = true;
    const w = await world(() => locked);
    await w.h.clock.advanceTo(MY_START - 30 * MIN);
    locked = false;
    await w.h.clock.advanceTo(MY_START - 28 * MIN);
    const st = w.two.getState();
    expect(st.phone?.hasSecrets).toBe(true);
    expect(st.me.readiness?.checks.find((c) => c.id === 'phone')?.message ?? '').not.toMatch(/keychain/);
    const mark = w.s.requests.length;
    await ackAt(w, MY_START + MIN);
    await w.h.clock.advanceTo(MY_START + 10 * MIN);
    expect(w.s.requests.slice(mark).filter((r) => r.method === 'DELETE').length).toBeGreaterThanOrEqual(1);
    expect(w.s.rang(TOPIC)).toEqual([]);
    await w.h.clock.runWhileAdvancing(w.two.stop());
  }, 90_000);

  it('acknowledged at 10:01 while locked, unlocked at 10:01:30: the next read (each minute) cancels the 10:03 alert', async () => {
    let locked = true;
    const w = await world(() => locked);
    await ackAt(w, MY_START + MIN);
    await w.h.clock.advanceTo(MY_START + MIN + 30_000);
    expect(w.two.getState().phone?.stillRing?.map((r) => r.why)).toEqual(['acknowledged']);
    locked = false;
    await w.h.clock.advanceTo(MY_START + 10 * MIN);
    expect(w.s.rang(TOPIC)).toEqual([]);
    expect(w.two.getState().phone?.stillRing ?? []).toEqual([]);
    await w.h.clock.runWhileAdvancing(w.two.stop());
  }, 90_000);
});
