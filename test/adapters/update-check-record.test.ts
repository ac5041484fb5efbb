// update-check.json read back is a claim (issue 52), over generated damaged and plausible-but-false contents
// (fast-check; FC_RUNS=n): reading it never throws; the last check believed is one the app could have made by now
// (never ahead of the clock, so the checks are never silenced); what is not believed is said once in the log (never
// the file's text) and the file is kept aside as it was.
import fc from 'fast-check';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { updateCheckRecord } from '../../electron/adapters/update-check-record';

const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 30);
const NOW = Date.parse('2026-03-02T08:00:00Z');
const MARGIN_MS = 60_000;

const checkedAt = fc.oneof(
  fc.integer({ min: Date.UTC(2000, 0, 1), max: NOW }),
  fc.integer({ min: NOW + MARGIN_MS + 1, max: 8.64e15 }),
  fc.double(),
  fc.integer(),
);
const text = fc.oneof(
  checkedAt.map((n) => JSON.stringify({ checkedAt: n })),
  fc.json(),
  fc.string({ maxLength: 40 }),
  fc.nat(30).map((cut) => JSON.stringify({ checkedAt: NOW - 1000 }).slice(0, cut)),
);

describe('generated update-check.json', () => {
  it('never throws, never believes a check ahead of the clock, is said once and kept aside', async () => {
    await fc.assert(
      fc.asyncProperty(text, async (original) => {
        const dir = await mkdtemp(join(tmpdir(), 'update-record-'));
        await writeFile(join(dir, 'update-check.json'), original);
        const logged: string[] = [];
        const last = await updateCheckRecord(
          join(dir, 'update-check.json'),
          () => NOW,
          (m) => logged.push(m),
        ).read();
        const kept = (await readdir(dir)).filter((n) => n.startsWith('update-check.json.bad-'));
        const keptText = await Promise.all(kept.map((n) => readFile(join(dir, n), 'utf8')));
        await rm(dir, { recursive: true, force: true });
        if (last.checkedAtMs !== undefined) {
          expect(Number.isSafeInteger(last.checkedAtMs)).toBe(true);
          expect(last.checkedAtMs).toBeGreaterThanOrEqual(Date.UTC(2000, 0, 1));
          expect(last.checkedAtMs).toBeLessThanOrEqual(NOW + MARGIN_MS);
          expect(kept).toEqual([]);
        } else {
          expect(keptText).toEqual([original]);
        }
        expect(last.writable).toBe(true);
        expect(logged.length).toBe(kept.length);
        for (const l of logged) if (original.length > 8) expect(l).not.toContain(original);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
