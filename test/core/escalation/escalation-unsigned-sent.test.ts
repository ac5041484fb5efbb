// adv52 r16 #1: with the record key kept (nothing lost), a "sent" with no MAC added by hand to escalations.json while
// the app was closed kept the phone quiet for a started shift, was said nowhere, and was then signed by the app. It
// is a claim: dropped, said once, the file kept aside (.bad-), never signed, and the phone is paged as if it were
// absent. Real engine, simulator, Pushover stand-in, real data folder, fake clock. Failed before: 0 messages, no
// notice, the forged "sent" signed on disk.
import { readdir } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { ESCALATIONS_FILE } from '../../../electron/core/escalation/record-store';
import { UNSIGNED } from '../../../electron/core/storage/record-key';
import { closeStands, MIN, MY_START, phoneRig } from '../support/phone-engine-rig';

const APP = 'ab1c2d3e4f5g6h7i8j9k0m1n2p3q4r';
const USER = 'uz9y8x7w6v5t4s3r2q1p0n9m8k7j6';

afterEach(closeStands);

describe('a "sent" without its MAC in a signed escalations.json', () => {
  it('is dropped, said, kept aside, never signed, and the phone is paged', async () => {
    const { h, s, engine, make } = await phoneRig();
    const saved = await h.clock.runWhileAdvancing(
      engine.phoneIntent({
        kind: 'save',
        settings: { provider: 'pushover', ntfyServer: 'https://ntfy.sh', afterMin: 3 },
        secrets: { pushoverApp: APP, pushoverUser: USER },
      }),
    );
    expect(saved.ok).toBe(true);
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    await h.clock.advanceTo(MY_START - 5 * MIN);
    await h.clock.runWhileAdvancing(engine.stop());

    await h.clock.advanceTo(MY_START + 5 * MIN);
    const key = `alarm:${h.sim.url}:sch_ops:2026-03-10T09:00:00Z`;
    const file = JSON.parse((await h.files.read(ESCALATIONS_FILE)) ?? '') as Record<string, unknown>;
    expect(file['sentMacs']).toBeDefined();
    const forged = JSON.stringify({ ...file, sent: { [key]: MY_START + 3 * MIN } });
    await h.files.writeAtomic(ESCALATIONS_FILE, forged);

    const again = make();
    await again.start();
    await h.clock.runWhileAdvancing(again.alarmsSettled());
    await h.clock.advance(5_000);
    const said = again.getState().notices.filter((n) => n.message.includes(UNSIGNED));
    expect(said).toHaveLength(1);
    const kept = (await readdir(h.dir)).filter((n) => n.startsWith(`${ESCALATIONS_FILE}.bad-`));
    expect(kept).toHaveLength(1);
    expect(await h.files.read(kept[0] ?? '')).toBe(forged);

    await h.clock.advanceTo(MY_START + 30 * MIN);
    expect(again.getState().alarm?.ackedAt).toBeNull();
    // Paged as if the forged "sent" were absent: once, after the restart (the app sends at once for a missed time).
    expect(s.pushover).toHaveLength(1);
    const after = JSON.parse((await h.files.read(ESCALATIONS_FILE)) ?? '') as {
      sent: Record<string, number>;
      sentMacs?: Record<string, string>;
    };
    // What is signed now is the app's own send, never the forged time.
    expect(after.sent[key]).not.toBe(MY_START + 3 * MIN);
    expect(after.sentMacs?.[key]).toMatch(/^[0-9a-f]{64}$/);
    expect(again.getState().notices.filter((n) => n.message.includes(UNSIGNED))).toHaveLength(1);
    await h.clock.runWhileAdvancing(again.stop());
    await h.close();
  });
});
