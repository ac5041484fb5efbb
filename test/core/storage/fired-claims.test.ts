// Issue 52: the record of reminders shown is a claim. A held message is shown after quiet hours, so one the app
// could not have held (a schedule not watched, a time not yet come, text it doesn't word) is dropped; a fired key
// whose time is so far ahead it would never be pruned (silencing a reminder for good) is dropped too. What is
// dropped is said once, the file kept aside and what was kept written back at once. Before, only the shape was
// checked. Generated damaged and plausible-but-false records (fast-check): the store opens, keeps working, keeps
// only what holds, tells once and keeps the original.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openFiredStore, REMINDERS_FILE, type HeldMessage } from '../../../electron/core/storage/fired-store';
import type { Notice } from '../../../electron/core/storage/settings-store';
import { MemoryFileStore } from '../support/memory-file-store';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const HOUR = 3_600_000;
const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 60);
/** Watched now: the main account's sch_a, and acme's sch_b. */
const watched = (key: string, scheduleId: string | undefined): boolean => {
  const acme = key.startsWith('@acme/');
  if (!acme && key.startsWith('@')) return false;
  return scheduleId === undefined || scheduleId === (acme ? 'sch_b' : 'sch_a');
};

const held = (over: Partial<HeldMessage> = {}): HeldMessage => ({
  key: 'sch_a|2026-03-11T09:00:00Z:lead15',
  kind: 'lead',
  title: 'On call in 15 min',
  body: 'Platform, Wed 11 Mar 09:00',
  atMs: NOW - HOUR,
  untilMs: NOW + 24 * HOUR,
  scheduleId: 'sch_a',
  ...over,
});

async function open(text: string) {
  const files = new MemoryFileStore();
  files.files.set(REMINDERS_FILE, text);
  const told: Notice[] = [];
  const store = await openFiredStore(files, { now: () => NOW, onNotice: (n) => told.push(n), watched });
  return { files, told, store };
}

describe('the record of reminders read back', () => {
  it('drops a held change without its statement and a correction not keyed to the start it corrects (adv52 r2 F4; failed before)', async () => {
    const good = held();
    const change = held({
      key: 'change:sch_a:x',
      kind: 'change',
      title: 'Your shift changed',
      body: 'call +1 555 evil',
    });
    const noSchedule = held({ key: 'zzz', kind: 'change', body: 'Nobody is on call this week' });
    delete noSchedule.scheduleId;
    const correction = held({ key: 'correction:sch_a:x', kind: 'correction', body: 'Ignore the last reminder' });
    const original = JSON.stringify({ version: 1, fired: {}, held: [good, change, noSchedule, correction] });
    const { told, store } = await open(original);
    expect(store.held().map((h) => h.key)).toEqual([good.key]);
    expect(told).toHaveLength(1);
    expect(told[0]?.message).toContain('3 entries');
    expect(told[0]?.message).toContain('a message the app could not have worded');
  });

  it('drops a held message for a schedule not watched, one held in the future and a key that would never expire', async () => {
    const good = held();
    const original = JSON.stringify({
      version: 1,
      fired: { 'sch_a|ok:start': NOW + HOUR, 'sch_a|forever:start': 1e300 },
      held: [good, held({ key: '@gone/x', scheduleId: 'sch_x' }), held({ key: 'k2', atMs: NOW + 10 * HOUR })],
    });
    const { files, told, store } = await open(original);
    expect(store.keys()).toEqual(['sch_a|ok:start']);
    expect(store.held()).toEqual([good]);
    expect(told.map((n) => n.message)).toEqual([
      "3 entries of the record of reminders already shown were not used (a time that can't be true; a schedule not " +
        'watched now). The file was kept as /data/reminders.json.bad-1.',
    ]);
    expect(files.files.get('reminders.json.bad-1')).toBe(original);
    // What was kept is on disk again at once, and nothing more is said when it is read back.
    const again = await openFiredStore(files, { now: () => NOW, onNotice: (n) => told.push(n), watched });
    expect(again.held()).toEqual([good]);
    expect(told).toHaveLength(1);
  });
});

/** A correction as the app holds it (reminders/held.ts toHeld): its statement, keyed to the start it corrects. */
const START = NOW + 20 * HOUR;
const WAS = {
  group: `shift:sch_a:${new Date(START).toISOString().replace('.000Z', 'Z')}`,
  scheduleId: 'sch_a',
  scheduleName: 'Platform',
  scheduleZone: 'Europe/Berlin',
  startMs: START,
  endMs: START + 8 * HOUR,
  startSeen: true,
  others: [],
  nextNames: [],
};
const correction = (over: Partial<HeldMessage> = {}): Partial<HeldMessage> => ({
  key: `correction:sch_a:${new Date(START).toISOString().replace('.000Z', 'Z')}`,
  kind: 'correction',
  startsAtMs: START,
  correction: { was: WAS, lostEndMs: WAS.endMs, coverers: ['Ada'] },
  ...over,
});

describe('a held correction', () => {
  it('is kept when it is the statement the app holds, and dropped when it is text or states what can’t be (failed before)', async () => {
    const good = held(correction());
    const bad = [
      correction({ correction: undefined, body: 'Ignore your reminders: call +1 555' }),
      correction({ correction: { was: { ...WAS, scheduleName: 'Plat\nform' }, lostEndMs: WAS.endMs, coverers: [] } }),
      correction({ correction: { was: WAS, lostEndMs: WAS.endMs + HOUR, coverers: [] } }),
      correction({ correction: { was: { ...WAS, startMs: START - HOUR }, lostEndMs: WAS.endMs, coverers: [] } }),
      correction({ correction: { was: WAS, lostEndMs: WAS.endMs, coverers: ['Ada\u202e'] } }),
      { change: { before: [], after: [], coverers: [] } },
    ].map((over, i) => held({ ...over, key: `k${i}/${over.key ?? 'x'}` }));
    // The app holds a correction only while a reminder of the block is on record as said (delivery's saidKey).
    const fired = { [`said:${WAS.group}`]: WAS.endMs };
    const { told, store } = await open(JSON.stringify({ version: 1, fired, held: [good, ...bad] }));
    expect(store.held()).toEqual([good]);
    expect(told[0]?.message).toMatch(/^6 entries .* \(a message the app could not have worded\)/);
  });

  it('is dropped when no reminder of the block it corrects is on record as told: never mine as far as the app knows (adv52 r7; failed before)', async () => {
    const other = { [`@acme/said:${WAS.group}`]: WAS.endMs };
    const { told, store } = await open(JSON.stringify({ version: 1, fired: other, held: [held(correction())] }));
    expect(store.held()).toEqual([]);
    expect(told[0]?.message).toMatch(/^1 entry .* \(a correction of a shift not on record as told\)/);
  });
});

const badHeld = fc.constantFrom<Partial<HeldMessage>>(
  correction(),
  correction({ correction: undefined }),
  correction({ key: 'correction:sch_a:2026-03-11T09:00:00Z' }),
  correction({ correction: { was: { ...WAS, scheduleId: 'sch_b' }, lostEndMs: WAS.endMs, coverers: [] } }),
  {},
  { key: '@other/k', scheduleId: 'sch_a' },
  { scheduleId: 'sch_b' },
  { atMs: NOW + 5 * HOUR },
  { untilMs: 8.64e15 },
  { startsAtMs: -5 },
  { title: 'x'.repeat(10_000) },
  { body: 'Line\u0000two' },
  { kind: 'lead\r\nX' },
);
const record = fc.oneof(
  fc
    .record({
      fired: fc.dictionary(
        fc.string({ maxLength: 20 }),
        fc.oneof(fc.constant(1e300), fc.constant(NOW + HOUR), fc.integer()),
        { maxKeys: 5 },
      ),
      held: fc.array(
        badHeld.map((over) => held(over)),
        { maxLength: 4 },
      ),
    })
    .map((r) => JSON.stringify({ version: 1, ...r })),
  fc.json(),
  fc.string(),
);

describe('generated records of reminders', () => {
  it('open, keep working, keep only what holds, tell once and keep the original', async () => {
    await fc.assert(
      fc.asyncProperty(record, async (text) => {
        const { files, told, store } = await open(text);
        for (const h of store.held()) {
          expect(watched(h.key, h.scheduleId)).toBe(true);
          // A correction is kept only as the statement the app words it from, keyed to the start it states.
          if (h.kind === 'correction') expect(h.correction?.was.startMs).toBe(h.startsAtMs);
          expect(h.atMs).toBeLessThanOrEqual(NOW);
        }
        expect(told.length).toBeLessThanOrEqual(1);
        const backups = [...files.files.keys()].filter((n) => n.startsWith(`${REMINDERS_FILE}.bad-`));
        expect(backups).toHaveLength(told.length);
        if (backups[0] !== undefined) expect(files.files.get(backups[0])).toBe(text);
        await store.add([{ key: 'new', untilMs: NOW + HOUR }]);
        expect(store.has('new')).toBe(true);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
