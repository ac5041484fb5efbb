// The on-call service's saved waits (service-waits-<account>.json) are a claim read back (issue 52, adv47 r32 #1):
// an entry for a schedule the account doesn't watch, one further ahead than the app can have kept, or a file kept
// "after" now (the clock went back since) is dropped, said once, and the file kept aside; a damaged file never stops
// syncing. Real engine, two loopback simulators, fake clock, a real data folder, entries signed with the install's
// record key as the app signs them (an unsigned one would be dropped for that alone).
import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { RECORD_KEY_ACCOUNT, signerOf } from '../../../electron/core/storage/record-key';
import { serviceWaitsFileOf } from '../../../electron/core/engine/session-waits';
import { parseAccountId } from '../../../electron/shared/accounts';
import { trayTooltip } from '../../../electron/core/state/tray-menu';
import { originOf } from '../../../electron/core/storage/cache-origin';
import { twoServices } from './support/two-services';

const MIN = 60_000;
const YEAR = 365 * 24 * 60 * MIN;
const ZONE = 'Europe/Berlin';
const START = Date.parse('2026-03-05T10:00:00Z');

/** Restarts the app with Acme's waits file as `waits(nowMs)` makes it (signed and stamped with Acme's service as the
 *  app writes it, unless `unstamped`: the app's older format; or `raw` text as is). */
async function restartedWith(waits: (nowMs: number) => Record<string, number> | string, unstamped = false) {
  let clk: () => number = Date.now;
  const w = await twoServices(START, undefined, { alarms: false, client: { now: () => clk() } });
  clk = () => w.harness.clock.now();
  await w.engine.start();
  await w.harness.clock.advance(MIN);
  await w.engine.stop();
  const acmeId = parseAccountId('acme');
  if (acmeId === null) throw new Error('no account id');
  const file = serviceWaitsFileOf(acmeId);
  const made = waits(w.harness.clock.now());
  const stored = w.harness.secrets.entries.get(RECORD_KEY_ACCOUNT);
  const key = stored === undefined ? undefined : signerOf(Buffer.from(stored, 'base64'), false);
  const signed = (m: Record<string, number>) =>
    Object.fromEntries(Object.entries(m).map(([k, ms]) => [k, key?.sign(file, k, ms) ?? ''] as const));
  const origin = unstamped ? {} : { origin: originOf({ baseUrl: w.acme.url, email: 'erin@example.com' }) };
  const text =
    typeof made === 'string' ? made : JSON.stringify({ version: 1, waits: made, macs: signed(made), ...origin });
  await w.harness.files.writeAtomic(file, text);
  w.acme.requests.clear();
  const e2 = w.harness.engine({ alarms: false, client: { now: () => clk() } });
  await e2.start();
  await w.harness.clock.advance(MIN);
  const said = () => e2.getState().notices.filter((n) => n.message.includes("on-call service's saved waits"));
  const backups = async () => (await readdir(w.harness.dir)).filter((f) => f.startsWith(file) && f !== file);
  const acmeLine = () =>
    trayTooltip(e2.getState(), w.harness.clock.now(), ZONE)
      .split('\n')
      .filter((l) => l.startsWith('Acme'))
      .join(' / ');
  return { w, e2, said, backups, acmeLine, sent: () => w.acme.requests.all().length };
}

describe("the on-call service's saved waits read back", () => {
  it('an entry for an unwatched schedule or one absurdly far is dropped and said once; the rest holds', async () => {
    const r = await restartedWith((now) => ({
      at: now - MIN,
      service: now + 10 * MIN,
      asked: now + 50 * MIN,
      'retry/sch:sch_primary': now + 14 * MIN,
      'hold/sch:sch_primary': now + 10 * MIN,
      'retry/sch:sch_gone': now + 14 * MIN,
      'retry/coverage': now + 10 * YEAR,
    }));
    const said = r.said();
    expect(said).toHaveLength(1);
    expect(said[0]?.message).toContain('2 entries');
    expect(said[0]?.message).toContain('a wait for a schedule the account does not watch');
    expect(said[0]?.message).toContain('a wait longer than the app keeps');
    expect(await r.backups()).toHaveLength(1);
    expect(r.sent()).toBe(0);
    await r.w.harness.clock.advance(30 * MIN);
    expect(r.sent()).toBeGreaterThan(0);
    expect(r.said()).toHaveLength(1);
    await r.e2.stop();
  }, 60_000);

  it('a file kept "after" now (the clock went back) is dropped whole, said once, and syncing goes on', async () => {
    const r = await restartedWith((now) => ({
      at: now + 2 * 60 * MIN,
      service: now + 2 * 60 * MIN + 10 * MIN,
      'hold/sch:sch_primary': now + 2 * 60 * MIN + 10 * MIN,
    }));
    expect(r.said()).toHaveLength(1);
    expect(await r.backups()).toHaveLength(1);
    expect(r.sent()).toBeGreaterThan(0);
    expect(r.acmeLine()).not.toContain('asked to wait');
    await r.e2.stop();
  }, 60_000);

  it('a damaged file is said and kept aside, and never stops syncing', async () => {
    const r = await restartedWith(() => '{"version": 1, "waits": {"service": "soon"');
    expect(r.said()).toHaveLength(1);
    expect(await r.backups()).toHaveLength(1);
    expect(r.sent()).toBeGreaterThan(0);
    await r.e2.stop();
  }, 60_000);

  it("a file of the app's older format (no service stamp) is let go without a word: whose service asked is unknown", async () => {
    const r = await restartedWith(
      (now) => ({ at: now - MIN, service: now + 10 * MIN, 'hold/sch:sch_primary': now + 10 * MIN }),
      true,
    );
    expect(r.said()).toEqual([]);
    expect(await r.backups()).toEqual([]);
    expect(r.sent()).toBeGreaterThan(0);
    expect(r.acmeLine()).not.toContain('asked to wait');
    await r.e2.stop();
  }, 60_000);
});
