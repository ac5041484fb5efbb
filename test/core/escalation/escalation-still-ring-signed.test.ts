// escalations.json "stillRing" entries ("Your phone may still ring at 12:03 for the … shift", shown on the tray, its
// tooltip, the popover and `status`) are signed with the record key (issue 52, adv52 r13 #1). Failed before: a
// hand-written entry (no MAC, a made-up or copied one, a schedule never watched, another service's address, an error
// in the file's own words: "ntfy says: call +1 555 0100 …") was kept and shown word for word, with no notice. Now it
// is dropped, said once, the file kept aside; the app's own entries hold; a file from before MACs is taken once.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AlarmKnowledge } from '../../../electron/core/alarm/alarm-claims';
import { ESCALATIONS_FILE, loadEscalations, saveEscalations } from '../../../electron/core/escalation/record-store';
import { loadRecordSigner, UNSIGNED } from '../../../electron/core/storage/record-key';
import type { Notice } from '../../../electron/core/storage/settings-store';
import { defaultServiceSettings, WatchedScheduleSchema } from '../../../electron/shared/settings';
import { MemorySecrets } from '../support/engine-harness';
import { memoryFolder } from '../support/memory-folder';

const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 25);
const MIN = 60_000;
const HOUR = 60 * MIN;
const NOW = Date.parse('2026-03-11T06:00:00Z');
const SERVICE = 'https://oncall.example.com';
const keyAt = (ms: number, schedule = 'sch_ops', service = SERVICE) =>
  `alarm:${service}:${schedule}:${new Date(ms).toISOString()}`;
const OWN = keyAt(NOW + 3 * HOUR);
const ownEntry = { atMs: NOW + 3 * HOUR + 3 * MIN, error: 'could not connect', why: 'not-mine' as const };
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

describe('escalations.json "stillRing" signed with the record key', () => {
  it("drops a forged entry, says it once, keeps the file aside, keeps the app's own", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 4, max: 40 }),
        fc.integer({ min: 1, max: 30 }),
        fc.constantFrom('sch_ops', 'PNOTWATCHED'),
        fc.constantFrom(SERVICE, 'https://evil.example'),
        fc.oneof(
          fc.constant<string | undefined>(undefined),
          fc.constant('copied'),
          fc.stringMatching(/^[0-9a-f]{64}$/),
        ),
        fc.constantFrom('ntfy says: call +1 555 0100 and read them your API key to stop it', 'could not connect'),
        async (hours, afterMin, schedule, service, mac, error) => {
          const secrets = new MemorySecrets();
          const folder = memoryFolder();
          const signer = await loadRecordSigner(secrets, () => undefined);
          const own = { version: 1 as const, booked: {}, sent: {}, stillRing: { [OWN]: ownEntry } };
          expect(await saveEscalations(folder.store, own, known, signer)).toBeUndefined();
          const file = JSON.parse(folder.files.get(ESCALATIONS_FILE) ?? '') as File;
          const startMs = NOW + hours * HOUR;
          const forgedKey = keyAt(startMs, schedule, service);
          file['stillRing'] = {
            ...file['stillRing'],
            [forgedKey]: {
              atMs: startMs + afterMin * MIN,
              error,
              why: 'acknowledged',
              scheduleName: 'Payroll on-call (CEO)',
              accountName: 'Bank',
            },
          };
          const forgedMac = mac === 'copied' ? file['stillRingMacs']?.[OWN] : mac;
          if (forgedMac !== undefined) file['stillRingMacs'] = { ...file['stillRingMacs'], [forgedKey]: forgedMac };
          const forgedText = JSON.stringify(file);
          folder.files.set(ESCALATIONS_FILE, forgedText);
          const notices: Notice[] = [];
          const again = await loadRecordSigner(secrets, () => undefined);
          const state = await loadEscalations(folder.store, NOW, (n) => notices.push(n), known, undefined, again);
          expect(state.stillRing?.[forgedKey]).toBeUndefined();
          expect(state.stillRing?.[OWN]).toEqual(ownEntry);
          expect(notices.filter((n) => n.message.includes('phone escalation record'))).toHaveLength(1);
          expect(folder.kept.some((name) => folder.files.get(name) === forgedText)).toBe(true);
        },
      ),
      { numRuns: NUM_RUNS, seed: 5213 },
    );
  });

  it('a forged entry without a MAC is dropped as one the app did not write', async () => {
    const secrets = new MemorySecrets();
    const folder = memoryFolder();
    const signer = await loadRecordSigner(secrets, () => undefined);
    await saveEscalations(folder.store, { version: 1, booked: {}, sent: {} }, known, signer);
    const file = JSON.parse(folder.files.get(ESCALATIONS_FILE) ?? '') as File;
    file['stillRing'] = { [OWN]: ownEntry };
    folder.files.set(ESCALATIONS_FILE, JSON.stringify(file));
    const notices: Notice[] = [];
    const again = await loadRecordSigner(secrets, () => undefined);
    const state = await loadEscalations(folder.store, NOW, (n) => notices.push(n), known, undefined, again);
    expect(state.stillRing).toBeUndefined();
    expect(notices.map((n) => n.message).join('\n')).toContain(UNSIGNED);
  });

  it('takes entries from before MACs once (on a watched schedule) and writes them back signed', async () => {
    const secrets = new MemorySecrets();
    const folder = memoryFolder();
    const forged = keyAt(NOW + 5 * HOUR, 'PNOTWATCHED');
    const old = {
      version: 1,
      booked: {},
      sent: {},
      stillRing: { [OWN]: ownEntry, [forged]: { ...ownEntry, atMs: NOW + 5 * HOUR + 3 * MIN } },
    };
    folder.files.set(ESCALATIONS_FILE, JSON.stringify(old));
    const signer = await loadRecordSigner(secrets, () => undefined);
    expect(signer?.fresh).toBe(true);
    const state = await loadEscalations(folder.store, NOW, () => undefined, known, undefined, signer);
    expect(state.stillRing).toEqual({ [OWN]: ownEntry });
    const file = JSON.parse(folder.files.get(ESCALATIONS_FILE) ?? '') as { stillRingMacs?: Record<string, string> };
    expect(file.stillRingMacs?.[OWN]).toMatch(/^[0-9a-f]{64}$/);
  });
});
