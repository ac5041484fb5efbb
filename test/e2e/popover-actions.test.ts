// The popover's acting items in real Chromium against the real engine and simulator: "Take over now" and "Hand
// back" on a schedule card (one confirmation where Enter says yes; the schedule then shows me on call from now, and
// after handing back the person I took over from again), and "Copy on-call summary" (written by main).
import { describe, expect, it } from 'vitest';
import { e2eSession, type Opened } from './support/session';

const session = e2eSession();
const card = (app: Opened, name: string) =>
  app.page.getByRole('listitem').filter({ has: app.page.getByRole('heading', { name }) });

describe('take over from a schedule card', () => {
  it.each(['light', 'dark'] as const)(
    'takes over with one Enter, the schedule shows me, and hands back to them (%s)',
    async (colorScheme) => {
      const app = await session.open('configured', { colorScheme });
      const { page, host } = app;
      // A schedule where someone else is on call now (the state offers the take-over).
      const target = host.engine.getState().schedules.find((s) => s.takeOverOptions?.takeOver && !s.meOnCall)!;
      expect(target).toBeDefined();
      const from = target.takeOverOptions!.takeOver!.from[0]!;
      const theCard = card(app, target.name);
      await theCard.getByRole('button', { name: `Take over from ${from.name}` }).click();
      await theCard.getByText(`Take over from ${from.name} until`).waitFor();
      await app.screenshot(`take-over-confirm-${colorScheme}`);
      await page.keyboard.press('Enter'); // the confirm button has the focus
      await theCard.getByText(`You took over ${target.name} until`).waitFor();
      // The schedule as the service now reads it: me on call, not them.
      await host.waitForState((s) => s.schedules.find((x) => x.id === target.id)?.meOnCall === true, 'me on call');
      const now = host.engine.getState().schedules.find((x) => x.id === target.id)!.now!;
      expect(now.users.map((u) => u.email)).not.toContain(from.email);
      // Hand back: them again from now.
      await theCard.getByRole('button', { name: `Hand back to ${from.name}` }).click();
      await page.keyboard.press('Enter');
      await host.waitForState(
        (s) => s.schedules.find((x) => x.id === target.id)?.meOnCall === false,
        'them on call again',
      );
      const again = host.engine.getState().schedules.find((x) => x.id === target.id)!.now!;
      expect(again.users.map((u) => u.email)).toContain(from.email);
    },
  );

  it('Cancel sends nothing', async () => {
    const app = await session.open('configured');
    const { host } = app;
    const target = host.engine.getState().schedules.find((s) => s.takeOverOptions?.takeOver && !s.meOnCall)!;
    const from = target.takeOverOptions!.takeOver!.from[0]!;
    const before = host.sim.requests.count({ method: 'POST' });
    await card(app, target.name)
      .getByRole('button', { name: `Take over from ${from.name}` })
      .click();
    await card(app, target.name).getByRole('button', { name: 'Cancel' }).click();
    expect(host.sim.requests.count({ method: 'POST' })).toBe(before);
    expect(host.engine.getState().schedules.find((x) => x.id === target.id)?.meOnCall).toBe(false);
  });
});

describe('copy the on-call summary from the popover', () => {
  it('puts the hand-off text on the clipboard (through main) and says so', async () => {
    const app = await session.open('configured');
    const { page, host } = app;
    // The live page, not the prerendered first frame: a click before the page is live opens no menu (a loaded
    // clean-clone run clicked the first frame's More and waited 6 s for a menu that never came).
    await page.waitForSelector('html[data-rendered]');
    await page.getByRole('button', { name: 'More', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Copy on-call summary' }).click();
    await page.getByText('On-call summary copied.').waitFor();
    expect(host.clipboard).toHaveLength(1);
    for (const s of host.engine.getState().schedules) expect(host.clipboard[0]).toContain(`${s.name}:`);
  });
});
