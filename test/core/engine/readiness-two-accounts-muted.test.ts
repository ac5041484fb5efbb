// Two accounts on one service, both watching Ops, one muted (adv50 round 7, fix50l #1): readiness judges the start
// as the alarm engine does (readiness/silenced.ts `startRinger`, one rule for both), so it never says "no reminder
// or alarm will come" for a start that rings through the other account, and it names the account that rings,
// whichever of the two is listed first. Failed before: muting the first said "Reminders for <first> are muted: no
// reminder or alarm will come for this shift" and "Shift-start alarm: silent", while the start rang through Work.
import { afterEach, describe, expect, it } from 'vitest';
import { accountIdOf } from '../../../electron/shared/accounts';
import { closeStands, laptopAlarms, MIN, MY_START, withNtfy } from '../support/phone-engine-rig';

afterEach(closeStands);

async function twoAccounts(mute: 'main' | 'work' | 'both') {
  const r = await withNtfy();
  const { h, engine } = r;
  const f = JSON.parse((await h.files.read('settings.json')) ?? '{}') as { accounts: Record<string, unknown>[] };
  f.accounts = [f.accounts[0]!, { ...f.accounts[0], id: 'work', label: 'Work' }];
  await h.files.writeAtomic('settings.json', JSON.stringify(f));
  const again = r.make();
  await engine.stop();
  await again.start();
  await h.clock.runWhileAdvancing(again.handlers['key:set']({ accountId: accountIdOf('work'), key: h.sim.apiKey }));
  await h.clock.runWhileAdvancing(again.handlers['sync:refresh'](null));
  await h.clock.advanceTo(MY_START - 60 * MIN);
  for (const id of mute === 'both' ? ['main', 'work'] : [mute])
    await h.clock.runWhileAdvancing(
      again.handlers['settings:update']({ account: { id: accountIdOf(id), muted: true } }),
    );
  await h.clock.runWhileAdvancing(again.alarmsSettled());
  await h.clock.advanceTo(MY_START - 30 * MIN);
  const state = again.getState();
  const labels = state.settings.accounts.map((a) => a.label);
  const checks = state.me.readiness?.checks ?? [];
  await h.clock.advanceTo(MY_START + 5 * MIN);
  const rung = laptopAlarms(h);
  await again.stop();
  const first = labels[0]!;
  const muted = mute === 'main' ? first : 'Work';
  const speaking = mute === 'main' ? 'Work' : first;
  // The wording with the accounts' names taken out: the same in both orders.
  const neutral = (m: string) => m.split(speaking).join('<ringer>').split(muted).join('<muted>');
  return { checks, rung, speaking, neutral };
}

describe('readiness of a start watched by two accounts, one muted', () => {
  const lines: Partial<Record<'main' | 'work', string>> = {};
  for (const mute of ['main', 'work'] as const)
    it(`muting ${mute === 'main' ? 'the first' : 'the second'}: the start rings, and readiness says so`, async () => {
      const { checks, rung, speaking, neutral } = await twoAccounts(mute);
      lines[mute] = neutral(checks.find((c) => c.id === 'alarm')?.message ?? '');
      expect(rung).toHaveLength(1);
      const text = checks.map((c) => c.message).join('\n');
      expect(text).not.toContain('no reminder or alarm will come');
      const alarm = checks.find((c) => c.id === 'alarm');
      expect(alarm?.result).toBe('ok');
      expect(alarm?.message).toContain(`it rings through ${speaking}`);
      expect(checks.filter((c) => c.result === 'problem' && /mut|silent/.test(c.message))).toEqual([]);
    }, 30_000);

  it('both orders say the start alarm in the same words (the ringer named)', () => {
    expect(lines.main).toBeDefined();
    expect(lines.main).toBe(lines.work);
    expect(lines.main).toContain('rings through <ringer>');
  });

  it('both muted: nothing rings, and readiness says so', async () => {
    const { checks, rung } = await twoAccounts('both');
    expect(rung).toHaveLength(0);
    expect(checks.find((c) => c.id === 'alarm')).toMatchObject({ result: 'problem' });
    expect(checks.find((c) => c.id === 'reminders')?.message).toContain('no reminder or alarm will come');
  }, 30_000);
});
