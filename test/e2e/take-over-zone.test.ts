// adv47 r23 #4: the schedule card's take-over confirmation and result dropped the schedule's zone ("Take over from
// Erin Walsh until Mon 12:42?") where the tray menu and the card said "until Mon 12:42 (06:42 New York)", and the
// result ("You are on call on Payments US until …") read as the end of my on-call time, which goes on on the next
// schedule. Against the demo in Chromium (page zone Berlin), a schedule in another zone: the schedule's time is
// computed here with Intl, apart from the app's formatter, and the end must read as the tray menu's item reads it.
import { describe, expect, it } from 'vitest';
import { e2eSession, type Opened } from './support/session';
import { PAGE_ZONE } from './support/host';
import { buildTrayMenu, type TrayMenuItem } from '../../electron/core/state/tray-menu';

const session = e2eSession();
const card = (app: Opened, name: string) =>
  app.page.getByRole('listitem').filter({ has: app.page.getByRole('heading', { name }) });
const labels = (items: readonly TrayMenuItem[]): string[] =>
  items.flatMap((i) => [
    ...('label' in i && typeof i.label === 'string' ? [i.label] : []),
    ...(i.type === 'submenu' ? labels(i.items) : []),
  ]);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** "06:42 New York": the wall time there and the zone's city, worded here without the app's formatter. */
function thereText(iso: string, zone: string): string {
  const hhmm = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return `${hhmm.format(new Date(iso))} ${(zone.split('/').at(-1) ?? zone).replaceAll('_', ' ')}`;
}

describe("the card's take-over in the schedule's zone", () => {
  it("asks and answers with the end as the tray menu gives it, the schedule's time beside it, as the schedule's part", async () => {
    const app = await session.open('configured');
    const state = app.host.engine.getState();
    const target = state.schedules.find(
      (s) => s.takeOverOptions?.takeOver && !s.meOnCall && s.timeZone && s.timeZone !== PAGE_ZONE,
    );
    const offer = target?.takeOverOptions?.takeOver;
    const from = offer?.from[0];
    if (!target?.timeZone || !offer || !from) throw new Error('the demo seed offers no take-over in another zone');
    const there = thereText(offer.until, target.timeZone);
    const theCard = card(app, target.name);
    await theCard.getByRole('button', { name: `Take over from ${from.name}` }).click();
    const ask = theCard.getByRole('group', { name: new RegExp(`^Take over from ${escape(from.name)} until`) });
    const askText = (await ask.locator('span').textContent()) ?? '';
    // The schedule's time carries its weekday when it falls on another day than the local one ("Mon 19:37 New York").
    const asked = new RegExp(
      `^Take over from ${escape(from.name)} until (.+ \\((?:[A-Z][a-z]{2} )?${escape(there)}\\))\\?$`,
    ).exec(askText);
    expect(asked, askText).not.toBeNull();
    const until = asked?.[1] ?? '';
    // The same end as the tray menu's item for the same offer.
    const tray = labels(buildTrayMenu(state, Date.now(), PAGE_ZONE));
    expect(tray).toContain(`Take over ${target.name} from ${from.name} until ${until}…`);
    await app.page.keyboard.press('Enter');
    const done = theCard.getByRole('status');
    await expect.poll(() => done.textContent()).toBe(`You took over ${target.name} until ${until}.`);
  }, 120_000);
});
