// A kept ("not confirmed") calendar event is one the app itself published from a read (adv52 r11 #3): a record entry
// it never read as mine — made up in calendar-export.json / calendar-feed.json for a time now in a hole, or far past
// anything read — is dropped, said once, the record kept aside, never published as "On call … kept as last read";
// and "Not confirmed since" is never earlier than the event's last read. Real engine, simulator, fake clock, a real
// data folder; fast-check over generated false entries (FC_RUNS). Failed before: the made-up entries were published
// ("On call: Platform primary (unknown: …)"), and "Not confirmed since Sat 1 Jan 2000".
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { anchorUid } from '../../../electron/core/calendar/published-record';
import { createHarness, type Harness } from '../support/engine-harness';
import { serviceSeed } from '../../support/two-service-seeds';

const FC_RUNS = Number(process.env['FC_RUNS'] ?? 12);
const KEY = 'ocs_work_key_1111';
const DAY = 86_400_000;
const T0 = Date.parse('2026-03-04T19:00:00Z');
const HOLE = { fromMs: Date.parse('2026-03-04T20:00:00Z'), toMs: Date.parse('2026-03-08T20:00:00Z') };
const RECORD = 'calendar-export.json';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function rig() {
  const h = await createHarness({ startMs: T0, seed: serviceSeed(KEY, ['alice', 'bob']) });
  harness = h;
  const account = { id: 'work', label: 'Work', baseUrl: h.sim.url, email: 'alice@example.com' };
  const settings = { version: 2, startAtLogin: true, accounts: [{ ...account, schedules: [{ id: 'sch_primary' }] }] };
  await h.files.writeAtomic('settings.json', JSON.stringify(settings));
  await h.secrets.set(`work@${new URL(h.sim.url).host}`, KEY);
  const engine = h.engine({ alarms: false, localZone: 'Europe/Berlin' });
  await engine.start();
  await h.clock.advance(2 * 60_000);
  await engine.calendar(14);
  const real = JSON.parse((await h.files.read(RECORD)) ?? '{}') as { events: Record<string, { scheduleId: string }> };
  const ref = Object.values(real.events)[0]?.scheduleId ?? 'none';
  h.sim.unreadable.add('sch_primary', HOLE);
  await engine.handlers['sync:refresh'](null);
  await h.clock.advance(60_000);
  return { h, engine, real, ref };
}

const uidsOf = (ics: string): string[] => [...ics.matchAll(/^UID:(.+)$/gm)].map((m) => (m[1] ?? '').trim());

describe('kept calendar events read back', () => {
  it('an entry the app never published from a read is never published, and is said', async () => {
    const { h, engine, real, ref } = await rig();
    const falseEntry = fc.record({
      // In the hole (Thu 5 Mar is Bob's day as read), or up to 80 days past anything read.
      startMs: fc.oneof(
        fc.integer({ min: HOLE.fromMs, max: HOLE.toMs - 2 * 3_600_000 }),
        fc.integer({ min: T0 + 20 * DAY, max: T0 + 80 * DAY }),
      ),
      lengthMs: fc.integer({ min: 3_600_000, max: DAY }),
      digest: fc.stringMatching(/^[0-9a-f]{32}$/),
      sequence: fc.integer({ min: 0, max: 50 }),
      ageMs: fc.integer({ min: 0, max: 30 * DAY }),
      unconfirmed: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(falseEntry, async (f) => {
        const startMs = Math.round(f.startMs / 60_000) * 60_000;
        const uid = anchorUid(ref, 'alice@example.com', startMs);
        const modifiedMs = h.clock.now() - f.ageMs;
        const entry = {
          scheduleId: ref,
          startMs,
          endMs: startMs + f.lengthMs,
          digest: f.digest,
          sequence: f.sequence,
          modifiedMs,
          ...(f.unconfirmed ? { unconfirmedSinceMs: modifiedMs } : {}),
        };
        // The app's own entries keep their MACs (record-key.ts); the made-up one has none.
        const record = { ...real, version: 1, events: { ...real.events, [uid]: entry } };
        await h.files.writeAtomic(RECORD, JSON.stringify(record));
        const ics = await engine.calendar(90);
        expect(uidsOf(ics)).not.toContain(uid);
        expect(ics).not.toMatch(/unknown: past the shifts read/);
      }),
      { numRuns: FC_RUNS },
    );
    // Without the app's MAC it is "an entry the app didn't write" (calendar-signed.test.ts); without a keychain, "an
    // event the app never published from a read".
    const said = engine.getState().notices.filter((n) => /never published from a read|didn't write/.test(n.message));
    expect(said).toHaveLength(1);
    expect(said[0]?.message).toMatch(/The file was kept as /);
  }, 60_000);

  it('"Not confirmed since" is never earlier than the event’s last read', async () => {
    const { h, engine } = await rig();
    const text = (await h.files.read(RECORD)) ?? '{}';
    const rec = JSON.parse(text) as { version: 1; events: Record<string, { unconfirmedSinceMs?: number }> };
    for (const e of Object.values(rec.events)) e.unconfirmedSinceMs = Date.UTC(2000, 0, 1);
    await h.files.writeAtomic(RECORD, JSON.stringify(rec));
    const ics = await engine.calendar(14);
    expect(ics).not.toMatch(/2000/);
    expect(ics).not.toMatch(/Not confirmed since (?!Wed 4 Mar 2026)/);
  }, 30_000);
});
