// Issue 30, per-account truth: what happens to one account (its key rejected, its service asking to wait, its
// removal) changes nothing of the other; an account added while running starts on its own.
import { accountIdOf } from '../../../electron/shared/accounts';
import { describe, expect, it } from 'vitest';
import { SettingsPatchSchema, SettingsSchema } from '../../../electron/shared/settings';
import { KEY_ACME, twoServices, type TwoServices } from './support/two-services';
import { RECORD_KEY_ACCOUNT } from '../../../electron/core/storage/record-key';

const START = Date.parse('2026-03-04T12:00:00Z');

let world: TwoServices | undefined;

async function started(): Promise<TwoServices> {
  world = await twoServices(START);
  await world.engine.start();
  await world.harness.clock.advance(5_000);
  expect(world.engine.getState().accounts.map((a) => a.sync.kind)).toEqual(['ok', 'ok']);
  return world;
}

const workReads = (w: TwoServices) => w.harness.sim.requests.count({ route: 'getSchedule' });
const acmeReads = (w: TwoServices) => w.acme.requests.count({ route: 'getSchedule' });

describe('engine: accounts kept apart', () => {
  it('a key rejected on Acme pauses Acme only, named; Work still refreshes', async () => {
    const w = await started();
    w.acme.faults.set('*', { status: 401 });
    const refreshed = await w.engine.handlers['sync:refresh'](null);
    expect(refreshed.ok).toBe(true);
    await w.harness.clock.advance(1_000);
    const state = w.engine.getState();
    expect(state.accounts.map((a) => [a.id, a.sync.kind])).toEqual([
      ['work', 'ok'],
      ['acme', 'key_rejected'],
    ]);
    // Work is fine: the app-wide status is partial (never "key rejected" of all), naming Acme and what is wrong there.
    expect(state.sync.kind === 'partial' && state.sync.message).toMatch(/^Acme: The service rejected the API key/);
    const before = workReads(w);
    const acmeBefore = acmeReads(w);
    await w.engine.handlers['sync:refresh'](null);
    await w.harness.clock.advance(1_000);
    expect(workReads(w)).toBeGreaterThan(before);
    // Acme's syncing is paused until a new key is stored: nothing more goes to it.
    expect(acmeReads(w)).toBe(acmeBefore);
    // A new key for Acme, given to Acme, resumes it.
    w.acme.faults.clear();
    const set = await w.engine.handlers['key:set']({ accountId: accountIdOf('acme'), key: KEY_ACME });
    expect(set.ok).toBe(true);
    await w.harness.clock.advance(1_000);
    expect(w.engine.getState().accounts.map((a) => a.sync.kind)).toEqual(['ok', 'ok']);
  }, 60_000);

  it('Acme’s 503 with Retry-After holds Acme only; Work is read on refresh meanwhile', async () => {
    const w = await started();
    w.acme.faults.set('*', { status: 503, retryAfter: '3600' });
    await w.engine.handlers['sync:refresh'](null);
    await w.harness.clock.advance(1_000);
    const acmeBefore = w.acme.requests.count();
    const workBefore = workReads(w);
    for (let i = 0; i < 3; i++) {
      await w.harness.clock.advance(60_000);
      await w.engine.handlers['sync:refresh'](null);
    }
    await w.harness.clock.advance(1_000);
    expect(w.acme.requests.count()).toBe(acmeBefore);
    expect(workReads(w)).toBeGreaterThanOrEqual(workBefore + 3);
    expect(w.engine.getState().schedules.find((s) => s.accountId === 'work')?.status.kind).toBe('fresh');
  }, 60_000);

  it('removing Acme deletes its key and saved data; Work keeps everything', async () => {
    const w = await started();
    await w.engine.stop();
    // A restart writes Acme's cache; then Acme is removed.
    const again = w.harness.engine();
    await again.start();
    await w.harness.clock.advance(5_000);
    await again.stop();
    const files = w.harness.files;
    expect(await files.read('cache-acme.json')).toBeDefined();
    const third = w.harness.engine();
    await third.start();
    await w.harness.clock.advance(5_000);
    const work = third.getState().settings.accounts.filter((a) => a.id === 'work');
    const removed = await third.handlers['settings:update']({ accounts: work });
    expect(removed).toEqual(expect.objectContaining({ ok: true }));
    expect([...w.harness.secrets.entries.keys()].filter((k) => k !== RECORD_KEY_ACCOUNT)).toEqual([
      `work@${new URL(w.harness.sim.url).host}`,
    ]);
    expect(await files.read('cache-acme.json')).toBeUndefined();
    expect(await files.read('cache.json')).toBeUndefined();
    await w.harness.clock.advance(5_000);
    const state = third.getState();
    expect(state.accounts.map((a) => [a.id, a.sync.kind])).toEqual([['work', 'ok']]);
    expect(state.schedules.map((s) => s.id)).toEqual(['work:sch_primary']);
    expect(await files.read('cache-work.json')).toBeDefined();
    await third.stop();
  }, 60_000);

  it('an account added while running is read with its own key', async () => {
    const w = await twoServices(START);
    world = w;
    const both = SettingsSchema.parse(JSON.parse((await w.harness.files.read('settings.json')) ?? '{}'));
    const [workAccount, acmeAccount] = both.accounts;
    await w.harness.files.writeAtomic('settings.json', JSON.stringify({ ...both, accounts: [workAccount] }));
    await w.engine.start();
    await w.harness.clock.advance(5_000);
    expect(w.engine.getState().accounts.map((a) => a.id)).toEqual(['work']);
    const [work] = w.engine.getState().settings.accounts;
    const added = await w.engine.handlers['settings:update']({ accounts: [work!, acmeAccount!] });
    expect(added.ok).toBe(true);
    await w.harness.clock.advance(5_000);
    expect(w.engine.getState().accounts.map((a) => [a.id, a.sync.kind])).toEqual([
      ['work', 'ok'],
      ['acme', 'ok'],
    ]);
    expect(w.engine.getState().schedules.map((s) => s.id)).toEqual(['work:sch_primary', 'acme:sch_primary']);
  }, 60_000);

  it('an override on Acme’s schedule goes to Acme only (same schedule id as Work’s), and comes back by its ref', async () => {
    const w = await started();
    const request = {
      scheduleId: 'acme:sch_primary',
      window: { kind: 'next_hours' as const, hours: 2 as const },
      emails: [],
    };
    const preview = await w.engine.handlers['override:preview'](request);
    expect(preview.ok && preview.value.scheduleId).toBe('acme:sch_primary');
    const created = await w.engine.handlers['override:create'](request);
    expect(created.ok && created.value.status).toBe('created');
    expect(created.ok && created.value.status === 'created' && created.value.override.scheduleId).toBe(
      'acme:sch_primary',
    );
    expect(w.acme.requests.count({ route: 'createOverride' })).toBe(1);
    expect(w.harness.sim.requests.count({ route: 'createOverride' })).toBe(0);
    // Erin (me on Acme) covers; Work's schedule is untouched.
    await w.harness.clock.advance(5_000);
    const acme = w.engine.getState().schedules.find((s) => s.id === 'acme:sch_primary');
    expect(acme?.now?.users.map((u) => u.email)).toEqual(['erin@example.com']);
    const gone = await w.engine.handlers['override:preview']({ ...request, scheduleId: 'nope:sch_primary' });
    expect(gone.ok).toBe(false);
  }, 60_000);

  it('a change in the single-service shape ({ email }) is refused by the contract, naming the field', () => {
    const old = SettingsPatchSchema.safeParse({ email: 'x@example.com' });
    expect(old.success).toBe(false);
    expect(old.error?.issues[0]?.message).toMatch(/email/);
  });
});
