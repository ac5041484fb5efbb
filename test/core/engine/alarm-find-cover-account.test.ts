// "Can't — find cover" on a shift-start alarm opens Swap on that shift. With two accounts on one service, each on
// call at 09:00 (main on Ops, Work on Platform), the second account's alarm opened Swap with the raw schedule id
// (`sch_plat`) while the views name it by its ref (`work:sch_plat`): Swap said the ringing shift's schedule was "not
// watched any more" and offered no Ask for cover (adv50 r22 #1). Each alarm opens Swap on a schedule the state lists,
// with the shift's own start and end.
import { describe, expect, it } from 'vitest';
import { accountIdOf, scheduleRef } from '../../../electron/shared/accounts';
import { jsonObject } from '../../support/json';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, PLATFORM_ID, PLATFORM_MY_START, opsPlatformSeed } from '../support/seeds';

const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');

describe('"Can’t — find cover" with two accounts on one service', () => {
  it('opens Swap on the ringing shift of each account, by the schedule the state lists', async () => {
    const seed = opsPlatformSeed();
    const h = await createHarness({ startMs: START, seed, files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    const stored = jsonObject((await h.files.read('settings.json')) ?? '{}');
    const accounts: unknown[] = Array.isArray(stored.accounts) ? stored.accounts : [];
    const main = accounts[0];
    const work = { ...jsonObject(JSON.stringify(main)), id: 'work', label: 'Work', schedules: [{ id: 'sch_plat' }] };
    await h.files.writeAtomic('settings.json', JSON.stringify({ ...stored, accounts: [main, work] }));
    const opened: { view: string; params?: Record<string, string> }[] = [];
    const engine = h.engine({ openView: (view, params) => opened.push({ view, ...(params ? { params } : {}) }) });
    await engine.start();
    await h.clock.runWhileAdvancing(engine.handlers['key:set']({ accountId: accountIdOf('work'), key: h.sim.apiKey }));
    await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    await h.clock.advanceTo(MY_START + 10_000);
    const state = engine.getState();
    const alarms = [state.alarm, ...(state.otherAlarms ?? [])].flatMap((a) => (a ? [a] : []));
    expect(alarms.map((a) => [a.scheduleName, a.ringing]).sort()).toEqual([
      ['Ops', true],
      ['Platform', true],
    ]);
    for (const a of alarms)
      expect(await engine.alarmIntent({ kind: 'find-cover', key: a.key }, 'window')).toEqual({ ok: true });
    const listed = new Map(state.schedules.map((s) => [s.id, s.name]));
    const plat = alarms.find((a) => a.scheduleName === 'Platform');
    expect(opened.map((o) => [o.view, listed.get(o.params?.scheduleId ?? '')]).sort()).toEqual([
      ['swap', 'Ops'],
      ['swap', 'Platform'],
    ]);
    expect(opened.find((o) => listed.get(o.params?.scheduleId ?? '') === 'Platform')?.params).toMatchObject({
      start: plat?.start,
      end: '2026-03-11T09:00:00.000Z',
    });
    await engine.stop();
  }, 90_000);
});

describe('"Can’t — find cover" with one service added twice under the same name', () => {
  it('opens Swap on the alarm’s own account (the one not muted), not the first account of that name', async () => {
    const h = await createHarness({ startMs: START, seed: opsPlatformSeed(), files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: [PLATFORM_ID] });
    const stored = jsonObject((await h.files.read('settings.json')) ?? '{}');
    const accounts: unknown[] = Array.isArray(stored.accounts) ? stored.accounts : [];
    const main = jsonObject(JSON.stringify(accounts[0]));
    // The same label and schedule on the same service: only the account's id tells them apart. Main is muted, so
    // the alarm rings through Work: its Swap is Work's.
    const work = { ...main, id: 'work' };
    await h.files.writeAtomic(
      'settings.json',
      JSON.stringify({ ...stored, accounts: [{ ...main, muted: true }, work] }),
    );
    const opened: (Record<string, string> | undefined)[] = [];
    const engine = h.engine({ openView: (_view, params) => opened.push(params) });
    await engine.start();
    await h.clock.runWhileAdvancing(engine.handlers['key:set']({ accountId: accountIdOf('work'), key: h.sim.apiKey }));
    await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    await h.clock.advanceTo(PLATFORM_MY_START + 10_000);
    const alarm = engine.getState().alarm;
    expect(alarm?.ringing).toBe(true);
    expect(await engine.alarmIntent({ kind: 'find-cover', key: alarm?.key ?? '' }, 'window')).toEqual({ ok: true });
    expect(opened.map((p) => p?.scheduleId)).toEqual([scheduleRef(accountIdOf('work'), PLATFORM_ID)]);
    await engine.stop();
  }, 90_000);
});
