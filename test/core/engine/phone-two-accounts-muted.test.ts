// Two accounts on one service, both watching Ops, one of them muted (adv50 round 7, finding 2): the same shift
// watched by both rings iff any watching account is not muted or paused, and names an account that will ring,
// whichever of the two is listed first. Failed before: muting the first silenced the start entirely (the second was
// taken as told by the first); muting the second rang, but the loud notification named the muted account.
import { afterEach, describe, expect, it } from 'vitest';
import { accountIdOf } from '../../../electron/shared/accounts';
import { alertsOn, closeStands, laptopAlarms, MIN, MY_START, TOPIC, withNtfy } from '../support/phone-engine-rig';

afterEach(closeStands);

async function twoAccounts(mute: 'main' | 'work') {
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
  const muted = await h.clock.runWhileAdvancing(
    again.handlers['settings:update']({ account: { id: accountIdOf(mute), muted: true } }),
  );
  expect(muted).toMatchObject({ ok: true });
  await h.clock.runWhileAdvancing(again.alarmsSettled());
  await h.clock.advanceTo(MY_START + 10 * MIN);
  const labels = again.getState().settings.accounts.map((a) => a.label);
  expect(labels).toHaveLength(2);
  const mutedLabel = mute === 'main' ? labels[0]! : 'Work';
  const speaking = mute === 'main' ? 'Work' : labels[0]!;
  const alarm = again.getState().alarm;
  await again.stop();
  return { ...r, mutedLabel, speaking, alarm, labels };
}

describe('two accounts watching one schedule, one muted: the start rings, named by the one not muted', () => {
  for (const mute of ['main', 'work'] as const)
    it(`muting ${mute === 'main' ? 'the first' : 'the second'} account`, async () => {
      const { h, s, mutedLabel, speaking, alarm, labels } = await twoAccounts(mute);
      // The popover and the tray name the block by the first account, as its now-line does (one block, one name on
      // a surface: adv47 r40 #2); the ring and the phone name the account it rings through.
      expect(alarm?.accountName).toBe(labels[0]);
      const rung = laptopAlarms(h);
      expect(rung).toHaveLength(1);
      expect(rung[0]!.title).toContain(speaking);
      expect(rung[0]!.title).not.toContain(mutedLabel);
      const phone = alertsOn(s, TOPIC);
      expect(phone.map((m) => m.deliverMs)).toEqual([MY_START + 3 * MIN]);
      expect(phone[0]!.title).toContain(speaking);
    }, 30_000);
});
