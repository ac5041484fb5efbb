// Team edit and chat user group in real Chromium against the real engine and simulator: live counters, inline
// errors before anything is sent, and the service's answer shown.
import { describe, expect, it } from 'vitest';
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
    await expect.poll(() => host.engine.getState().schedules.flatMap((s) => s.teams).find((t) => t.id === 'tea_platform')?.name).toBe('Platform SRE');
    await app.screenshot('team-saved');
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
    expect(await answer.textContent()).toMatch(/^“Tokyo on-call” \(@tokyo-oncall, id S0[0-9A-Fa-f]{8}\): Paged for database incidents in Tokyo hours$/);
    expect(host.sim.requests.count({ route: 'putChatUserGroup', status: 200 })).toBe(1);
    expect(await app.cspViolations()).toEqual([]);
    await app.screenshot('chat-group-saved');
  });
});
