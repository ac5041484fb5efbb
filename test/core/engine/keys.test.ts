// The API key when the OS keychain cannot be read at start-up: the user is told why the app asks for the key
// again, and a key entered then is used for the session. Real simulator over loopback, fake clock.
import { SettingsSchema } from '../../../electron/shared/settings';
import { describe, expect, it } from 'vitest';
import { err, ok } from '../../../electron/api/errors';
import type { SecretStore } from '../../../electron/core/ports';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, quietSeed } from '../support/seeds';
import { MAIN_ACCOUNT_ID } from '../../../electron/shared/accounts';

const START = Date.parse('2026-03-10T06:00:00Z');

/** A keychain that cannot be read (locked, no secret service) and keeps a new key in memory, as the adapter does. */
class UnreadableKeychain implements SecretStore {
  async get() {
    return err({ kind: 'unavailable' as const, message: 'The system keychain is not available (no secret service).' });
  }
  async set() {
    return ok({ storage: 'memory' as const });
  }
  async delete() {
    return ok(null);
  }
}

let h: Harness | undefined;
describe('engine: keychain unreadable at start-up', () => {
  it('tells the user in the popover notices, and clears that once a key is entered for the session', async () => {
    h = await createHarness({ startMs: START, seed: quietSeed(1) });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_quiet_0'] });
    const engine = h.engine({ secrets: new UnreadableKeychain() });
    await engine.start();
    const state = engine.getState();
    expect(state.setup.hasKey).toBe(false);
    expect(state.notices.map((n) => n.message)).toEqual([
      'Your keychain could not be read: The system keychain is not available (no secret service). Enter your key again to use it for this session.',
    ]);
    const set = await engine.handlers['key:set']({ accountId: MAIN_ACCOUNT_ID, key: h.sim.apiKey });
    expect(set).toEqual({ ok: true, value: { storage: 'memory' } });
    await h.clock.advance(1_000);
    // quietSeed has me on none of its schedules: that problem is its own (identity-fix.test.ts), not the keychain's.
    expect(engine.getState().notices.filter((n) => !n.id.startsWith('identity-absent:'))).toEqual([]);
    expect(engine.getState().sync.kind).toBe('ok');
  });
});

describe('engine: a stored service address that cannot be used', () => {
  it('names the address and the rule, in the state and when a key is entered, instead of asking for the key', async () => {
    h = await createHarness({ startMs: START, seed: quietSeed(1) });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_quiet_0'] });
    const stored = SettingsSchema.parse(JSON.parse((await h.files.read('settings.json')) ?? '{}'));
    const accounts = stored.accounts.map((a) => ({ ...a, baseUrl: 'http://oncall.example.com' }));
    await h.files.writeAtomic('settings.json', JSON.stringify({ ...stored, accounts }));
    const engine = h.engine();
    await engine.start();
    const sync = engine.getState().sync;
    expect(sync.kind === 'needs_setup' && sync.message).toMatch(
      /^The service address “http:\/\/oncall\.example\.com\/?” can't be used: it must use https:\/\//,
    );
    const set = await engine.handlers['key:set']({ accountId: MAIN_ACCOUNT_ID, key: 'ocs_some_key' });
    expect(set.ok ? '' : set.error.message).toMatch(
      /^The service address “http:\/\/oncall\.example\.com\/?” can't be used/,
    );
  });
});
