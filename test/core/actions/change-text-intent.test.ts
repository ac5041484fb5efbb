// Adversarial round 10 (minor): "Changed since you planned it" names only what differs from the plan and from its
// own intent. The cover I chose over part of the window (a manager made the same override), or my own landed
// take-over, is not told as a change; what else changed still is.
import { describe, expect, it } from 'vitest';
import { changeText, type HeldDeps } from '../../../electron/core/actions/plan-held';

const H = 3_600_000;
const T = Date.parse('2026-03-05T08:00:00Z');
const NAMES: Record<string, string> = { 'dave@x': 'Dave', 'carol@x': 'Carol', 'bob@x': 'Bob' };
const deps: HeldDeps = {
  reread: () => Promise.resolve(undefined),
  nameOf: (_id, e) => NAMES[e] ?? '',
  windowOf: (_id, a, b) => `${(a - T) / H}–${(b - T) / H}`,
  meOn: () => 'me@x',
};

describe('changed since planned: the plan’s own intent is no change', () => {
  it('away: Dave (the chosen cover) over part of it is not named; Carol is', () => {
    const c = { scheduleId: 's', startMs: T, endMs: T + 15 * H, from: 'me@x', to: 'dave@x', others: [] };
    const held = [
      { startMs: T, endMs: T + 2 * H, emails: ['dave@x'] },
      { startMs: T + 2 * H, endMs: T + 5 * H, emails: ['carol@x'] },
      { startMs: T + 5 * H, endMs: T + 15 * H, emails: ['dave@x'] },
    ];
    expect(changeText(deps, c, held)).toBe(
      'Changed since you planned it: Carol now covers 2–5. Nothing was sent: look at it again and choose anew.',
    );
  });

  it('take over: my own landed write is not "you are now on call"; Carol is named', () => {
    const c = { scheduleId: 's', startMs: T, endMs: T + 4 * H, from: 'bob@x', to: 'me@x', others: [] };
    const held = [
      { startMs: T, endMs: T + 3 * H, emails: ['me@x'] },
      { startMs: T + 3 * H, endMs: T + 4 * H, emails: ['carol@x'] },
    ];
    expect(changeText(deps, c, held)).toBe(
      'Changed since you planned it: Carol now covers 3–4. Nothing was sent: look at it again and choose anew.',
    );
  });
});
