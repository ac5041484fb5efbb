// adv52 round 19 #2: the record key removed from the keychain while the app runs. Before, the app kept signing with a
// key kept nowhere and said nothing; the next start rang the acknowledged alarm again, paged the phone, and called
// the app's own records "an entry the app didn't write". Now the next write that asks for the key sees it gone,
// stores it again from memory and says so once: the restart (a new process: a new key holder) takes the records.
// When the key is truly gone (deleted while the app is closed), the safe direction stays (it rings again) and the
// refusals name the lost key, not a forgery. Real engine, simulator, phone stand-in, fake clock, real data folder.
import { afterEach, describe, expect, it } from 'vitest';
import { fetchSend } from '../../../electron/core/escalation/http';
import {
  KEY_GONE,
  KEY_RESTORED_MESSAGE,
  RECORD_KEY_ACCOUNT,
  UNSIGNED,
} from '../../../electron/core/storage/record-key';
import { MemorySecrets } from '../support/engine-harness';
import { closeStands, MIN, MY_START, TOPIC, withNtfy } from '../support/phone-engine-rig';

afterEach(async () => {
  await closeStands();
});

/** Alarm rung at 09:00, acknowledged at 09:01; the key deleted `when`; restart at 09:20 with a new key holder. */
async function run(when: 'running' | 'closed') {
  const { h, s, engine } = await withNtfy();
  await h.clock.advanceTo(MY_START + MIN);
  const key = engine.getState().alarm?.key ?? '';
  const ack = await h.clock.runWhileAdvancing(engine.alarmIntent({ kind: 'ack', key }));
  expect(ack.ok).toBe(true);
  if (when === 'running') await h.secrets.delete(RECORD_KEY_ACCOUNT);
  await h.clock.advanceTo(MY_START + 20 * MIN);
  await engine.stop();
  const during = engine.getState().notices.map((n) => n.message);
  const keptAtStop = h.secrets.entries.has(RECORD_KEY_ACCOUNT);
  if (when === 'closed') await h.secrets.delete(RECORD_KEY_ACCOUNT);
  const rangBefore = s.rang(TOPIC).length;
  const alarmsBefore = h.notifier.shown.filter((n) => n.alarm === true).length;
  const fresh = new MemorySecrets();
  for (const [k, v] of h.secrets.entries) fresh.entries.set(k, v);
  const again = h.engine({
    secrets: fresh,
    phone: { send: (req, t) => h.clock.inFlight.track(fetchSend(req, t)), pushoverApi: s.url },
  });
  await h.clock.runWhileAdvancing(again.start(), 1000, 30);
  await h.clock.runWhileAdvancing(again.alarmsSettled());
  await h.clock.advance(10 * MIN);
  const after = {
    notices: again.getState().notices.map((n) => n.message),
    paged: s.rang(TOPIC).length - rangBefore,
    rang: h.notifier.shown.filter((n) => n.alarm === true).length - alarmsBefore,
  };
  await again.stop();
  return { during, keptAtStop, after };
}

describe('the record key removed from the keychain', () => {
  it('while the app runs: stored again from memory, said once, and the next start takes its records', async () => {
    const r = await run('running');
    expect(r.keptAtStop).toBe(true);
    expect(r.during.filter((m) => m === KEY_RESTORED_MESSAGE)).toHaveLength(1);
    expect(r.after.rang).toBe(0);
    expect(r.after.paged).toBe(0);
    expect(r.after.notices.filter((m) => m.includes(UNSIGNED) || m.includes(KEY_GONE))).toEqual([]);
  });

  it('while the app is closed: rings again (the safe direction), and the refusals name the lost key', async () => {
    const r = await run('closed');
    expect(r.after.rang).toBeGreaterThan(0);
    expect(r.after.notices.some((m) => m.includes(KEY_GONE))).toBe(true);
    expect(r.after.notices.filter((m) => m.includes(UNSIGNED))).toEqual([]);
  });
});
