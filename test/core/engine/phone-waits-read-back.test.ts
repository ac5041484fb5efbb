// phone-waits.json is read back like every file (adv52 r11 #1, #2): a file not of its shape is kept aside and said,
// never silently overwritten by the next 429; a wait beyond an hour, or for a channel the app doesn't have, is
// dropped and said once (the file kept aside), never written back; and a wait read back is worded as one kept from
// before the restart, never as the server's 429 (this run received none). Real engine, simulator, fake clock, the
// ntfy stand-in, a real data folder. Failed before: no notice, no backup, the unknown channel's wait written back,
// and readiness said "the server asked to wait (429 …), as the phone service asked" with no request sent.
// Each wait carries the app's MAC (record-key.ts): an unsigned or forged one at a later start is dropped, said once,
// the file kept aside, and the phone is booked at once (failed before: a hand-written wait held it off for 55 min).
import { readdir } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { RATE_WAITS_FILE } from '../../../electron/core/escalation/rate-gate-store';
import { RECORD_KEY_ACCOUNT, signerOf } from '../../../electron/core/storage/record-key';
import { closeStands, HOUR, MIN, phoneRig, TOPIC } from '../support/phone-engine-rig';

afterEach(closeStands);

type Sign = (channel: string, ms: number) => string;

async function restartedWith(waits: (channel: string, nowMs: number, sign: Sign) => unknown) {
  const { h, s, engine, make } = await phoneRig();
  const settings = { provider: 'ntfy' as const, ntfyServer: s.url, afterMin: 3 };
  await h.clock.runWhileAdvancing(engine.phoneIntent({ kind: 'save', settings, secrets: { ntfyTopic: TOPIC } }));
  await h.clock.runWhileAdvancing(engine.alarmsSettled());
  await engine.stop();
  const channel = /"(ch[A-Za-z0-9]{8,40})"/.exec((await h.files.read('escalations.json')) ?? '')?.[1] ?? 'chmissing';
  expect(channel).not.toBe('chmissing');
  const key = signerOf(Buffer.from(h.secrets.entries.get(RECORD_KEY_ACCOUNT) ?? '', 'base64'), false);
  const sign: Sign = (ch, ms) => key.sign(RATE_WAITS_FILE, ch, ms);
  await h.files.writeAtomic(RATE_WAITS_FILE, JSON.stringify(waits(channel, h.clock.now(), sign)));
  const before = s.requests.length;
  const again = make();
  await again.start();
  await h.clock.runWhileAdvancing(again.alarmsSettled());
  const notices = () => again.getState().notices.map((n) => n.message);
  const phone = () => again.getState().me.readiness?.checks.find((c) => c.id === 'phone')?.message ?? '';
  const backups = async () =>
    (await readdir(h.dir)).filter((f) => f.startsWith('phone-waits') && f !== RATE_WAITS_FILE);
  const sent = () => s.requests.length - before;
  const real429 = async () => {
    s.failNext(1, 429, { 'Retry-After': '600' });
    const next = { ...settings, afterMin: 4 };
    await h.clock.runWhileAdvancing(again.phoneIntent({ kind: 'save', settings: next, secrets: { ntfyTopic: TOPIC } }));
    await h.clock.runWhileAdvancing(again.alarmsSettled());
  };
  return { h, channel, again, notices, phone, backups, sent, real429 };
}

describe('phone-waits.json read back', () => {
  it('a file of the wrong shape is said and kept aside before a real 429 writes the app’s own', async () => {
    const r = await restartedWith((ch) => ({ version: 1, waits: { [ch]: 'soon' }, note: 'x' }));
    expect(r.notices().filter((m) => /saved waits could not be read/.test(m))).toHaveLength(1);
    expect(await r.backups()).toHaveLength(1);
    await r.real429();
    expect(await r.backups()).toHaveLength(1);
    await r.again.stop();
  }, 30_000);

  it('a wait beyond an hour or for a channel the app lacks is dropped, said once, never written back', async () => {
    const r = await restartedWith((ch, now) => ({
      version: 1,
      waits: { [ch]: now + 2 * HOUR, chNOTMINE1234567890: now + 30 * MIN },
    }));
    const said = r.notices().filter((m) => /saved waits/.test(m));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/2 entries .* not used \(a wait longer than a server can ask; a wait for a phone channel/);
    expect(await r.backups()).toHaveLength(1);
    expect(r.phone()).not.toMatch(/waiting until|wait kept/);
    await r.real429();
    const written = (await r.h.files.read(RATE_WAITS_FILE)) ?? '';
    expect(written).not.toContain('chNOTMINE');
    expect(written).toContain(r.channel);
    await r.again.stop();
  }, 30_000);

  it('a wait read back is said as kept from before the restart, never as a 429 this run received', async () => {
    const r = await restartedWith((ch, now, sign) => ({
      version: 1,
      waits: { [ch]: now + 55 * MIN },
      macs: { [ch]: sign(ch, now + 55 * MIN) },
    }));
    expect(r.sent()).toBe(0);
    expect(r.phone()).toMatch(/a wait saved before the restart \(read back from the data folder\) runs until/);
    expect(r.phone()).not.toMatch(/429|as the phone service asked/);
    expect(r.notices().filter((m) => /saved waits/.test(m))).toHaveLength(0);
    // A real 429 in this run is said as the server's answer again.
    await r.h.clock.advance(56 * MIN);
    await r.real429();
    expect(r.phone()).toMatch(/429/);
    await r.again.stop();
  }, 30_000);

  it('an unsigned or forged wait is dropped, said once, kept aside, and the phone is booked at once', async () => {
    for (const macs of [undefined, (ch: string) => ({ [ch]: 'ab'.repeat(32) })]) {
      const r = await restartedWith((ch, now) => ({
        version: 1,
        waits: { [ch]: now + 55 * MIN },
        ...(macs ? { macs: macs(ch) } : {}),
      }));
      const said = r.notices().filter((m) => /saved waits/.test(m));
      expect(said).toHaveLength(1);
      expect(said[0]).toMatch(/not used \(an entry the app didn't write\)/);
      expect(await r.backups()).toHaveLength(1);
      expect(r.phone()).not.toMatch(/waiting until|wait saved before the restart/);
      expect(r.sent()).toBeGreaterThan(0);
      await r.again.stop();
      await closeStands();
    }
  }, 60_000);

  it('a real 429 is written signed and holds across the restart', async () => {
    const r = await restartedWith(() => ({ version: 1, waits: {} }));
    await r.real429();
    const written = JSON.parse((await r.h.files.read(RATE_WAITS_FILE)) ?? '{}') as { macs?: Record<string, string> };
    expect(Object.keys(written.macs ?? {})).toEqual([r.channel]);
    await r.again.stop();
  }, 30_000);
});
