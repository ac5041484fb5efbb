// The phone's keys are read from the keychain at start (adv50): the keychain may answer slowly (gnome-keyring
// unlocking after login). Before, readiness was worked out before that read was done: after a restart at 08:30 a
// desktop notification said "Phone escalation: its topic or keys are missing (Settings → Phone)" while the keys were
// in the keychain (the state then read hasSecrets:true). Now, until the keys are read, readiness says nothing of them
// being missing (the phone line is "can't tell" meanwhile), and no warning is told. Real engine, simulator, fake clock.
import { describe, expect, it } from 'vitest';
import type { SecretStore } from '../../../electron/core/ports';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

const MIN = 60_000;
const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');
const APP = 'a'.repeat(30);
const USER = 'u'.repeat(30);
const SLOW_MS = 2 * MIN;

describe('phone keys read slowly at start', () => {
  it('restart at 08:30, the keychain answers the phone keys 2 min late: no "keys are missing"', async () => {
    const h = await createHarness({ startMs: START, seed: opsSeed });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    const first = h.engine();
    await first.start();
    await h.clock.advance(1_000);
    const saved = await first.phoneIntent({
      kind: 'save',
      settings: { provider: 'pushover', ntfyServer: 'https://ntfy.sh', afterMin: 3 },
      secrets: { pushoverApp: APP, pushoverUser: USER },
    });
    expect(saved.ok).toBe(true);
    await h.clock.runWhileAdvancing(first.stop());
    await h.clock.advanceTo(MY_START - 30 * MIN);
    const slow: SecretStore = {
      get: async (account) => {
        if (account.startsWith('phone-escalation:'))
          await new Promise<void>((resolve) => h.clock.setTimer(SLOW_MS, resolve));
        return h.secrets.get(account);
      },
      set: (a, s) => h.secrets.set(a, s),
      delete: (a) => h.secrets.delete(a),
    };
    const before = h.notifier.shown.length;
    const engine = h.engine({ secrets: slow });
    const started = engine.start();
    const lines: string[] = [];
    for (let i = 0; i < 8; i++) {
      await h.clock.advance(20_000);
      const phone = engine.getState().me.readiness?.checks.find((c) => c.id === 'phone');
      if (phone) lines.push(`${phone.result}: ${phone.message}`);
    }
    await h.clock.runWhileAdvancing(started);
    const told = h.notifier.shown.slice(before).map((n) => n.body);
    expect(told.filter((b) => /keys are missing/.test(b))).toEqual([]);
    expect(lines.filter((l) => /keys are missing/.test(l))).toEqual([]);
    expect(lines.some((l) => /^unknown: .*still being read/.test(l))).toBe(true);
    expect(engine.getState().phone?.hasSecrets).toBe(true);
    await h.clock.runWhileAdvancing(engine.stop());
  }, 30_000);
});
