// Issue 52 (adv52 r46 #2): a refusal is a dated claim, judged against what the app recorded later. Before, an older
// phone-refusal.json put back (a sync, a restore of that one file) after a Send test went through (which removed it)
// brought back "the phone won't be reached … (saved before the app restarted)", with no notice. Now the app keeps
// when the channel's Send test or alert last went through after a refusal (phone-ok.json); a refusal older than that
// is kept aside and said once, never used. A refusal after it still stands.
import { afterEach, describe, expect, it } from 'vitest';
import { REFUSAL_FILE } from '../../../electron/core/escalation/refusal-store';
import { closeStands, HOUR, MIN, TOMORROW } from '../support/phone-engine-rig';
import { REVOKED, refusedRig } from '../support/phone-refusal-rig';

afterEach(closeStands);

/** Run 1 refused the alert; run 2 (the key fixed at the service) has a Send test go through. */
async function refusedThenTested() {
  const r = await refusedRig('revoked');
  const older = await r.h.files.read(REFUSAL_FILE);
  expect(older).toContain(REVOKED);
  r.refuse(false);
  await r.h.clock.advance(2 * HOUR);
  const second = await r.start();
  expect((await r.sendTest(second)).ok).toBe(true);
  expect(r.line(second)?.message).not.toContain(REVOKED);
  return { ...r, older: older ?? '', second };
}

describe('phone-refusal.json older than the last Send test that went through', () => {
  it('put back, it is kept aside and said once; readiness doesn’t say the phone won’t be reached', async () => {
    const r = await refusedThenTested();
    await r.stop(r.second);
    await r.h.files.writeAtomic(REFUSAL_FILE, r.older);
    await r.h.clock.advance(HOUR);
    const third = await r.start();
    const message = r.line(third)?.message ?? '';
    expect(message).not.toContain(REVOKED);
    expect(message).not.toContain('won’t be reached');
    const kept = await r.backups(REFUSAL_FILE);
    expect(kept).toHaveLength(1);
    expect(await r.h.files.read(kept[0]!)).toBe(r.older);
    const said = r.notices(third).map((n) => n.message);
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('older saved phone refusal was put back');
    expect(said[0]).toContain(kept[0]);
    await r.stop(third);
    const fourth = await r.start();
    expect(r.notices(fourth)).toEqual([]);
    await r.stop(fourth);
  }, 120_000);

  it('a refusal after that Send test still stands after a restart', async () => {
    const r = await refusedThenTested();
    // Revoked again: tomorrow's alert is refused, later than the Send test.
    r.refuse(true);
    await r.h.clock.advanceTo(TOMORROW + 10 * MIN);
    expect(r.line(r.second)?.message).toContain(REVOKED);
    await r.stop(r.second);
    await r.h.clock.advance(HOUR);
    const third = await r.start();
    expect(r.line(third)?.message).toContain(REVOKED);
    expect(r.line(third)?.message).toContain('saved before the app restarted');
    expect(r.notices(third)).toEqual([]);
    await r.stop(third);
  }, 120_000);
});
