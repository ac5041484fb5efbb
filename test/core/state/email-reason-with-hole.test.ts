// Adv49 r23 #1 (issues 49, 47): both services' e-mails name no one (a typo on a first run, twice) and Acme's primary
// sends some shifts unreadable (a hole). The tray and tooltip said why my shifts are unknown; the popover's state
// said only "Your shifts: unknown": the hole's problem line ("Couldn't read some shifts …", Retry) was taken as
// saying the reason, and neither e-mail appeared anywhere in it. My state now says each account's e-mail reason
// whether or not another problem is shown. The real engine against two simulators on a fake clock, the popover as
// painted (its prerender); the e-mails and account names expected are the ones this test put in Settings.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTrayMenu } from '../../../electron/core/state/tray-menu';
import { loadPopover, popover } from '../support/popover-text';
import { twoServices, type TwoServices } from '../engine/support/two-services';
import { trayItems } from '../support/tray-labels';

const START = Date.parse('2026-03-04T12:00:00Z');
const ZONE = 'Europe/Berlin';
const HOUR = 3_600_000;
const EMAILS = ['nobody@example.com', 'nobody2@example.com'];
/** What this test changes in the world's settings file (the rest passes through as it is). */
const SettingsFile = z.looseObject({ accounts: z.array(z.looseObject({ label: z.string(), email: z.string() })) });
let world: TwoServices | undefined;
beforeAll(loadPopover, 180_000);
afterEach(async () => {
  await world?.engine.stop();
  world = undefined;
});

async function run(hole: boolean) {
  world = await twoServices(START);
  const { files } = world.harness;
  const parsed = SettingsFile.safeParse(JSON.parse((await files.read('settings.json')) ?? '{}'));
  if (!parsed.success) throw new Error('the world has no accounts in settings.json');
  const settings = parsed.data;
  settings.accounts.forEach((a, i) => (a.email = EMAILS[i] ?? ''));
  const labels = settings.accounts.map((a) => a.label);
  await files.writeAtomic('settings.json', JSON.stringify(settings));
  world.engine = world.harness.engine({ alarms: false });
  if (hole) world.acme.unreadable.add('sch_primary', { fromMs: START + 2 * HOUR, toMs: START + 74 * HOUR });
  await world.engine.start();
  await world.harness.clock.advance(5_000);
  const s = world.engine.getState();
  const now = world.harness.clock.now();
  const tray = trayItems(buildTrayMenu(s, now, ZONE)).map((i) => ('label' in i ? i.label : ''));
  return { shown: popover(s, now, ZONE), tray: tray.join('\n'), labels };
}

/** My state names each account and the e-mail no one there has (its own reason, never another's). */
function saysEachReason(me: string, labels: readonly string[]): void {
  expect(me).toContain('Your shifts: unknown');
  labels.forEach((label, i) => expect(me).toContain(`no one on ${label}'s schedules has the e-mail ${EMAILS[i]}`));
}

describe('my e-mail naming no one on two accounts, one with unreadable shifts', () => {
  it('without the hole: my state says each account’s e-mail reason (control)', async () => {
    const { shown, labels } = await run(false);
    expect(labels).toHaveLength(2);
    saysEachReason(shown.me, labels);
  }, 120_000);

  it('with the hole: my state still says each account’s e-mail reason, beside the hole’s problem', async () => {
    const { shown, tray, labels } = await run(true);
    // The hostile case holds: the hole is a problem the popover shows, and the tray says the e-mails.
    expect(shown.all).toContain(`${labels[1]}: Couldn't read some shifts of`);
    EMAILS.forEach((e) => expect(tray).toContain(e));
    saysEachReason(shown.me, labels);
  }, 120_000);
});
