// `status --ack` with several accounts names each alarm's account, as the tray's ack line does ("Shift-start alarm
// (Acme Corp · Ops, 21:00)"): "Acknowledged the shift-start alarm (Acme Corp, 21:00) at 21:10." Failed before: "(21:00)"
// alone, which of two accounts unsaid. One account: unchanged.
import { describe, expect, it } from 'vitest';
import { ackFromCli } from '../../../electron/core/alarm/cli-ack';
import { ringerOfKnown } from '../../../electron/core/engine/ack-ringer';
import { accountIdOf } from '../../../electron/shared/account-names';
import type { Account } from '../../../electron/shared/account-settings';
import type { AlarmRecord } from '../../../electron/core/alarm/types';
import { me, scheduleSnap, settingsWith, shift, snapshotOf } from '../support/fixtures';
import { MemoryFileStore } from '../support/memory-file-store';

const H = 3_600_000;
const MINE = Date.parse('2026-03-10T21:00:00Z');
// Read from before the start (as the app reads a week back): the start is seen, so the app plans its alarm.
const snapshot = snapshotOf([
  scheduleSnap('sch_ops', [shift('2026-03-10T21:00:00Z', '2026-03-11T05:00:00Z', me)], {
    shiftsFrom: '2026-03-10T20:00:00Z',
  }),
]);
const ACME = {
  settings: settingsWith({ accountLabel: 'Acme Corp', schedules: [{ id: 'sch_ops' }] }),
  snapshot,
};
const WORK = {
  settings: settingsWith({ accountLabel: 'Work', baseUrl: 'https://work.example.com', schedules: [{ id: 'sch_ops' }] }),
  snapshot: snapshotOf([]),
};
const KEY = `alarm:https://oncall.example.com:sch_ops:2026-03-10T21:00:00Z`;
const ringing: AlarmRecord = { startMs: MINE, endMs: MINE + 8 * H, rungAtMs: MINE };

async function ack(known: (typeof ACME & { account?: Account })[]) {
  const files = new MemoryFileStore();
  await files.writeAtomic('alarms.json', JSON.stringify({ version: 1, alarms: { [KEY]: ringing } }));
  return (await ackFromCli(files, MINE + 10 * 60_000, 'UTC', known, ringerOfKnown(known))).text;
}

/** An account on the one service (oncall.example.com) watching Ops, as saved: muted or not. */
function onOps(id: string, label: string, muted: boolean) {
  const account: Account = {
    id: accountIdOf(id),
    label,
    baseUrl: 'https://oncall.example.com',
    email: 'me@example.com',
    schedules: [{ id: 'sch_ops' }],
    ...(muted ? { muted: true } : {}),
    pausedUntil: null,
  };
  const settings = settingsWith({ accountId: account.id, accountLabel: label, schedules: [{ id: 'sch_ops' }] });
  return { settings, snapshot, account };
}

describe('status --ack names the account when several are set up', () => {
  it('two accounts: "(Acme Corp, 21:00)"', async () => {
    expect(await ack([WORK, ACME])).toBe('Acknowledged the shift-start alarm (Acme Corp · sch_ops, 21:00) at 21:10.');
  });
  it('one account: "(21:00)"', async () => {
    expect(await ack([ACME])).toBe('Acknowledged the shift-start alarm (sch_ops, 21:00) at 21:10.');
  });
  // adv50 r8 #4: two accounts on one service, the first muted: the terminal named another account than the tray.
  // Since adv47 r40 #2 the tray names one service's block by the first account, as its now-line does, whichever
  // account it rang through (the notification and the phone name that one): the terminal names it as the tray does.
  it('two accounts on one service, the first muted: names the first, as the tray does', async () => {
    const known = [onOps('main', 'main', true), onOps('work', 'Work', false)];
    expect(await ack(known)).toBe('Acknowledged the shift-start alarm (main · sch_ops, 21:00) at 21:10.');
  });
  it('two accounts on one service, neither muted: names the first', async () => {
    const known = [onOps('main', 'main', false), onOps('work', 'Work', false)];
    expect(await ack(known)).toBe('Acknowledged the shift-start alarm (main · sch_ops, 21:00) at 21:10.');
  });
});
