// Issue 48, adversarial round 19 #1: with the data folder read-only, the override form, Take over and Swap sent their
// write though its lost-answer record (lost-answers.json) could not be saved first; answered 503 and applied late, the
// same press after a restart sent it again: two identical overrides. Now every flow does what I'm away does: the
// record is saved before the write, and when it can't be, nothing is sent and the user is told why. Real engine, the
// simulator (applyAfterMs), a real data folder made read-only, a fake clock, a restart; overrides counted in the
// simulator itself.
import { afterEach, describe, expect, it } from 'vitest';
import type { FileStore } from '../../../electron/core/ports';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

// Solo: one a day from Mon 2 March 08:00Z in the order me, Bob, Carol (me Mon and Thu, Bob Tue).
const seed = seedOf([
  {
    id: 'sch_solo',
    name: 'Solo',
    zone: 'Etc/UTC',
    rotationStart: '2026-03-02T08:00:00Z',
    userIds: ['usr_me', 'usr_bob', 'usr_carol'],
    length: { amount: 1, unit: 'days' as const },
  },
]);
const NOT_SAVED = "could not be saved first, so it wasn't sent: the disk is read-only";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The harness's real folder, whose writes and removals fail with EROFS while `readOnly` is set. */
function switchable(inner: FileStore) {
  const state = { readOnly: false };
  const refuse = () => Promise.reject(Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' }));
  const files: FileStore = {
    location: inner.location,
    read: (n) => inner.read(n),
    backup: (n) => (state.readOnly ? refuse() : inner.backup(n)),
    writeAtomic: (n, t) => (state.readOnly ? refuse() : inner.writeAtomic(n, t)),
    remove: (n) => (state.readOnly ? refuse() : inner.remove(n)),
  };
  return { files, state };
}

const creates = (hh: Harness) => hh.sim.requests.count({ route: 'createOverride' });
const overrides = (hh: Harness) => hh.sim.state.schedules.get('sch_solo')?.overrides ?? [];

/** Presses once read-only (the create would be answered 503 and applied 60 s later), restarts writable 23 s on and
 *  presses again at +24 s and +453 s: returns the first answer's text. */
async function pressedReadOnly(startMs: number, press: (e: Engine) => Promise<unknown>): Promise<string> {
  const hh = (h = await createHarness({ startMs, seed, files: 'fs' }));
  await seedSettings(hh, { email: ME, scheduleIds: ['sch_solo'] });
  const folder = switchable(hh.files);
  const first = hh.engine({ alarms: false, files: folder.files });
  await first.start();
  await hh.clock.advance(1_000);
  hh.sim.faults.set('createOverride', { status: 503, applyAfterMs: 60_000, times: 1 });
  folder.state.readOnly = true;
  const said = JSON.stringify(await hh.clock.runWhileAdvancing(press(first), 1000, 300));
  expect(creates(hh)).toBe(0);
  await hh.clock.advance(12_000);
  await first.stop();
  folder.state.readOnly = false;
  await hh.clock.advance(10_000);
  const second = hh.engine({ alarms: false, files: folder.files });
  await second.start();
  await hh.clock.advance(1_000);
  await hh.clock.runWhileAdvancing(press(second), 1000, 300);
  await hh.clock.advance(430_000);
  await hh.clock.runWhileAdvancing(press(second), 1000, 300);
  return said;
}

describe('adv48 r19 #1: a write whose lost-answer record cannot be saved first is not sent', () => {
  it('the override form: nothing sent read-only, said why; written once when the folder is writable again', async () => {
    const said = await pressedReadOnly(Date.parse('2026-03-02T10:00:00Z'), (e) =>
      e.handlers['override:create']({
        scheduleId: 'sch_solo',
        window: { kind: 'custom', start: '2026-03-04T09:00:00.000Z', end: '2026-03-05T09:00:00.000Z' },
        emails: ['carol@example.com'],
      }),
    );
    expect(said).toContain(NOT_SAVED);
    expect(said).toContain('"kind":"storage"');
    expect(h && overrides(h)).toHaveLength(1);
  }, 30_000);

  it('take over: nothing sent read-only, said why; one take-over after', async () => {
    const said = await pressedReadOnly(Date.parse('2026-03-03T10:00:00Z'), (e) =>
      e.handlers['take-over:now']({ scheduleId: 'sch_solo', fromEmail: 'bob@example.com' }),
    );
    expect(said).toContain(NOT_SAVED);
    expect(h && overrides(h)).toHaveLength(1);
  }, 30_000);

  it('swap: neither side sent read-only, said why; each side written once after', async () => {
    const said = await pressedReadOnly(Date.parse('2026-03-02T10:00:00Z'), (e) =>
      e.handlers['swap:create']({
        mine: { scheduleId: 'sch_solo', start: '2026-03-05T08:00:00Z', end: '2026-03-06T08:00:00Z' },
        theirs: {
          scheduleId: 'sch_solo',
          start: '2026-03-03T08:00:00Z',
          end: '2026-03-04T08:00:00Z',
          email: 'bob@example.com',
        },
      }),
    );
    expect(said).toContain(NOT_SAVED);
    const sides = (h ? overrides(h) : []).map((o) => `${new Date(o.startMs).toISOString()} ${o.userIds.join()}`);
    expect(sides.sort()).toEqual(['2026-03-03T08:00:00.000Z usr_me', '2026-03-05T08:00:00.000Z usr_bob']);
  }, 30_000);
});
