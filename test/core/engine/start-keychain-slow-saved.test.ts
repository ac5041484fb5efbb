// adv47 r42 F1, F2 (issue 47, issue 49): a restart with saved data whose keychain read waits (a login keyring's
// password prompt) over my shift start. The alarm needs no key: it rings at the start from the saved data and its
// record, as while the service is down. Every surface words what is known meanwhile: the keychain not answered yet,
// the e-mail and schedules from the settings, my shifts from the saved data marked saved; never "no API key", "no
// e-mail" or "nothing watched". Real engine, simulator, files on disk, fake clock.
import { describe, expect, it } from 'vitest';
import { ok } from '../../../electron/api/errors';
import { ALARM_HOLD_GRACE_MS } from '../../../electron/core/alarm/engine';
import { createHarness, seedSettings, MemorySecrets } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { surfaces } from '../truth/support';
import { everyText } from '../../support/text-registry';

const MIN = 60_000;
const START = Date.parse('2026-03-10T06:00:00Z');
const ZONE = 'Europe/Berlin';

/** A keychain whose every read waits until released (its password prompt open). */
class WaitingSecrets extends MemorySecrets {
  release: (() => void) | undefined;
  private gate = new Promise<void>((r) => (this.release = r));
  override async get(account: string) {
    await this.gate;
    return ok(this.entries.get(account));
  }
}

/** Run 1 reads the schedule with its key and stops 10 min before my next start; run 2 starts then, its keychain
 *  waiting until 12 min after that start. What run 1 read is the expected shift (the simulator's own answer). */
async function slowKeychainRestart() {
  const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  const one = h.engine({ localZone: () => ZONE });
  await one.start();
  await h.clock.advance(MIN);
  const next = one.getState().me.nextShift;
  if (!next) throw new Error('run 1 read no next shift of mine');
  const startMs = Date.parse(next.start);
  await h.clock.advanceTo(startMs - 10 * MIN);
  await h.clock.runWhileAdvancing(one.stop());
  const savedUpToMs = h.clock.now();
  const secrets = new WaitingSecrets();
  for (const [k, v] of h.secrets.entries) secrets.entries.set(k, v);
  const before = h.notifier.shown.length;
  const two = h.engine({ localZone: () => ZONE, secrets });
  const run = two.start();
  return { h, two, run, secrets, next, startMs, savedUpToMs, since: () => h.notifier.shown.slice(before) };
}

describe('restart with saved data while the keychain is read', () => {
  it('the start alarm rings at the start from saved data, before the keychain answers', async () => {
    const w = await slowKeychainRestart();
    await w.h.clock.advanceTo(w.startMs + 5 * MIN);
    const alarms = w.since().filter((n) => n.alarm === true);
    w.secrets.release?.();
    await w.h.clock.runWhileAdvancing(w.run);
    await w.h.clock.runWhileAdvancing(w.two.stop());
    await w.h.close();
    expect(alarms, 'one alarm by 5 min past the start').toHaveLength(1);
    const at = alarms[0]?.atMs ?? NaN;
    // At the start (or, held for the first read, within the grace), never when the keychain answers.
    expect(at).toBeGreaterThanOrEqual(w.startMs);
    expect(at).toBeLessThanOrEqual(w.startMs + ALARM_HOLD_GRACE_MS);
  }, 60_000);

  it('every surface says the keychain is read, my shifts from saved data; nothing says key or e-mail missing', async () => {
    const w = await slowKeychainRestart();
    await w.h.clock.advanceTo(w.startMs + 2 * MIN);
    const state = w.two.getState();
    const nowMs = w.h.clock.now();
    const said = everyText({ state, nowMs, localZone: ZONE });
    const s = surfaces(state, nowMs);
    w.secrets.release?.();
    await w.h.clock.runWhileAdvancing(w.run);
    await w.h.clock.runWhileAdvancing(w.two.stop());
    await w.h.close();
    const lines = said.flatMap((t) => t.text.split('\n').map((l) => `[${t.surface}] ${l}`));
    const untrue = /no API key|no e-mail|set your e-mail|No schedules watched|Add your API key/;
    expect(lines.filter((l) => untrue.test(l))).toEqual([]);
    // The keychain line, as before; the sync status is never "needs setup" while the key is unknown.
    expect(state.sync.kind).toBe('error');
    expect(s.tooltip.toLowerCase()).toContain('keychain');
    expect(s.status.toLowerCase()).toContain('keychain');
    // My shift as run 1 read it, on the tray and in the hand-off text, marked as saved data.
    const now = state.me.onCallNow.map((m) => [m.scheduleId, m.start, m.end]);
    expect(now).toEqual([[w.next.scheduleId, w.next.start, w.next.end]]);
    expect(s.tooltip).toMatch(/On call.*saved data from/);
    expect(s.handoff).toMatch(/I'm on call: Ops .*saved data from/);
    // The saved data is run 1's: no read happened in run 2, so nothing is said read after run 1 stopped.
    const last = state.lastSuccessAt === null ? NaN : Date.parse(state.lastSuccessAt);
    expect(last).toBeLessThanOrEqual(w.savedUpToMs);
  }, 60_000);
});
