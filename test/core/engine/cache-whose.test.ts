// Issue 52 round 4: the saved schedule data is tied to the account it was written for (service address and e-mail).
// Two services with THE SAME schedule id (sch_primary), each account its own cache file. Swapped between the accounts,
// or read after an account's address was changed while the app was closed, a cache is another's data: never shown,
// notified, published in the .ics or taken as the "before" of change alerts; said once, kept aside, read again.
// A file from before stamps is taken once and stamped. `status --ack` reads the caches with the same check.
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { alarmKnowledgeOf } from '../../../electron/core/alarm/cli-ack';
import { KEY_ACME, twoServices } from './support/two-services';

const START = Date.parse('2026-03-04T12:00:00Z');

async function firstRun() {
  const w = await twoServices(START);
  const h = w.harness;
  await h.clock.runWhileAdvancing(w.engine.start(), 1_000, 60);
  await h.clock.settle();
  await h.clock.advance(5_000);
  await w.engine.stop();
  h.notifier.shown.length = 0;
  return w;
}

async function restart(w: Awaited<ReturnType<typeof firstRun>>) {
  const engine = w.harness.engine({ alarms: false });
  await w.harness.clock.runWhileAdvancing(engine.start(), 1_000, 30);
  await w.harness.clock.settle();
  await w.harness.clock.advance(5_000);
  return engine;
}

async function swapCaches(dir: string): Promise<void> {
  const a = join(dir, 'cache-work.json');
  const b = join(dir, 'cache-acme.json');
  await rename(a, `${a}.tmp`);
  await rename(b, a);
  await rename(`${a}.tmp`, b);
}

const saidOther = (notices: { message: string }[]): string[] =>
  notices.map((n) => n.message).filter((m) => m.includes('another service address or user'));

describe('saved schedule data is tied to its account', () => {
  it('swapped between two accounts, restart online: no false change alerts, said once per account, kept aside', async () => {
    const w = await firstRun();
    await swapCaches(w.harness.dir);
    const engine = await restart(w);
    // Neither service changed anything: any "added/changed" would compare against another service's data.
    expect(w.harness.notifier.shown.map((n) => n.title)).toEqual([]);
    const said = saidOther(engine.getState().notices);
    expect(said).toHaveLength(2);
    expect(said.every((m) => /kept as .*cache-(work|acme)\.json\.bad-/.test(m))).toBe(true);
    expect(engine.getState().accounts.map((a) => a.sync.kind)).toEqual(['ok', 'ok']);
    await engine.stop();
  }, 60_000);

  it('swapped, restart offline: nothing of the other account shown, notified or published', async () => {
    const w = await firstRun();
    await swapCaches(w.harness.dir);
    await w.harness.sim.close();
    await w.acme.close();
    const engine = await restart(w);
    const state = engine.getState();
    expect(state.me.shifts).toEqual([]);
    expect(state.schedules.map((s) => s.now ?? null)).toEqual([null, null]);
    expect(w.harness.notifier.shown).toEqual([]);
    expect(await engine.calendar(30)).not.toContain('BEGIN:VEVENT');
    expect(saidOther(state.notices)).toHaveLength(2);
    await engine.stop();
  }, 60_000);

  it('`status --ack` reads the caches with the same check: a swapped one makes no block "mine"', async () => {
    const w = await firstRun();
    const before = await alarmKnowledgeOf(w.harness.files, w.harness.clock.now());
    expect(before.map((k) => k.snapshot?.schedules.length)).toEqual([1, 1]);
    await swapCaches(w.harness.dir);
    const known = await alarmKnowledgeOf(w.harness.files, w.harness.clock.now());
    expect(known.map((k) => k.snapshot)).toEqual([undefined, undefined]);
  }, 60_000);

  it('the address changed while the app was closed: the old service’s data is not shown as the new one’s', async () => {
    const w = await firstRun();
    const path = join(w.harness.dir, 'settings.json');
    const settings = JSON.parse(await readFile(path, 'utf8')) as { accounts: { baseUrl: string }[] };
    settings.accounts = [{ ...settings.accounts[0]!, baseUrl: w.acme.url }];
    await writeFile(path, JSON.stringify(settings));
    await w.harness.secrets.set(`work@${new URL(w.acme.url).host}`, KEY_ACME);
    await w.acme.close();
    const engine = await restart(w);
    const state = engine.getState();
    expect(state.me.shifts).toEqual([]);
    expect(state.schedules[0]?.now ?? null).toBeNull();
    // Once for the saved data, once for the reminders shown for the old address (reminders-whose.test.ts).
    const said = saidOther(state.notices);
    expect(said.filter((m) => m.startsWith('Saved schedule data'))).toHaveLength(1);
    expect(said.filter((m) => m.includes('record of reminders'))).toHaveLength(1);
    expect(said).toHaveLength(2);
    await engine.stop();
  }, 60_000);

  it('a file from before stamps is taken once and stamped; the stamp is then checked', async () => {
    const w = await firstRun();
    const path = join(w.harness.dir, 'cache-work.json');
    const { origin, ...unstamped } = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
    expect(origin).toEqual({ address: w.harness.sim.url.replace(/\/$/, '').toLowerCase(), email: 'alice@example.com' });
    await writeFile(path, JSON.stringify(unstamped));
    await w.harness.sim.close();
    await w.acme.close();
    const engine = await restart(w);
    const state = engine.getState();
    expect(state.me.shifts.filter((s) => s.accountId === 'work').length).toBeGreaterThan(0);
    expect(saidOther(state.notices)).toEqual([]);
    await engine.stop();
    expect((JSON.parse(await readFile(path, 'utf8')) as { origin?: unknown }).origin).toEqual(origin);
  }, 60_000);
});

describe('demo mode', () => {
  it('keeps its saved data across launches, though its simulator listens on a new port each time', async () => {
    const w = await twoServices(START);
    const h = w.harness;
    const demo = { demo: true, baseUrl: h.sim.url, apiKey: h.sim.apiKey, email: 'alice@example.com' };
    const first = h.engine({ alarms: false, overrides: { ...demo, scheduleIds: ['sch_primary'] } });
    await h.clock.runWhileAdvancing(first.start(), 1_000, 60);
    await h.clock.advance(5_000);
    await first.stop();
    await h.sim.close();
    const next = h.engine({
      alarms: false,
      overrides: { ...demo, baseUrl: 'http://127.0.0.1:9', scheduleIds: ['sch_primary'] },
    });
    await h.clock.runWhileAdvancing(next.start(), 1_000, 30);
    await h.clock.advance(5_000);
    const state = next.getState();
    expect(saidOther(state.notices)).toEqual([]);
    expect(state.me.shifts.length).toBeGreaterThan(0);
    await next.stop();
  }, 60_000);
});
