// A whole data folder moved to machine B (adv52 r64 #1): the same service and Pushover keys in B's keychain, and B's
// own record key or none yet. One simulator, Pushover saved, my shift at 09:00, the alarm rings, the emergency sent at
// 09:03 (acknowledged on A at 09:04, or not). B can't check A's signatures: A's "sent" is "maybe sent", as an unsigned
// one is (record-key-late.test.ts), so no second emergency goes to the same phone, and that is said once. Failed
// before: B dropped the "sent" as "an entry the app didn't write" and sent a second emergency at 09:08.
import { afterEach, expect, it } from 'vitest';
import { fetchSend } from '../../../electron/core/escalation/http';
import { RECORD_KEY_ACCOUNT } from '../../../electron/core/storage/record-key';
import { createHarness, MemorySecrets, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { startStandIn, type StandIn } from '../../support/phone-standin';

const MIN = 60_000;
const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');
const REFRESH = { idleIntervalSec: 1800, nearIntervalSec: 300, nearWindowMin: 30 };
const stands: StandIn[] = [];
afterEach(async () => {
  for (const s of stands.splice(0)) await s.close();
});

it.each([
  [false, 'own'],
  [true, 'own'],
  [false, 'none'],
  [true, 'none'],
] as const)(
  'a folder from machine A (acknowledged on A: %s; B key: %s): no second emergency',
  async (acked, bKey) => {
    const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID], refresh: REFRESH });
    const s = await startStandIn(() => h.clock.now());
    stands.push(s);
    const make = (secrets: MemorySecrets) =>
      h.engine({ secrets, phone: { send: (req, t) => h.clock.inFlight.track(fetchSend(req, t)), pushoverApi: s.url } });
    let e = make(h.secrets);
    await e.start();
    await h.clock.advance(1_000);
    const saved = await e.phoneIntent({
      kind: 'save',
      settings: { provider: 'pushover', ntfyServer: s.url, afterMin: 3 },
      secrets: { pushoverApp: 'a'.repeat(30), pushoverUser: 'u'.repeat(30) },
    });
    expect(saved.ok).toBe(true);
    await h.clock.runWhileAdvancing(e.alarmsSettled());
    await h.clock.advanceTo(MY_START + 4 * MIN);
    expect(s.pushover.map((p) => p.sentMs)).toEqual([MY_START + 3 * MIN]);
    if (acked) {
      expect((await e.alarmIntent({ kind: 'ack', key: e.getState().alarm?.key ?? '' })).ok).toBe(true);
      await h.clock.runWhileAdvancing(e.alarmsSettled());
    }
    await h.clock.runWhileAdvancing(e.stop());

    // Machine B: the same service and Pushover keys; its own record key, or none yet.
    const b = new MemorySecrets();
    for (const [k, v] of h.secrets.entries) if (k !== RECORD_KEY_ACCOUNT) b.entries.set(k, v);
    if (bKey === 'own') b.entries.set(RECORD_KEY_ACCOUNT, Buffer.alloc(32, 7).toString('base64'));
    await h.clock.advance(MIN);
    e = make(b);
    await e.start();
    await h.clock.advance(10 * MIN);
    const said = e.getState().notices.filter((n) => /phone alert may already have been sent at 09:03/.test(n.message));
    await h.clock.runWhileAdvancing(e.stop());
    expect(s.pushover.map((p) => p.sentMs)).toEqual([MY_START + 3 * MIN]);
    expect(said).toHaveLength(1);
    await h.close();
  },
  120_000,
);
