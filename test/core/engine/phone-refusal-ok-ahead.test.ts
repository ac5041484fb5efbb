// Issue 52 (adv52 r47 #3): phone-ok.json (the channel's last delivery after a refusal) is a claim too. Before, it
// was ordered against the refusal by its date alone, with a day's margin for a clock set back: one copied in dated a
// minute or 12 hours after now made a live refusal read as "an older saved phone refusal was put back", readiness
// said "set up but not tested", and after a restart the refusal was gone for good. One dated 1999 was dropped as "a
// time after now". Now phone-ok.json names the refusal it ended (that refusal's own atMs), so only a delivery after
// THAT refusal drops it; one dated after now is refused with that reason, one dated before 2000 with its own.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PHONE_OK_FILE, REFUSAL_FILE } from '../../../electron/core/escalation/refusal-store';
import { closeStands, HOUR, MIN } from '../support/phone-engine-rig';
import { REVOKED, refusedRig } from '../support/phone-refusal-rig';

afterEach(closeStands);

/** A refused channel, stopped an hour; then phone-ok.json written as `make` says (the refusal's channel and date,
 *  now), and the app started again. */
async function withPhoneOk(make: (ch: string, refusedAtMs: number, nowMs: number) => object) {
  const r = await refusedRig('revoked');
  const refusal = (await r.h.files.read(REFUSAL_FILE)) ?? '';
  const { ch, atMs } = z.object({ ch: z.string(), atMs: z.number() }).parse(JSON.parse(refusal));
  await r.h.clock.advance(HOUR);
  const forged = JSON.stringify(make(ch, atMs, r.h.clock.now()));
  await r.h.files.writeAtomic(PHONE_OK_FILE, forged);
  const e = await r.start();
  return { ...r, refusal, forged, e };
}

/** The refusal stands as saved, now and after a restart, with nothing of it kept aside. */
async function refusalStands(r: Awaited<ReturnType<typeof withPhoneOk>>) {
  for (const e of [r.e, await r.start()]) {
    expect(r.line(e)?.message).toContain(REVOKED);
    expect(r.line(e)?.message).toContain('saved before the app restarted');
    expect(
      r
        .notices(e)
        .map((n) => n.message)
        .join(' '),
    ).not.toContain('refusal was put back');
    if (e !== r.e) expect(r.notices(e)).toEqual([]);
    await r.stop(e);
  }
  expect(await r.h.files.read(REFUSAL_FILE)).toBe(r.refusal);
  expect(await r.backups(REFUSAL_FILE)).toEqual([]);
}

/** Said once with `reason`, and the file kept aside as it was. */
async function okRefused(r: Awaited<ReturnType<typeof withPhoneOk>>, reason: string, not: string) {
  const kept = await r.backups(PHONE_OK_FILE);
  expect(kept).toHaveLength(1);
  expect(await r.h.files.read(kept[0]!)).toBe(r.forged);
  const said = r.notices(r.e).map((n) => n.message);
  expect(said).toHaveLength(1);
  expect(said[0]).toContain(`(${reason})`);
  expect(said[0]).not.toContain(not);
  expect(said[0]).toContain(kept[0]);
}

describe('phone-ok.json that does not follow the saved phone refusal', () => {
  for (const [label, aheadMs] of [
    ['a minute', MIN],
    ['12 hours', 12 * HOUR],
  ] as const) {
    it(`dated ${label} after now: refused as a time after now; the refusal stands`, async () => {
      const r = await withPhoneOk((ch, _at, nowMs) => ({ version: 1, ch, atMs: nowMs + aheadMs }));
      await okRefused(r, 'a time after now', 'before 2000');
      await refusalStands(r);
    }, 120_000);
  }

  it('dated between the refusal and now, naming no refusal: not used, nothing said', async () => {
    const r = await withPhoneOk((ch, refusedAtMs) => ({ version: 1, ch, atMs: refusedAtMs + MIN }));
    expect(r.notices(r.e)).toEqual([]);
    expect(await r.backups(PHONE_OK_FILE)).toEqual([]);
    await refusalStands(r);
  }, 120_000);

  it('naming another refusal than the one saved: not used, nothing said', async () => {
    const r = await withPhoneOk((ch, refusedAtMs) => ({ version: 1, ch, atMs: refusedAtMs + MIN, after: 1 }));
    expect(r.notices(r.e)).toEqual([]);
    await refusalStands(r);
  }, 120_000);

  it('dated 1999: refused as a time before 2000, not "after now"; the refusal stands', async () => {
    const r = await withPhoneOk((ch) => ({ version: 1, ch, atMs: Date.UTC(1999, 0, 1) }));
    await okRefused(r, 'a time before 2000', 'after now');
    await refusalStands(r);
  }, 120_000);
});
