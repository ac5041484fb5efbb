// phone-waits.json from the version before MACs (issue 52, record-key.ts): the first start with a new record key takes
// its unsigned waits once and writes them back signed at once; a later start with the same key takes only signed ones.
// A MAC that doesn't hold (the key was lost: a new one is made) is never taken, fresh or not.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRateGates, RATE_WAITS_FILE } from '../../../electron/core/escalation/rate-gate-store';
import { signerOf } from '../../../electron/core/storage/record-key';
import { FakeClock } from '../support/fake-clock';
import { MemoryFileStore } from '../support/memory-file-store';

const NOW = Date.parse('2026-03-10T06:00:00Z');
const CH = 'chAbCdEf123456';

describe('phone-waits.json across the record key', () => {
  it('an unsigned wait is taken at the first start with a new key and written back signed', async () => {
    const files = new MemoryFileStore();
    const clock = new FakeClock(NOW);
    await files.writeAtomic(RATE_WAITS_FILE, JSON.stringify({ version: 1, waits: { [CH]: NOW + 30 * 60_000 } }));
    const key = randomBytes(32);
    const first = createRateGates(files, clock, () => Promise.resolve(signerOf(key, true)));
    await first.load();
    expect(first.gateFor(CH).untilMs).toBe(NOW + 30 * 60_000);
    await first.settled();
    const written = JSON.parse((await files.read(RATE_WAITS_FILE)) ?? '{}') as { macs?: Record<string, string> };
    expect(written.macs?.[CH]).toBe(signerOf(key, false).sign(RATE_WAITS_FILE, CH, NOW + 30 * 60_000));
    // The next start (the key kept): the signed wait holds.
    const next = createRateGates(files, clock, () => Promise.resolve(signerOf(key, false)));
    await next.load();
    expect(next.gateFor(CH).untilMs).toBe(NOW + 30 * 60_000);
    // The key lost (a new one made): the old MAC is never taken.
    const said: string[] = [];
    const lost = createRateGates(files, clock, () => Promise.resolve(signerOf(randomBytes(32), true)));
    await lost.load((n) => said.push(n.message));
    expect(lost.gateFor(CH).untilMs).toBeUndefined();
    // Refused under a new key, the entry is named as signed with the lost one (not as a forgery: fix52ae).
    expect(said.join()).toMatch(/record key that is no longer in the keychain/);
  });
});
