// Issue 47, no text patched: a hand-off item keeps a refusal's own words as a value (ActionError `told`), and the
// summary says them after "refused:" without cutting "The service refused the override." off the message.
import { describe, expect, it } from 'vitest';
import { stateOfAnswer } from '../../../electron/core/handoff/write-one';
import { handoffSummary } from '../../../electron/shared/handoff-text';
import type { HandoffItem } from '../../../electron/shared/handoff';
import { MAIN_ACCOUNT_ID } from '../../../electron/shared/settings';

const told = 'Person 1 (bob@example.com): no user has the e-mail bob@example.com.';
const message = `The service refused the override. ${told}`;

const item = (change: Partial<HandoffItem>): HandoffItem => ({
  id: 'sch|1',
  accountId: MAIN_ACCOUNT_ID,
  scheduleId: 'sch',
  scheduleName: 'Platform',
  timeZone: null,
  start: '2026-03-10T08:00:00Z',
  end: '2026-03-10T16:00:00Z',
  email: 'bob@example.com',
  others: [],
  name: 'Bob',
  state: 'pending',
  message: '',
  ...change,
});

describe('a refused hand-off item', () => {
  it('carries what was refused as a value, and the summary says it', () => {
    const said = stateOfAnswer({ ok: false, error: { kind: 'rejected', message, told } });
    expect(said).toEqual({ state: 'refused', message, refusal: told });
    expect(handoffSummary({ items: [item({ state: 'handed_off' }), item(said)] })).toBe(
      `1 of 2 handed off · 1 refused: ${told}`,
    );
  });

  it('without one (a refusal the service did not explain field by field), says the message as it is', () => {
    const said = stateOfAnswer({ ok: false, error: { kind: 'rejected', message: 'Not on this schedule.' } });
    expect(handoffSummary({ items: [item(said)] })).toBe('0 of 1 handed off · 1 refused: Not on this schedule.');
  });
});
