// Issue 47 (adversarial round 18, finding 4): two accounts of one service watch Ops; the start alarm rang through
// Main (the first). Muting Main while it rings must not rename the ringing alarm: the tray's alarm line and
// `status --ack` name the account it rang through, as its notification did. Real engine, simulator, files, fake clock.
// Failed before: both said "Work · Ops" after the mute.
import { describe, expect, it } from 'vitest';
import { ackFromCli, alarmKnowledgeOf } from '../../../electron/core/alarm/cli-ack';
import { ringerOfKnown } from '../../../electron/core/engine/ack-ringer';
import { readOnlyOverlay } from '../../../electron/cli/overlay-files';
import { loadRecordSigner } from '../../../electron/core/storage/record-key';
import { accountIdOf } from '../../../electron/shared/accounts';
import { createHarness } from '../support/engine-harness';
import { seedOf } from '../support/seeds';
import { closeAfterTest } from '../../support/closing';

const at = Date.parse;

async function rungThenMuted(mute: boolean) {
  const seed = seedOf([
    {
      id: 'sch_ops',
      name: 'Ops',
      zone: 'Etc/UTC',
      rotationStart: '2026-03-01T01:00:00Z',
      userIds: ['usr_bob', 'usr_me', 'usr_alice'],
      length: { amount: 8, unit: 'hours' },
    },
  ]);
  const h = closeAfterTest(await createHarness({ startMs: at('2026-03-10T08:30:00Z'), seed, files: 'fs' }));
  const account = (id: string, label: string) => ({
    id,
    label,
    baseUrl: h.sim.url,
    email: 'me@example.com',
    schedules: [{ id: 'sch_ops' }],
  });
  const accounts = [account('main', 'Main'), account('work', 'Work')];
  await h.files.writeAtomic('settings.json', JSON.stringify({ version: 2, startAtLogin: true, accounts }));
  for (const id of ['main', 'work']) await h.secrets.set(`${id}@${new URL(h.sim.url).host}`, h.sim.apiKey);
  const e = h.engine();
  await e.start();
  await h.clock.advanceTo(at('2026-03-10T09:01:00Z'));
  const rang = h.notifier.shown.find((n) => n.title.startsWith('On call now'));
  expect(rang?.title).toBe('On call now — Main · Ops');
  if (mute) {
    const update = e.handlers['settings:update']({ account: { id: accountIdOf('main'), muted: true } });
    await h.clock.runWhileAdvancing(update);
  }
  await h.clock.advanceTo(at('2026-03-10T09:02:00Z'));
  await h.clock.runWhileAdvancing(e.alarmsSettled());
  const alarm = e.getState().alarm;
  await e.stop();
  const known = await alarmKnowledgeOf(readOnlyOverlay(h.files), h.clock.now());
  const signer = await loadRecordSigner(h.secrets, () => undefined, false);
  const ack = await ackFromCli(h.files, h.clock.now(), 'Europe/Berlin', known, ringerOfKnown(known), signer);
  return { alarm, ack: ack.text };
}

describe('engine: the account an alarm rang through is fixed at the ring', () => {
  it('Main muted while its alarm rings: the tray and status --ack still name Main', async () => {
    const { alarm, ack } = await rungThenMuted(true);
    expect(alarm?.ringing).toBe(true);
    expect(alarm?.accountName).toBe('Main');
    expect(ack).toMatch(/^Acknowledged the shift-start alarm \(Main · Ops, /);
  }, 30_000);

  it('no mute: Main, as before', async () => {
    const { alarm, ack } = await rungThenMuted(false);
    expect(alarm?.accountName).toBe('Main');
    expect(ack).toMatch(/^Acknowledged the shift-start alarm \(Main · Ops, /);
  }, 30_000);
});
