import { describe, expect, it } from 'vitest';
import { planOverride, resolveWindow } from '../../../electron/core/actions/override-window';
import { windowCoveredBy } from '../../../electron/core/actions/window-coverage';
import { alice, bob, carol, me, ms, scheduleSnap, settingsWith, shift, snapshotOf } from '../support/fixtures';

const snapshot = snapshotOf([
  scheduleSnap('sch_a', [
    shift('2026-03-02T08:00:00Z', '2026-03-02T20:00:00Z', alice, bob),
    shift('2026-03-02T20:00:00Z', '2026-03-03T08:00:00Z', carol),
  ]),
]);
const now = ms('2026-03-02T10:30:00.250Z');

describe('override window', () => {
  it('takes the rest of the current segment, from now to the whole second', () => {
    const w = resolveWindow({ scheduleId: 'sch_a', window: { kind: 'rest_of_current' }, emails: [] }, snapshot, now);
    expect(w).toEqual({ ok: true, value: { startMs: ms('2026-03-02T10:30:00Z'), endMs: ms('2026-03-02T20:00:00Z') } });
  });

  it('refuses "rest of current" when nobody is on call now', () => {
    const w = resolveWindow(
      { scheduleId: 'sch_a', window: { kind: 'rest_of_current' }, emails: [] },
      snapshot,
      ms('2026-03-04T00:00:00Z'),
    );
    expect(!w.ok && w.error.kind).toBe('no_current_shift');
  });

  it('refuses a custom window that is backwards or already over', () => {
    const backwards = resolveWindow(
      {
        scheduleId: 'sch_a',
        window: { kind: 'custom', start: '2026-03-02T12:00:00Z', end: '2026-03-02T11:00:00Z' },
        emails: [],
      },
      snapshot,
      now,
    );
    expect(!backwards.ok && backwards.error.problems?.[0]?.field).toBe('window.end');
    const over = resolveWindow(
      {
        scheduleId: 'sch_a',
        window: { kind: 'custom', start: '2026-03-01T12:00:00Z', end: '2026-03-01T13:00:00Z' },
        emails: [],
      },
      snapshot,
      now,
    );
    expect(!over.ok && over.error.message).toMatch(/already over/);
  });

  it('builds the service input with UTC instants and says whom it replaces (not who covers)', () => {
    const plan = planOverride(
      { scheduleId: 'sch_a', window: { kind: 'next_hours', hours: 4 }, emails: [' bob@example.com '] },
      snapshot,
      settingsWith({}),
      now,
    );
    expect(plan.ok && plan.value.input).toEqual({
      start: '2026-03-02T10:30:00Z',
      end: '2026-03-02T14:30:00Z',
      user_references: [{ type: 'email', value: 'bob@example.com' }],
    });
    expect(plan.ok && plan.value.preview.replaces.map((p) => p.name)).toEqual(['Alice']);
  });

  it('names the bad e-mail field', () => {
    const plan = planOverride(
      { scheduleId: 'sch_a', window: { kind: 'next_hours', hours: 1 }, emails: ['me@example.com', 'nope'] },
      snapshot,
      settingsWith({}),
      now,
    );
    expect(!plan.ok && plan.error.problems).toEqual([{ field: 'emails.1', message: 'must be an e-mail address' }]);
  });
});

describe('checking a write whose answer was lost', () => {
  const window = [ms('2026-03-02T10:00:00Z'), ms('2026-03-02T12:00:00Z')] as const;
  it('sees the override when exactly the covering people hold the whole window', () => {
    expect(
      windowCoveredBy([shift('2026-03-02T10:00:00Z', '2026-03-02T12:00:00Z', me)], ...window, ['ME@example.com']),
    ).toBe(true);
  });
  it('does not see it when someone else is on call for part of it, or part is uncovered', () => {
    expect(
      windowCoveredBy(
        [
          shift('2026-03-02T10:00:00Z', '2026-03-02T11:00:00Z', me),
          shift('2026-03-02T11:00:00Z', '2026-03-02T12:00:00Z', alice),
        ],
        ...window,
        [me.email],
      ),
    ).toBe(false);
    expect(windowCoveredBy([shift('2026-03-02T10:00:00Z', '2026-03-02T11:00:00Z', me)], ...window, [me.email])).toBe(
      false,
    );
    expect(
      windowCoveredBy([shift('2026-03-02T10:00:00Z', '2026-03-02T12:00:00Z', me, alice)], ...window, [me.email]),
    ).toBe(false);
  });
});
