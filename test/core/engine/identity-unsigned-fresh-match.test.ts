// adv52 r62 #1: with no record key (no keychain: the status command's usual case, or a keychain that refuses the
// record's entry), identity.json is unsigned and can't be told from one copied or typed in. Such a file naming a
// colleague's user with my e-mail made a colleague's shifts mine, though the service still lists my e-mail as me: a
// fresh match of my e-mail wins over a record no key vouches for. Failed before.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { err } from '../../../electron/api/errors';
import type { SecretStore } from '../../../electron/core/ports';
import { RECORD_KEY_ACCOUNT } from '../../../electron/core/storage/record-key';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

const START = Date.parse('2026-03-10T10:00:00Z');
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** My blocks as the engine shows them, with identity.json as given (undefined: none) and no record key. */
async function myBlocks(identityOf: ((address: string) => object) | undefined): Promise<string[]> {
  h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
  const secrets: SecretStore = h.secrets;
  const get = secrets.get.bind(secrets);
  secrets.get = (account) =>
    account === RECORD_KEY_ACCOUNT ? Promise.resolve(err({ kind: 'unavailable', message: 'no' })) : get(account);
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  if (identityOf) await writeFile(join(h.dir, 'identity.json'), JSON.stringify(identityOf(h.sim.url)));
  const engine = h.engine();
  await h.clock.runWhileAdvancing(engine.start(), 1000, 60);
  await h.clock.advance(2 * 60_000);
  const blocks = engine.getState().me.shifts.map((b) => `${b.start}–${b.end}`);
  await engine.stop();
  await h.close();
  h = undefined;
  return blocks;
}

it("an unsigned identity.json naming a colleague's user never makes their shifts mine while my e-mail matches me", async () => {
  const truth = await myBlocks(undefined);
  expect(truth.length).toBeGreaterThan(0);
  const copied = (address: string) => ({
    version: 1,
    address,
    userId: 'usr_bob',
    email: ME,
    resolvedAtMs: START - 3_600_000,
  });
  expect(await myBlocks(copied)).toEqual(truth);
});
