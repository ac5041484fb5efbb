// Issue 52 (adv52 r54 #1): phone-refusal.json and phone-ok.json put back together as they were before a Send test
// went through (a sync or backup tool restoring the pair): the older refusal came back as fact, no notice, and a
// monthly limit held the next shift start's phone alert back for weeks. Now the refusal's end is also kept in the
// signed escalations.json, so the refusal read back is kept aside and said once, as when phone-ok.json is present.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ESCALATIONS_FILE } from '../../../electron/core/escalation/record-store';
import { PHONE_OK_FILE, REFUSAL_FILE } from '../../../electron/core/escalation/refusal-store';
import { closeStands, HOUR, MIN, TOMORROW } from '../support/phone-engine-rig';
import { REVOKED, refusedRig } from '../support/phone-refusal-rig';

afterEach(closeStands);

describe('phone-refusal.json put back with phone-ok.json removed, after a Send test went through', () => {
  for (const kind of ['limit', 'revoked'] as const)
    it(`${kind}: kept aside and said once; tomorrow's shift start alert is sent`, async () => {
      const r = await refusedRig(kind);
      const older = (await r.h.files.read(REFUSAL_FILE)) ?? '';
      expect(older).not.toBe('');
      r.refuse(false);
      await r.h.clock.advance(2 * HOUR);
      const second = await r.start();
      expect((await r.sendTest(second)).ok).toBe(true);
      await r.stop(second);
      await r.h.files.writeAtomic(REFUSAL_FILE, older);
      await r.h.files.remove(PHONE_OK_FILE);
      await r.h.clock.advance(HOUR);
      const third = await r.start();
      expect(r.line(third)?.message ?? '').not.toContain('won’t be reached');
      const kept = await r.backups(REFUSAL_FILE);
      expect(kept).toHaveLength(1);
      expect(await r.h.files.read(kept[0]!)).toBe(older);
      const said = r.notices(third).map((n) => n.message);
      expect(said).toHaveLength(1);
      expect(said[0]).toContain('older saved phone refusal was put back');
      const before = r.s.pushover.length;
      await r.h.clock.advanceTo(TOMORROW + 10 * MIN);
      expect(r.s.pushover.slice(before).map((m) => m.title)).toEqual(['Shift start not acknowledged — Ops']);
      await r.stop(third);
      const fourth = await r.start();
      expect(r.notices(fourth)).toEqual([]);
      await r.stop(fourth);
    }, 120_000);
});

describe('an end of the refusal written into escalations.json by hand', () => {
  it('is not the app’s (no MAC of its own): the refusal still stands after a restart, nothing said', async () => {
    const r = await refusedRig('revoked');
    const refusal: unknown = JSON.parse((await r.h.files.read(REFUSAL_FILE)) ?? '{}');
    const { ch, atMs } = z.object({ ch: z.string(), atMs: z.number() }).parse(refusal);
    const record: unknown = JSON.parse((await r.h.files.read(ESCALATIONS_FILE)) ?? '{}');
    const forged = { ...z.record(z.string(), z.unknown()).parse(record), ended: { ch, after: atMs }, endedMac: 'x' };
    await r.h.files.writeAtomic(ESCALATIONS_FILE, JSON.stringify(forged));
    await r.h.clock.advance(HOUR);
    const second = await r.start();
    expect(r.line(second)?.message).toContain(REVOKED);
    expect(
      r
        .notices(second)
        .map((n) => n.message)
        .join(' '),
    ).not.toContain('older saved phone refusal');
    expect(await r.backups(REFUSAL_FILE)).toEqual([]);
    await r.stop(second);
  }, 120_000);
});
