// Team, chat user group, schedule check, settings and key handlers, against the real simulator over loopback.
import { SettingsSchema } from '../../../electron/shared/settings';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { MAIN_ACCOUNT_ID } from '../../../electron/shared/accounts';
import { RECORD_KEY_ACCOUNT } from '../../../electron/core/storage/record-key';

const START = Date.parse('2026-03-25T10:00:00Z');

let h: Harness | undefined;
async function started(files: 'memory' | 'fs' = 'memory'): Promise<{ h: Harness; engine: Engine }> {
  h = await createHarness({ startMs: START, seed: threeZoneSeed(), files });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  return { h, engine };
}

describe('team:update', () => {
  it('updates the team and shows the new name on the schedules that list it', async () => {
    const { engine } = await started();
    const result = await engine.handlers['team:update']({
      accountId: MAIN_ACCOUNT_ID,
      teamId: 'tea_core',
      name: 'Core SRE',
    });
    expect(result).toEqual({ ok: true, value: { id: 'tea_core', name: 'Core SRE', description: 'Core team' } });
    expect(engine.getState().schedules[0]?.teams[0]?.name).toBe('Core SRE');
  });

  it('checks the spec limits before sending anything', async () => {
    const { engine, h } = await started();
    const result = await engine.handlers['team:update']({
      accountId: MAIN_ACCOUNT_ID,
      teamId: 'tea_core',
      name: 'x'.repeat(61),
    });
    expect(!result.ok && result.error.problems?.[0]).toEqual({
      field: 'name',
      message: 'must be at most 60 characters',
    });
    expect(h.sim.requests.count({ route: 'updateTeam' })).toBe(0);
  });
});

describe('a team the service sends without an id (the spec allows it; an update needs the id)', () => {
  async function twoSchedules(): Promise<{ h: Harness; engine: Engine }> {
    h = await createHarness({ startMs: START, seed: threeZoneSeed(), files: 'memory' });
    // Berlin's answer lists its team without an id; New York's lists the same team with it.
    h.sim.faults.set('getSchedule', { omit: ['schedule.teams.0.id'], pathIncludes: '/schedules/sch_berlin' });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(1_000);
    return { h, engine };
  }

  it('keeps the schedule readable and shows the team by name, with no id to edit it by', async () => {
    const { h, engine } = await twoSchedules();
    expect(h.sim.requests.count({ route: 'getSchedule', status: 200 })).toBeGreaterThanOrEqual(2);
    const [berlin, newYork] = engine.getState().schedules;
    expect(berlin?.status.kind).toBe('fresh');
    expect(berlin?.now?.users.length).toBeGreaterThan(0);
    expect(berlin?.teams).toEqual([{ id: null, name: 'Core', description: 'Core team' }]);
    expect(newYork?.teams).toEqual([{ id: 'tea_core', name: 'Core', description: 'Core team' }]);
  });

  it('an update answered without the id is the team patched; the id-less team is left as it was read', async () => {
    const { h, engine } = await twoSchedules();
    h.sim.faults.set('updateTeam', { omit: ['team.id'], times: 1 });
    const result = await engine.handlers['team:update']({
      accountId: MAIN_ACCOUNT_ID,
      teamId: 'tea_core',
      name: 'Core SRE',
    });
    expect(result).toEqual({ ok: true, value: { id: 'tea_core', name: 'Core SRE', description: 'Core team' } });
    const [berlin, newYork] = engine.getState().schedules;
    expect(newYork?.teams).toEqual([{ id: 'tea_core', name: 'Core SRE', description: 'Core team' }]);
    // Whether Berlin's team is that one is unknown until Berlin is read again: it keeps what was read.
    expect(berlin?.teams).toEqual([{ id: null, name: 'Core', description: 'Core team' }]);
  });
});

describe('chat-group:put', () => {
  it('attaches the group and keeps it in the state (the service has no read endpoint)', async () => {
    const { engine } = await started();
    const result = await engine.handlers['chat-group:put']({
      scheduleId: 'sch_berlin',
      name: 'Berlin on-call',
      handle: 'berlin-oncall',
    });
    expect(result.ok).toBe(true);
    expect(engine.getState().schedules[0]?.chatUserGroup).toMatchObject({
      name: 'Berlin on-call',
      handle: 'berlin-oncall',
    });
    const tooLong = await engine.handlers['chat-group:put']({
      scheduleId: 'sch_berlin',
      name: 'n',
      handle: 'h',
      description: 'd'.repeat(141),
    });
    expect(!tooLong.ok && tooLong.error.problems?.[0]?.field).toBe('description');
  });
});

describe('schedule:check', () => {
  it('finds the id in a pasted link and returns the name and zone', async () => {
    const { engine } = await started();
    const result = await engine.handlers['schedule:check']({
      accountId: MAIN_ACCOUNT_ID,
      input: 'https://oncall.example.com/schedules/sch_tokyo?tab=shifts',
    });
    expect(result).toEqual({
      ok: true,
      value: { id: 'sch_tokyo', name: 'Tokyo data', timeZone: 'Asia/Tokyo', added: 'Added “Tokyo data” (Tokyo).' },
    });
    const missing = await engine.handlers['schedule:check']({
      accountId: MAIN_ACCOUNT_ID,
      input: 'https://oncall.example.com/schedules/sch_gone',
    });
    expect(!missing.ok && missing.error.kind).toBe('not_found');
    const nothing = await engine.handlers['schedule:check']({ accountId: MAIN_ACCOUNT_ID, input: 'hello' });
    expect(!nothing.ok && nothing.error.kind).toBe('validation');
  });
});

describe('settings:update', () => {
  it('validates, persists, and syncs a newly watched schedule at once', async () => {
    const { engine, h } = await started('fs');
    const bad = await engine.handlers['settings:update']({ account: { id: MAIN_ACCOUNT_ID, email: 'not-an-email' } });
    expect(!bad.ok && bad.error.problems?.[0]?.field).toBe('account.email');
    const insecure = await engine.handlers['settings:update']({
      account: { id: MAIN_ACCOUNT_ID, baseUrl: 'http://oncall.example.com' },
    });
    expect(!insecure.ok && insecure.error.problems?.[0]?.field).toBe('account.baseUrl');
    const result = await engine.handlers['settings:update']({
      account: { id: MAIN_ACCOUNT_ID, schedules: [{ id: 'sch_berlin' }, { id: 'sch_tokyo' }] },
    });
    expect(result.ok).toBe(true);
    const saved = SettingsSchema.parse(JSON.parse(await readFile(join(h.dir, 'settings.json'), 'utf8')));
    expect(saved.accounts.map((a) => a.schedules)).toEqual([[{ id: 'sch_berlin' }, { id: 'sch_tokyo' }]]);
    await h.clock.advance(2_000);
    expect(engine.getState().schedules[1]).toMatchObject({
      id: 'sch_tokyo',
      name: 'Tokyo data',
      status: { kind: 'fresh' },
    });
  });
});

describe('key:remove', () => {
  it('forgets the key and stops syncing until a new one is set', async () => {
    const { engine, h } = await started();
    expect(await engine.handlers['key:remove']({ accountId: MAIN_ACCOUNT_ID })).toEqual({ ok: true, value: null });
    // Only the install's record key stays (it signs the app's own records, not an account's: record-key.ts).
    expect([...h.secrets.entries.keys()]).toEqual([RECORD_KEY_ACCOUNT]);
    expect(engine.getState().setup.hasKey).toBe(false);
    expect(engine.getState().sync.kind).toBe('needs_setup');
    const seen = h.sim.requests.count();
    await h.clock.advance(3_600_000);
    expect(h.sim.requests.count()).toBe(seen);
  });
});
