// escalations.json "unsent" entries (an alert known not sent: "Phone not alerted: …" under its ringing alarm, after a
// restart too: adv50 r44 F1) are a claim read back: the app's own holds; a hand-written one (no MAC or another
// entry's, words with a line break, dated ahead of the clock or before its shift could ring, beside a "sent" of the
// same key) is dropped and said once, never shown.
import { describe, expect, it } from 'vitest';
import type { AlarmKnowledge } from '../../../electron/core/alarm/alarm-claims';
import { ESCALATIONS_FILE, loadEscalations, saveEscalations } from '../../../electron/core/escalation/record-store';
import { loadRecordSigner } from '../../../electron/core/storage/record-key';
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
const OWN = keyAt(START);
const OTHER = keyAt(START - 24 * HOUR);
const DUE = START - 24 * HOUR + 3 * MIN;
const ownEntry = {
  atMs: START + 3 * MIN,
  dueMs: START + 3 * MIN,
  error: 'the server answered 403: forbidden',
  refused: true,
};
const known: AlarmKnowledge[] = [
  {
    settings: {
      ...defaultServiceSettings(),
      baseUrl: SERVICE,
      schedules: [WatchedScheduleSchema.parse({ id: 'sch_ops' })],
    },
  },
];
type File = Record<string, Record<string, unknown> | undefined>;

describe('escalations.json "unsent" read back as a claim', () => {
  const forgeries: [string, Record<string, unknown>, (file: File) => string | undefined][] = [
    ['no MAC', { dueMs: DUE, atMs: START + 3 * MIN, error: 'call +1 555 0100' }, () => undefined],
    [
      'another entry’s MAC',
      { dueMs: DUE, atMs: START + 3 * MIN, error: 'call +1 555 0100' },
      (f) => f['unsentMacs']?.[OWN] as string,
    ],
    ['a line break', { dueMs: DUE, atMs: START + 3 * MIN, error: 'a\ncall +1 555 0100' }, () => undefined],
    ['dated ahead of the clock', { dueMs: DUE, atMs: NOW + HOUR, error: 'x' }, () => undefined],
    [
      'dated before its shift could ring',
      { dueMs: DUE, atMs: START - 24 * HOUR - 2 * HOUR, error: 'x' },
      () => undefined,
    ],
  ];
  it.each(forgeries)('drops one with %s and keeps the app’s own', async (_n, entry, macOf) => {
    const secrets = new MemorySecrets();
    const folder = memoryFolder();
    const signer = await loadRecordSigner(secrets, () => undefined);
    const own = { version: 1 as const, booked: {}, sent: {}, unsent: { [OWN]: ownEntry } };
    expect(await saveEscalations(folder.store, own, known, signer)).toBeUndefined();
    const file = JSON.parse(folder.files.get(ESCALATIONS_FILE) ?? '') as File;
    file['unsent'] = { ...file['unsent'], [OTHER]: entry };
    const mac = macOf(file);
    if (mac !== undefined) file['unsentMacs'] = { ...file['unsentMacs'], [OTHER]: mac };
    folder.files.set(ESCALATIONS_FILE, JSON.stringify(file));
    const notices: Notice[] = [];
    const again = await loadRecordSigner(secrets, () => undefined);
    const state = await loadEscalations(folder.store, NOW, (n) => notices.push(n), known, undefined, again);
    expect(state.unsent).toEqual({ [OWN]: ownEntry });
    expect(notices.filter((n) => n.message.includes('phone escalation record'))).toHaveLength(1);
  });

  it('drops one beside a "sent" of the same key (it went out)', async () => {
    const folder = memoryFolder();
    const signer = await loadRecordSigner(new MemorySecrets(), () => undefined);
    const state = { version: 1 as const, booked: {}, sent: { [OWN]: START + 3 * MIN }, unsent: { [OWN]: ownEntry } };
    expect(await saveEscalations(folder.store, state, known, signer)).toBeUndefined();
    const read = await loadEscalations(folder.store, NOW, () => undefined, known, undefined, signer);
    expect(read.unsent).toBeUndefined();
    expect(read.sent[OWN]).toBe(START + 3 * MIN);
  });
});
