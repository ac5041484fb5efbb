// A Settings → Phone save on a data folder that can't be written is all or nothing (adv52 r21 #1): "New topic", or
// Save with a topic typed, answers "Nothing was changed", and it is true: the keychain keeps the topic the phone is
// subscribed to, nothing booked there is cancelled or moved, the alert at 09:03 rings there, and the keychain (what a restart reads) still holds it.
// A refused first-time ntfy save leaves no topic or server in the keychain either.
import { afterEach, expect, it } from 'vitest';
import { fetchSend } from '../../../electron/core/escalation/http';
import type { FileStore } from '../../../electron/core/ports';
import { NTFY_SERVER_ACCOUNT } from '../../../electron/core/engine/phone-binding';
import { SECRET_ACCOUNTS } from '../../../electron/core/escalation/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { alertsOn, closeStands, MIN, MY_START, START, startStand, TOPIC } from '../support/phone-engine-rig';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  await closeStands();
});

/** The data folder, made read-only at will (EROFS on every write), as a USB stick or a locked-down home folder. */
function switchable(inner: FileStore) {
  const state = { readOnly: false };
  const refuse = () => Promise.reject(Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' }));
  const files: FileStore = {
    location: inner.location,
    read: (n) => inner.read(n),
    backup: (n) => (state.readOnly ? refuse() : inner.backup(n)),
    writeAtomic: (n, t) => (state.readOnly ? refuse() : inner.writeAtomic(n, t)),
    remove: (n) => (state.readOnly ? refuse() : inner.remove(n)),
  };
  return { files, state };
}

async function rig() {
  h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
  await seedSettings(h, {
    email: ME,
    scheduleIds: [OPS_ID],
    refresh: { idleIntervalSec: 1800, nearIntervalSec: 300, nearWindowMin: 30 },
  });
  const s = await startStand(h);
  const folder = switchable(h.files);
  const hh = h;
  const engine = h.engine({
    files: folder.files,
    phone: { send: (req, t) => hh.clock.inFlight.track(fetchSend(req, t)), pushoverApi: s.url },
  });
  await engine.start();
  await h.clock.advance(1_000);
  return { h, s, folder, engine };
}

type Rig = Awaited<ReturnType<typeof rig>>;

/** Set up with TOPIC, then the folder turns read-only and `change` is tried: the phone must still ring on TOPIC. */
async function refusedChange(r: Rig, change: () => Promise<{ ok: boolean; message: string }>) {
  const saved = await r.h.clock.runWhileAdvancing(
    r.engine.phoneIntent({
      kind: 'save',
      settings: { provider: 'ntfy', ntfyServer: r.s.url, afterMin: 3 },
      secrets: { ntfyTopic: TOPIC },
    }),
  );
  expect(saved.ok).toBe(true);
  await r.h.clock.runWhileAdvancing(r.engine.alarmsSettled());
  const requestsBefore = r.s.requests.length;
  r.folder.state.readOnly = true;
  const answer = await r.h.clock.runWhileAdvancing(change());
  await r.h.clock.runWhileAdvancing(r.engine.alarmsSettled());
  expect(answer.ok).toBe(false);
  expect(answer.message).toContain('Nothing was changed');
  // Nothing went to the phone server for it: no booking cancelled on TOPIC, none made on another topic.
  expect(r.s.requests.slice(requestsBefore).map((q) => `${q.method} ${q.path}`)).toEqual([]);
  expect(r.h.secrets.entries.get(SECRET_ACCOUNTS.ntfyTopic)).toBe(TOPIC);
  // 09:00 my shift, nobody acknowledges: at 09:03 the phone, subscribed to TOPIC, rings once.
  await r.h.clock.advanceTo(MY_START + 4 * MIN);
  await r.h.clock.runWhileAdvancing(r.engine.alarmsSettled());
  expect(alertsOn(r.s, TOPIC).length).toBe(1);
  await r.h.clock.runWhileAdvancing(r.engine.stop());
}

it('"New topic" on a read-only data folder changes nothing: the phone still rings on its topic', async () => {
  const r = await rig();
  await refusedChange(r, () => r.engine.phoneIntent({ kind: 'new-topic' }));
});

it('Save with another topic typed, on a read-only data folder, changes nothing: the phone still rings on its topic', async () => {
  const r = await rig();
  const typed = 'oncall-typedbyuser0123456789abcd';
  await refusedChange(r, () =>
    r.engine.phoneIntent({
      kind: 'save',
      settings: { provider: 'ntfy', ntfyServer: r.s.url, afterMin: 3 },
      secrets: { ntfyTopic: typed },
    }),
  );
  expect(alertsOn(r.s, typed).length).toBe(0);
});

it('a first-time ntfy save refused by a read-only folder leaves no topic or server in the keychain', async () => {
  const r = await rig();
  r.folder.state.readOnly = true;
  const answer = await r.h.clock.runWhileAdvancing(
    r.engine.phoneIntent({
      kind: 'save',
      settings: { provider: 'ntfy', ntfyServer: r.s.url, afterMin: 3 },
      secrets: { ntfyTopic: TOPIC },
    }),
  );
  await r.h.clock.runWhileAdvancing(r.engine.alarmsSettled());
  expect(answer.ok).toBe(false);
  expect(answer.message).toContain('Nothing was changed');
  expect(r.h.secrets.entries.has(SECRET_ACCOUNTS.ntfyTopic)).toBe(false);
  expect(r.h.secrets.entries.has(NTFY_SERVER_ACCOUNT)).toBe(false);
  expect(r.s.requests).toEqual([]);
  await r.h.clock.runWhileAdvancing(r.engine.stop());
});
