// escalations.json "sent" stamps are signed (issue 52, adv52 r10–11): a "sent" the app didn't write (no MAC, a
// made-up one, or one copied from another entry) keeps no phone quiet: dropped, said once, the file kept aside; the
// app's own "sent" holds across restarts; a file from before MACs is taken once and written back signed. fast-check
// over forged stamps (FC_RUNS). Failed before: the forged "sent" was kept (the phone would not be paged).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ESCALATIONS_FILE, loadEscalations, saveEscalations } from '../../../electron/core/escalation/record-store';
import { loadRecordSigner, UNSIGNED } from '../../../electron/core/storage/record-key';
import type { Notice } from '../../../electron/core/storage/settings-store';
import { MemorySecrets } from '../support/engine-harness';
import { memoryFolder } from '../support/memory-folder';

const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 25);
const MIN = 60_000;
const START = Date.parse('2026-03-11T08:00:00Z');
const keyAt = (ms: number) => `alarm:https://oncall.example.com:sch_ops:${new Date(ms).toISOString()}`;
const OWN = keyAt(START);

describe('escalations.json "sent" signed with the record key', () => {
  it('drops a forged "sent", says it once, keeps the file aside, keeps the app\'s own', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 48 }),
        fc.integer({ min: 5, max: 30 }),
        fc.oneof(
          fc.constant<string | undefined>(undefined),
          fc.constant('copied'),
          fc.stringMatching(/^[0-9a-f]{64}$/),
        ),
        async (hours, afterMin, mac) => {
          const secrets = new MemorySecrets();
          const folder = memoryFolder();
          const signer = await loadRecordSigner(secrets, () => undefined);
          const own = { version: 1 as const, booked: {}, sent: { [OWN]: START + 5 * MIN } };
          expect(await saveEscalations(folder.store, own, undefined, signer)).toBeUndefined();
          const file = JSON.parse(folder.files.get(ESCALATIONS_FILE) ?? '') as {
            sent: Record<string, number>;
            sentMacs?: Record<string, string>;
          };
          const forgedKey = keyAt(START + hours * 60 * MIN);
          file.sent[forgedKey] = START + hours * 60 * MIN + afterMin * MIN;
          const forgedMac = mac === 'copied' ? file.sentMacs?.[OWN] : mac;
          if (forgedMac !== undefined) file.sentMacs = { ...file.sentMacs, [forgedKey]: forgedMac };
          const forgedText = JSON.stringify(file);
          folder.files.set(ESCALATIONS_FILE, forgedText);
          const notices: Notice[] = [];
          const again = await loadRecordSigner(secrets, () => undefined);
          const nowMs = START + 60 * 60 * MIN;
          const state = await loadEscalations(folder.store, nowMs, (n) => notices.push(n), undefined, undefined, again);
          expect(state.sent[OWN]).toBe(START + 5 * MIN);
          // No MAC in a file the key signed is not what a run without the key wrote (that run writes no MACs at
          // all): put there by hand, dropped like a wrong MAC (adv52 r16 #1).
          expect(state.sent[forgedKey]).toBeUndefined();
          expect(notices.filter((n) => n.message.includes(UNSIGNED))).toHaveLength(1);
          expect(folder.kept.some((name) => folder.files.get(name) === forgedText)).toBe(true);
        },
      ),
      { numRuns: NUM_RUNS, seed: 5213 },
    );
  });

  it('keeps a "sent" from a run without the key (no MACs in the file) as maybe sent, and never signs it', async () => {
    const secrets = new MemorySecrets();
    const folder = memoryFolder();
    const first = await loadRecordSigner(secrets, () => undefined);
    expect(first?.fresh).toBe(true);
    folder.files.set(ESCALATIONS_FILE, JSON.stringify({ version: 1, booked: {}, sent: { [OWN]: START + 5 * MIN } }));
    const again = await loadRecordSigner(secrets, () => undefined);
    const notices: Notice[] = [];
    const unvouched = new Set<string>();
    const nowMs = START + 60 * MIN;
    const state = await loadEscalations(folder.store, nowMs, (n) => notices.push(n), [], undefined, again, unvouched);
    expect(state.unsure?.[OWN]).toBe(START + 5 * MIN);
    expect(notices.filter((n) => /may already have been sent/.test(n.message))).toHaveLength(1);
    expect([...unvouched]).toEqual([OWN]);
    expect(await saveEscalations(folder.store, state, undefined, again, unvouched)).toBeUndefined();
    const file = JSON.parse(folder.files.get(ESCALATIONS_FILE) ?? '') as { sentMacs?: Record<string, string> };
    expect(file.sentMacs?.[OWN]).toBeUndefined();
  });

  it('takes a file from before MACs once and writes it back signed', async () => {
    const secrets = new MemorySecrets();
    const folder = memoryFolder();
    folder.files.set(ESCALATIONS_FILE, JSON.stringify({ version: 1, booked: {}, sent: { [OWN]: START + 5 * MIN } }));
    const signer = await loadRecordSigner(secrets, () => undefined);
    const state = await loadEscalations(folder.store, START + 60 * MIN, () => undefined, undefined, undefined, signer);
    expect(state.sent[OWN]).toBe(START + 5 * MIN);
    const file = JSON.parse(folder.files.get(ESCALATIONS_FILE) ?? '') as { sentMacs?: Record<string, string> };
    expect(file.sentMacs?.[OWN]).toMatch(/^[0-9a-f]{64}$/);
  });
});
