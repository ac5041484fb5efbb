// `status` lists the readiness for my next shift (issue 21) with the platform's own answer about notifications:
// the check it starts is awaited, so the summary never says "not checked yet" when it could have asked.
import { describe, expect, it } from 'vitest';
import { jsonState, runStatus } from './support/run-status';

describe('status: ready for your next shift', () => {
  it('--demo --json carries the readiness with the answer of the notification check, and the text lists it', async () => {
    const state = jsonState(await runStatus(['--demo', '--json']));
    // The demo puts my next shift a few hours ahead: inside the day the readiness covers.
    const readiness = state.me.readiness;
    expect(readiness?.shift.start).toBe(state.me.nextShift?.start);
    const notifications = readiness?.checks.find((c) => c.id === 'notifications');
    expect(notifications?.message).not.toBe('Notifications were not checked yet.');
    // Whatever this machine's desktop says (dunst present or no session bus), it is said in its own words.
    expect(notifications?.message).toMatch(/^Notifications /);
    const text = (await runStatus(['--demo'])).stdout;
    expect(text).toMatch(/^Ready for your next shift: /m);
    expect(text).toContain(`— ${notifications?.message ?? ''}`);
  }, 120_000);
});
