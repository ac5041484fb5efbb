// escalations.json "booked" and "maybe" entries are signed with the record key (issue 52; record-key.ts): a booking
// the app didn't write (no MAC, a made-up one, one copied from another entry) makes the app believe nothing is booked
// on the phone service and owes no cancel there: dropped, said once, the file kept aside; the app's own bookings hold
// across restarts; a file from before MACs is taken once and written back signed. Failed before: a forged booking
// was kept, so the app never booked that start's alert and readiness said "booked for 09:03" of an alert the phone
// service never held.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchSend } from '../../../electron/core/escalation/http';
import {
  alertIdOf,
  ESCALATIONS_FILE,
  loadEscalations,
  saveEscalations,
} from '../../../electron/core/escalation/record-store';
import { loadRecordSigner, UNSIGNED } from '../../../electron/core/storage/record-key';
import type { Notice } from '../../../electron/core/storage/settings-store';
import { MemorySecrets } from '../support/engine-harness';
import { memoryFolder } from '../support/memory-folder';
import { closeStands, MIN, MY_START, TOPIC, withNtfy } from '../support/phone-engine-rig';

const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 25);
const START = Date.parse('2026-03-11T08:00:00Z');
const keyAt = (ms: number) => `alarm:https://oncall.example.com:sch_ops:${new Date(ms).toISOString()}`;
const OWN = keyAt(START);
const bookingOf = (key: string, atMs: number) => ({ id: alertIdOf(key), atMs });

type File = Record<string, Record<string, unknown> | undefined>;

describe('escalations.json "booked" and "maybe" signed with the record key', () => {
  it("drops a forged booking or maybe, says it once, keeps the file aside, keeps the app's own", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 30 }),
        fc.oneof(
          fc.constant<string | undefined>(undefined),
          fc.constant('copied'),
          fc.stringMatching(/^[0-9a-f]{64}$/),
        ),
        fc.constantFrom('booked', 'maybe'),
        async (hours, afterMin, mac, where) => {
          const secrets = new MemorySecrets();
          const folder = memoryFolder();
          const signer = await loadRecordSigner(secrets, () => undefined);
          const own = {
            version: 1 as const,
            booked: { [OWN]: bookingOf(OWN, START + 3 * MIN) },
            maybe: { [OWN]: bookingOf(OWN, START + 3 * MIN) },
            sent: {},
          };
          expect(await saveEscalations(folder.store, own, undefined, signer)).toBeUndefined();
          const file = JSON.parse(folder.files.get(ESCALATIONS_FILE) ?? '') as File;
          const forgedKey = keyAt(START + hours * 60 * MIN);
          const macs = `${where}Macs`;
          file[where] = {
            ...file[where],
            [forgedKey]: bookingOf(forgedKey, START + hours * 60 * MIN + afterMin * MIN),
          };
          const forgedMac = mac === 'copied' ? file[macs]?.[OWN] : mac;
          if (forgedMac !== undefined) file[macs] = { ...file[macs], [forgedKey]: forgedMac };
          const forgedText = JSON.stringify(file);
          folder.files.set(ESCALATIONS_FILE, forgedText);
          const notices: Notice[] = [];
          const again = await loadRecordSigner(secrets, () => undefined);
          const state = await loadEscalations(folder.store, START, (n) => notices.push(n), undefined, undefined, again);
          expect(state.booked[forgedKey]).toBeUndefined();
          expect(state.maybe?.[forgedKey]).toBeUndefined();
          expect(state.booked[OWN]).toEqual(own.booked[OWN]);
          expect(state.maybe?.[OWN]).toEqual(own.maybe[OWN]);
          expect(notices.filter((n) => n.message.includes(UNSIGNED))).toHaveLength(1);
          expect(folder.kept.some((name) => folder.files.get(name) === forgedText)).toBe(true);
        },
      ),
      { numRuns: NUM_RUNS, seed: 5222 },
    );
  });

  it('takes bookings from before MACs once and writes them back signed', async () => {
    const secrets = new MemorySecrets();
    const folder = memoryFolder();
    const old = { version: 1, booked: { [OWN]: bookingOf(OWN, START + 3 * MIN) }, sent: {} };
    folder.files.set(ESCALATIONS_FILE, JSON.stringify(old));
    const signer = await loadRecordSigner(secrets, () => undefined);
    const state = await loadEscalations(folder.store, START, () => undefined, undefined, undefined, signer);
    expect(state.booked[OWN]).toEqual(old.booked[OWN]);
    const file = JSON.parse(folder.files.get(ESCALATIONS_FILE) ?? '') as { bookedMacs?: Record<string, string> };
    expect(file.bookedMacs?.[OWN]).toMatch(/^[0-9a-f]{64}$/);
  });
});

afterEach(closeStands);

describe('a forged booking, read by the real engine after a restart', () => {
  it('is dropped and said once: the alert is booked on the phone service, so what the app says is booked is', async () => {
    const { h, s, engine } = await withNtfy();
    await engine.stop();
    // Today's alert is not on the phone service (cancelled there), while the file claims it is booked, without the
    // app's MAC: a hand-written booking.
    const file = JSON.parse((await h.files.read(ESCALATIONS_FILE)) ?? '{}') as File;
    const key = Object.keys(file['booked'] ?? {}).find((k) => k.endsWith(':2026-03-10T09:00:00Z')) ?? 'none';
    expect(key).not.toBe('none');
    await fetch(`${s.url}/${TOPIC}/${alertIdOf(key)}`, { method: 'DELETE' });
    expect(s.scheduled(TOPIC).map((m) => m.deliverMs)).not.toContain(MY_START + 3 * MIN);
    const macs = file['bookedMacs'];
    if (macs) delete macs[key];
    await h.files.writeAtomic(ESCALATIONS_FILE, JSON.stringify(file));
    await h.clock.advance(MIN);
    // Restarted with the same keychain (a copy: this process's record key is not fresh any more, as after a restart).
    const secrets = new MemorySecrets();
    for (const [k, v] of h.secrets.entries) secrets.entries.set(k, v);
    const again = h.engine({
      secrets,
      phone: { send: (req, t) => h.clock.inFlight.track(fetchSend(req, t)), pushoverApi: s.url },
    });
    await again.start();
    await h.clock.runWhileAdvancing(again.alarmsSettled());
    await h.clock.advance(3_000);
    await h.clock.runWhileAdvancing(again.alarmsSettled());
    const st = again.getState();
    // What the app says is booked (Settings → Phone, readiness' "booked for 09:03") is booked: the phone service
    // holds today's alert again (once).
    expect(st.phone).toMatchObject({ booking: 'booked', nextBooked: new Date(MY_START + 3 * MIN).toISOString() });
    expect(s.scheduled(TOPIC).filter((m) => m.deliverMs === MY_START + 3 * MIN)).toHaveLength(1);
    expect(st.notices.filter((n) => n.message.includes(UNSIGNED))).toHaveLength(1);
    await again.stop();
  }, 30_000);
});
