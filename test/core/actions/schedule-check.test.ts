// Settings' and onboarding's "Check and add" as main answers it (issue 49: the forms carry no copy of these checks
// or words): what was typed is read for its id before the service is asked, in the form's words on its field; a
// found schedule comes back with the name kept in settings (cut to the settings limit) and the line the form says.
// Against the real simulator over loopback; the expected words are written out here, not read from the code.
import { describe, expect, it } from 'vitest';
import { SettingsPatchSchema } from '../../../electron/shared/settings';
import { MAIN_ACCOUNT_ID } from '../../../electron/shared/accounts';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const START = Date.parse('2026-03-25T10:00:00Z');
// 250 rockets: one character each to the settings (code points), two UTF-16 units each.
const LONG_NAME = '🚀'.repeat(250);

async function started() {
  const seed = seedOf([
    {
      id: 'sch_Ab12-x',
      name: 'Platform primary',
      zone: 'America/New_York',
      rotationStart: '2026-03-20T08:00:00Z',
      userIds: ['usr_me', 'usr_alice'],
      length: { amount: 1, unit: 'days' },
    },
    {
      id: 'sch_long',
      name: LONG_NAME,
      zone: 'Asia/Ho_Chi_Minh',
      rotationStart: '2026-03-20T08:00:00Z',
      userIds: ['usr_me'],
      length: { amount: 1, unit: 'days' },
    },
  ]);
  const h = await createHarness({ startMs: START, seed });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_Ab12-x'] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  const check = (input: string, watched?: string[]) =>
    engine.handlers['schedule:check']({ accountId: MAIN_ACCOUNT_ID, input, ...(watched ? { watched } : {}) });
  return { h, check };
}

const refused = (message: string) => ({
  ok: false,
  error: { kind: 'validation', message, problems: [{ field: 'input', message }] },
});

describe('schedule:check in the form’s words', () => {
  it('finds the id in a pasted link or a bare id and says what was added, with its zone', async () => {
    const { h, check } = await started();
    expect(await check('https://oncall.example.com/schedules/sch_Ab12-x/overview')).toEqual({
      ok: true,
      value: {
        id: 'sch_Ab12-x',
        name: 'Platform primary',
        timeZone: 'America/New_York',
        added: 'Added “Platform primary” (New York).',
      },
    });
    expect(await check('  sch_long ')).toMatchObject({ ok: true, value: { id: 'sch_long' } });
    await h.close();
  });

  it('refuses what has no id, an id too long and one already in the list, without asking the service', async () => {
    const { h, check } = await started();
    const before = h.sim.requests.count({ route: 'getSchedule' });
    expect(await check('   ')).toEqual(refused('Paste a schedule link or type its id (sch_…).'));
    expect(await check('https://example.com/teams/1')).toEqual(
      refused('No schedule id found: it starts with sch_ (for example sch_a1b2c3).'),
    );
    const longId = `sch_${'a'.repeat(125)}`;
    expect(await check(`https://x/schedules/${longId}`)).toEqual(
      refused('The schedule id is too long: at most 128 characters.'),
    );
    expect(await check('sch_Ab12-x', ['sch_other', 'sch_Ab12-x'])).toEqual(refused('You already watch this schedule.'));
    expect(h.sim.requests.count({ route: 'getSchedule' })).toBe(before);
    // An id exactly at the limit is asked about (the service says it is not there).
    const atLimit = await check(longId.slice(0, 128));
    expect(!atLimit.ok && atLimit.error.kind).toBe('not_found');
    await h.close();
  });

  it('keeps a long name within the settings limit, so a save never fails on it, and says the whole name', async () => {
    const { h, check } = await started();
    const found = await check('sch_long');
    if (!found.ok) throw new Error(found.error.message);
    expect([...found.value.name]).toHaveLength(200);
    expect(found.value.name).toBe(`${'🚀'.repeat(199)}…`);
    expect(found.value.added).toBe(`Added “${LONG_NAME}” (Ho Chi Minh).`);
    const patch = { account: { id: MAIN_ACCOUNT_ID, schedules: [{ id: 'sch_long', name: found.value.name }] } };
    expect(SettingsPatchSchema.safeParse(patch).success).toBe(true);
    await h.close();
  });
});
