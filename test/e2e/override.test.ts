// Quick override in real Chromium against the real engine and simulator: a success read back from the service, a
// rejection that keeps every field, covering a coverage request, and the whole form driven by keyboard alone.
import { describe, expect, it } from 'vitest';
import { e2eSession } from './support/session';

const session = e2eSession();

describe('quick override', () => {
  it('creates an override for the next hour as me, previewing whom it replaces, and shows it read back', async () => {
    const app = await session.open('configured', { kind: 'action', view: 'override', height: 640 });
    const { page, host } = app;
    await page.getByLabel('Next 1 h').check();
    await page.getByTestId('preview-window').waitFor();
    const preview = await page.getByRole('region', { name: 'Preview' }).textContent();
    expect(preview).toContain('Covering: alice@example.com');
    expect(preview).toContain('Replaces: Carol Lee');
    await page.getByRole('button', { name: 'Create override' }).click();
    const result = page.getByTestId('override-result');
    await result.waitFor();
    const id = await page.getByTestId('override-id').textContent();
    expect(id).toMatch(/^ovr_/);
    expect(await result.textContent()).toContain('Alice Doe (alice@example.com)');
    expect(host.sim.requests.count({ route: 'createOverride', status: 201 })).toBe(1);
    expect(host.sim.requests.count({ route: 'getOverride', status: 200 })).toBeGreaterThanOrEqual(1);
    expect(await app.cspViolations()).toEqual([]);
    await app.screenshot('override-success');
  });

  it('shows the service\'s message when it rejects an unknown person, keeping every field as typed', async () => {
    const app = await session.open('configured', { kind: 'action', view: 'override', height: 640 });
    const { page, host } = app;
    await page.getByLabel('Schedule').selectOption({ label: 'Payments US' });
    await page.getByLabel('Next 2 h').check();
    await page.getByLabel('Someone else').check();
    await page.getByLabel('E-mail 1 of up to 4').fill('bob@example.com');
    await page.getByLabel('E-mail 2 of up to 4').fill('nobody@example.com');
    await page.getByTestId('preview-window').waitFor();
    await page.getByRole('button', { name: 'Create override' }).click();
    const failure = page.getByTestId('failure');
    await failure.waitFor();
    expect(await failure.textContent()).toContain('nobody@example.com');
    expect(host.sim.requests.count({ route: 'createOverride', status: 422 })).toBe(1);
    expect(await page.getByLabel('Schedule').inputValue()).toBe('sch_payments_us');
    expect(await page.getByLabel('Next 2 h').isChecked()).toBe(true);
    expect(await page.getByLabel('Someone else').isChecked()).toBe(true);
    expect(await page.getByLabel('E-mail 1 of up to 4').inputValue()).toBe('bob@example.com');
    expect(await page.getByLabel('E-mail 2 of up to 4').inputValue()).toBe('nobody@example.com');
    await app.screenshot('override-rejected');
  });

  it('covers a shift of a coverage request: prefilled with that shift and me', async () => {
    const app = await session.open('configured', { height: 640 });
    const { page, host } = app;
    await page.getByRole('button', { name: /^Coverage/ }).click();
    const dentist = page.getByRole('listitem').filter({ hasText: 'Dentist appointment' });
    await dentist.waitFor();
    expect(await dentist.textContent()).toContain('Bob Stone');
    await app.screenshot('coverage-list');
    await dentist.getByRole('button', { name: /^Cover Platform primary/ }).click();
    const shift = host.engine.getState().coverage.askingMe.find((r) => r.id === 'cov_demo_dentist')?.shifts[0];
    expect(shift).toBeDefined();
    expect(await page.getByLabel('Custom').isChecked()).toBe(true);
    expect(await page.getByLabel('Me (alice@example.com)').isChecked()).toBe(true);
    await page.getByTestId('preview-window').waitFor();
    await page.getByRole('button', { name: 'Create override' }).click();
    await page.getByTestId('override-id').waitFor();
    expect(host.sim.requests.count({ route: 'createOverride', status: 201 })).toBe(1);
    expect(await page.getByTestId('override-result').textContent()).toContain('Alice Doe');
    // The override starts where the shift starts (to the minute: the inputs are local minutes, the seed has seconds).
    expect(Math.abs(Date.parse(shift?.start ?? '') - Date.parse((await overrideStart(host, page)) ?? ''))).toBeLessThan(60_000);
  });

  it('can be filled and sent with the keyboard alone, and Escape closes the window', async () => {
    const app = await session.open('configured', { kind: 'action', view: 'override', height: 640 });
    const { page, host } = app;
    const focused = () => page.evaluate('document.activeElement && (document.activeElement.id || document.activeElement.textContent)');
    await expect.poll(focused).toBe('ov-schedule');
    await page.keyboard.press('ArrowDown'); // Payments US
    await page.keyboard.press('Tab'); // the checked preset: rest of current shift
    await page.keyboard.press('ArrowRight'); // next 1 h
    await page.keyboard.press('ArrowRight'); // next 2 h
    expect(await page.getByLabel('Next 2 h').isChecked()).toBe(true);
    await page.keyboard.press('Tab'); // who covers: me
    await page.keyboard.press('Tab'); // the submit button
    await page.getByTestId('preview-window').waitFor();
    expect(await focused()).toBe('Create override');
    await page.keyboard.press('Enter');
    await page.getByTestId('override-id').waitFor();
    expect(host.sim.requests.count({ route: 'createOverride', status: 201 })).toBe(1);
    await expect.poll(focused).toBe('Done');
    await app.screenshot('override-keyboard-done');
    await page.keyboard.press('Escape');
    await expect.poll(() => host.windowCalls.map((c) => c.channel)).toEqual(['window:close']);
  });
});

/** The start of the override as the service stored it, read through the app's own channel. */
async function overrideStart(host: { invoke(c: string, r: unknown): Promise<unknown> }, page: { getByTestId(id: string): { textContent(): Promise<string | null> } }): Promise<string | undefined> {
  const id = (await page.getByTestId('override-id').textContent()) ?? '';
  const answer = await host.invoke('override:get', { scheduleId: 'sch_platform_primary', overrideId: id });
  if (typeof answer !== 'object' || answer === null || !('ok' in answer) || answer.ok !== true || !('value' in answer)) return undefined;
  const value = answer.value;
  return typeof value === 'object' && value !== null && 'start' in value && typeof value.start === 'string' ? value.start : undefined;
}

describe('quick override whose answer never came back', () => {
  it('explains the unknown outcome without sending again, and Check again tells what the refreshed schedule shows', async () => {
    const app = await session.open('configured', { kind: 'action', view: 'override', height: 640 });
    const { page, host } = app;
    await page.getByTestId('preview-window').waitFor();
    // The service saves the override but the connection drops before the answer; the check that follows fails too.
    host.sim.faults.set('createOverride', { reset: true, times: 1 });
    host.sim.faults.set('listShifts', { status: 400, times: 5 });
    await page.getByRole('button', { name: 'Create override' }).click();
    await page.getByText('Outcome unknown.').waitFor();
    expect(await page.getByTestId('override-result').textContent()).toContain('It was not sent again');
    expect(host.sim.requests.count({ route: 'createOverride' })).toBe(1);
    host.sim.faults.clear();
    await page.getByRole('button', { name: 'Check again' }).click();
    await expect.poll(() => page.getByTestId('recheck').textContent()).toMatch(/looks saved/);
    expect(host.sim.requests.count({ route: 'createOverride' })).toBe(1);
    await app.screenshot('override-outcome-unknown');
  });
});
