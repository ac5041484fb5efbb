// Team edit and chat user group in real Chromium against the real engine and simulator: live counters, inline
// errors before anything is sent, and the service's answer shown.
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { horizontalOverflow } from './support/layout';
import { e2eSession } from './support/session';

const session = e2eSession();

describe('team edit', () => {
  it('stops a name past 60 characters before sending, then saves the fixed one and shows the answer', async () => {
    const app = await session.open('configured', { kind: 'action', view: 'team' });
    const { page, host } = app;
    await page.getByLabel('Team').selectOption({ label: 'Platform' });
    const name = page.getByLabel('Name');
    await name.fill('P'.repeat(61));
    await page.getByText('61/60').waitFor();
    await page.getByText('Name must be at most 60 characters.').waitFor();
    await page.getByRole('button', { name: 'Save team' }).click();
    await expect.poll(() => page.evaluate('document.activeElement.id')).toBe('team-name');
    expect(host.sim.requests.count({ route: 'updateTeam' })).toBe(0);
    await app.screenshot('team-over-limit');
    await name.fill('Platform SRE');
    expect(await page.getByText('Name must be at most').count()).toBe(0);
    await page.getByRole('button', { name: 'Save team' }).click();
    await page.getByText('The service now has “Platform SRE”: Core platform and shared infrastructure.').waitFor();
    expect(host.sim.requests.count({ route: 'updateTeam', status: 200 })).toBe(1);
    // Only the changed field was sent: the description stays as the service had it.
    await expect
      .poll(
        () =>
          host.engine
            .getState()
            .schedules.flatMap((s) => s.teams)
            .find((t) => t.id === 'tea_platform')?.name,
      )
      .toBe('Platform SRE');
    await app.screenshot('team-saved');
  });
});

describe('a team the service sends without an id', () => {
  it('is shown by name with why it cannot be edited, and nothing is offered to save or sent', async () => {
    const app = await session.open('configured', { kind: 'action', view: 'team' });
    const { page, host } = app;
    // From now on the service lists Payments (the team of Payments US only) without its id.
    host.sim.faults.set('getSchedule', { omit: ['schedule.teams.0.id'], pathIncludes: '/schedules/sch_payments_us' });
    await host.invoke('sync:refresh', null);
    await host.waitForState(
      (s) => s.schedules.some((x) => x.teams.some((t) => t.id === null && t.name === 'Payments')),
      'Payments read without an id',
    );
    const team = page.getByLabel('Team');
    await team.locator('option', { hasText: "Payments (can't be edited)" }).waitFor({ state: 'attached' });
    // The schedule stays readable: Payments US is still read, fresh.
    const payments = host.engine.getState().schedules.find((x) => x.id === 'sch_payments_us');
    expect(payments?.status.kind).toBe('fresh');
    // Opens on a team that can be edited; Payments is there, said to be not editable.
    expect(await team.locator('option:checked').textContent()).not.toContain("can't be edited");
    await team.selectOption({ label: "Payments (can't be edited)" });
    await page.getByText("This team can't be edited: the service sent it without an id.").waitFor();
    await page.getByText('Checkout, billing and payouts').waitFor();
    expect(await page.getByLabel('Name').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save team' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await app.screenshot('team-without-id');
    await page.keyboard.press('Enter');
    expect(host.sim.requests.count({ route: 'updateTeam' })).toBe(0);
    // Another team is still editable.
    await team.selectOption({ label: 'Platform' });
    await page.getByLabel('Name').waitFor();
    await page.getByRole('button', { name: 'Save team' }).waitFor();
    expect(await app.cspViolations()).toEqual([]);
  });
});

describe('chat user group', () => {
  it('checks handle and description live, then attaches the group and shows what the service answered', async () => {
    const app = await session.open('configured', { kind: 'action', view: 'chat-group' });
    const { page, host } = app;
    await page.getByLabel('Schedule').selectOption({ label: 'Data Tokyo' });
    await page.getByLabel('Group name').fill('Tokyo on-call');
    await page.getByLabel('Handle').fill('h'.repeat(61));
    await page.getByLabel('Description (optional)').fill('d'.repeat(141));
    await page.getByText('Handle must be at most 60 characters.').waitFor();
    await page.getByText('Description must be at most 140 characters.').waitFor();
    await page.getByRole('button', { name: 'Attach or update' }).click();
    expect(host.sim.requests.count({ route: 'putChatUserGroup' })).toBe(0);
    await page.getByLabel('Handle').fill('tokyo-oncall');
    await page.getByLabel('Description (optional)').fill('Paged for database incidents in Tokyo hours');
    await page.getByRole('button', { name: 'Attach or update' }).click();
    const answer = page.getByTestId('chat-answer');
    await answer.waitFor();
    expect(await answer.textContent()).toMatch(
      /^“Tokyo on-call” \(@tokyo-oncall, id S0[0-9A-Fa-f]{8}\): Paged for database incidents in Tokyo hours$/,
    );
    expect(host.sim.requests.count({ route: 'putChatUserGroup', status: 200 })).toBe(1);
    expect(await app.cspViolations()).toEqual([]);
    await app.screenshot('chat-group-saved');
  });
});

describe('writes whose outcome is unknown', () => {
  it('chat user group: a lost answer is headed "outcome unknown", never "Not saved."', async () => {
    const app = await session.open('configured', { kind: 'action', view: 'chat-group', width: 360, height: 480 });
    const { page, host } = app;
    await page.getByLabel('Group name').fill('Tokyo on-call');
    await page.getByLabel('Handle').fill('tokyo-oncall');
    host.sim.faults.set('putChatUserGroup', { reset: true, times: 1 });
    await page.getByRole('button', { name: 'Attach or update' }).click();
    const note = page.getByRole('status').filter({ hasText: 'outcome is unknown' });
    await note.waitFor();
    expect(await note.textContent()).toMatch(/^Maybe saved: the outcome is unknown\./);
    expect(await page.getByText('Not saved.').count()).toBe(0);
    expect(host.sim.requests.count({ route: 'putChatUserGroup' })).toBe(1);
    expect(await horizontalOverflow(page)).toEqual([]);
    await app.screenshot('chat-group-outcome-unknown');
  });

  it('team: a lost answer that cannot be read back is headed "outcome unknown"; a refusal still says "Not saved."', async () => {
    const app = await session.open('configured', { kind: 'action', view: 'team', width: 360, height: 480 });
    const { page, host } = app;
    await page.getByLabel('Team').selectOption({ label: 'Platform' });
    await page.getByLabel('Name').fill('Platform SRE');
    host.sim.faults.set('updateTeam', { reset: true, times: 1 });
    host.sim.faults.set('getSchedule', { status: 500, times: 20 });
    await page.getByRole('button', { name: 'Save team' }).click();
    const note = page.getByRole('status').filter({ hasText: 'outcome is unknown' });
    await note.waitFor({ timeout: 15_000 });
    expect(await page.getByText('Not saved.').count()).toBe(0);
    host.sim.faults.clear();
    host.sim.faults.set('updateTeam', { status: 422, times: 1 });
    await page.getByLabel('Name').fill('Platform SRE 2');
    await page.getByRole('button', { name: 'Save team' }).click();
    await page.getByText('Not saved.').waitFor();
  });
});

describe('forms fit the window', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`team, chat group and coverage have no horizontal overflow at 360×480 (${colorScheme})`, async () => {
      const app = await session.open('configured', {
        kind: 'action',
        view: 'team',
        width: 360,
        height: 480,
        colorScheme,
      });
      const { page } = app;
      await page.getByLabel('Name').waitFor();
      expect(await horizontalOverflow(page)).toEqual([]);
      await page.evaluate("location.hash = '#chat-group'");
      await page.getByLabel('Handle').waitFor();
      await page.getByLabel('Handle').fill('h'.repeat(61));
      await page.getByText('Handle must be at most 60 characters.').waitFor();
      expect(await horizontalOverflow(page)).toEqual([]);
      await page.evaluate("location.hash = '#coverage'");
      await page.getByRole('heading', { name: 'Coverage requests' }).waitFor();
      expect(await horizontalOverflow(page)).toEqual([]);
    });
  }
});
