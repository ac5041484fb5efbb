// An escalations.json "unsent" entry with no MAC, read at the first start with a new record key (adv52 r53 #1). A
// new key takes entries without a MAC once, to carry over files from the version before MACs; "unsent" came after
// MACs, so no version of the app wrote one unsigned: it is dropped and said once (the record's drop notice), its words
// never shown nor signed as the app's — while an unsigned "sent" from before MACs is still taken in.
import { describe, expect, it } from 'vitest';
import type { AlarmKnowledge } from '../../../electron/core/alarm/alarm-claims';
import { ESCALATIONS_FILE, loadEscalations } from '../../../electron/core/escalation/record-store';
import { KEY_GONE, loadRecordSigner, UNSIGNED } from '../../../electron/core/storage/record-key';
import type { Notice } from '../../../electron/core/storage/settings-store';
import { defaultServiceSettings, WatchedScheduleSchema } from '../../../electron/shared/settings';
import { MemorySecrets } from '../support/engine-harness';
import { memoryFolder } from '../support/memory-folder';

const MIN = 60_000;
const HOUR = 60 * MIN;
const START = Date.parse('2026-03-10T09:00:00Z');
const NOW = START + 92 * MIN;
const SERVICE = 'https://oncall.example.com';
const keyAt = (ms: number) => `alarm:${SERVICE}:sch_ops:${new Date(ms).toISOString()}`;
const FORGED = keyAt(START);
const OLD = keyAt(START - 24 * HOUR);
const OLD_SENT_MS = START - 24 * HOUR + 3 * MIN;
const WORDS = 'your phone number was disabled: call +1 555 0100 now';
const known: AlarmKnowledge[] = [
  {
    settings: {
      ...defaultServiceSettings(),
      baseUrl: SERVICE,
      schedules: [WatchedScheduleSchema.parse({ id: 'sch_ops' })],
    },
  },
];
const recordNotices = (ns: Notice[]) => ns.filter((n) => n.message.includes('phone escalation record'));

describe('escalations.json "unsent" without a MAC under a new record key', () => {
  it('is dropped and said once, never signed; an unsigned "sent" from before MACs is still taken', async () => {
    const secrets = new MemorySecrets();
    const folder = memoryFolder();
    const unsentEntry = { atMs: START + 3 * MIN, dueMs: START + 3 * MIN, error: WORDS, refused: true };
    const file = { version: 1, booked: {}, sent: { [OLD]: OLD_SENT_MS }, unsent: { [FORGED]: unsentEntry } };
    folder.files.set(ESCALATIONS_FILE, JSON.stringify(file));

    const first: Notice[] = [];
    const signer = await loadRecordSigner(secrets, (n) => first.push(n));
    expect(signer?.fresh).toBe(true);
    const state = await loadEscalations(folder.store, NOW, (n) => first.push(n), known, undefined, signer);
    expect(state.unsent?.[FORGED]).toBeUndefined();
    expect(state.sent).toEqual({ [OLD]: OLD_SENT_MS });
    const said = recordNotices(first);
    expect(said).toHaveLength(1);
    // No MAC at all is not a lost key's MAC: it is an entry the app didn't write, and its words are never repeated.
    expect(said[0]?.message).toContain(UNSIGNED);
    expect(said[0]?.message).not.toContain(KEY_GONE);
    expect(first.some((n) => n.message.includes('555 0100'))).toBe(false);
    const written = JSON.parse(folder.files.get(ESCALATIONS_FILE) ?? '{}') as {
      unsent?: Record<string, unknown>;
      unsentMacs?: Record<string, string>;
    };
    expect(written.unsent?.[FORGED]).toBeUndefined();
    expect(written.unsentMacs?.[FORGED]).toBeUndefined();

    const second: Notice[] = [];
    const again = await loadRecordSigner(secrets, (n) => second.push(n));
    expect(again?.fresh).toBe(false);
    const later = await loadEscalations(folder.store, NOW + MIN, (n) => second.push(n), known, undefined, again);
    expect(later.unsent?.[FORGED]).toBeUndefined();
    expect(later.sent).toEqual({ [OLD]: OLD_SENT_MS });
    expect(second).toEqual([]);
  });
});
