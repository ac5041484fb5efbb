// Issue 19, case 2 in the engine: a stored service address that carries credentials (a hand-edited or old
// settings file) is refused by name, and the name shown in the state and in the key:set answer has no user info,
// query or fragment.
import { describe, expect, it } from 'vitest';
import { keyPieces } from '../../api/support/key-pieces';
import { createHarness, type Harness } from '../support/engine-harness';
import { ME, quietSeed } from '../support/seeds';
import { MAIN_ACCOUNT_ID } from '../../../electron/shared/accounts';

const START = Date.parse('2026-03-10T06:00:00Z');
const KEY = 'ocs_SECRET_CANARY_123';

let h: Harness | undefined;
describe('engine: a stored address with credentials', () => {
  it('is named without them in the setup message and when a key is entered', async () => {
    h = await createHarness({ startMs: START, seed: quietSeed(1) });
    const stored = `https://me:${KEY}@oncall.example.com/api?key=${KEY}#${KEY}`;
    await h.files.writeAtomic(
      'settings.json',
      JSON.stringify({ version: 1, baseUrl: stored, email: ME, schedules: [{ id: 'sch_quiet_0' }] }),
    );
    const engine = h.engine();
    await engine.start();
    const sync = engine.getState().sync;
    const setupMessage = sync.kind === 'needs_setup' ? sync.message : '';
    expect(setupMessage).toMatch(
      /^The service address “https:\/\/oncall\.example\.com\/api” can't be used: it must not contain a user name or password/,
    );
    const set = await engine.handlers['key:set']({ accountId: MAIN_ACCOUNT_ID, key: 'ocs_other_key_123' });
    const refusal = set.ok ? '' : set.error.message;
    expect(refusal).toMatch(/^The service address “https:\/\/oncall\.example\.com\/api” can't be used/);
    expect(keyPieces(`${setupMessage} ${refusal} ${JSON.stringify(engine.getState().notices)}`, KEY)).toEqual([]);
  });
});
