// What "changed since you planned it" says, worded from who the service holds on call now in each stretch against
// who was planned, with me as "you" in correct grammar. Adversarial round: a manager adding me beside the teammate
// of a swap's second side was told as "you now covers …", and a partner changed partway while I stay on call as
// "Carol Lee now covers …" (failed before). "covers" is said only when I (or everyone planned) am no longer on call.
import { describe, expect, it } from 'vitest';
import { changeText, type Held, type HeldDeps } from '../../../electron/core/handoff/held';

const NAMES: Record<string, string> = {
  'alice@x.io': 'Alice Doe',
  'bob@x.io': 'Bob Stone',
  'carol@x.io': 'Carol Lee',
  'dan@x.io': 'Dan Ray',
};
const deps: HeldDeps = {
  reread: async () => undefined,
  nameOf: (_, e) => NAMES[e] ?? e,
  windowOf: (_, a, b) => `${a}–${b}`,
  meOn: () => 'me@x.io',
};
const [ME, ALICE, BOB, CAROL, DAN] = ['me@x.io', 'alice@x.io', 'bob@x.io', 'carol@x.io', 'dan@x.io'];
const said = (from: string, others: string[], held: Held[]) =>
  changeText(deps, { scheduleId: 's', startMs: 0, endMs: 24, from, to: 'zed@x.io', others }, held)
    .replace(/^Changed since you planned it: /, '')
    .replace(/\. Nothing was sent: look at it again and choose anew\.$/, '');
const whole = (...emails: string[]): Held[] => [{ startMs: 0, endMs: 24, emails }];

describe('changed since you planned it: who is on call now', () => {
  it.each<[string, string, string[], Held[], string]>([
    ['a manager gave my block to Carol alone', ME, [ALICE], whole(CAROL), 'Carol Lee now covers 0–24'],
    ['Carol took my place beside Alice', ME, [ALICE], whole(ALICE, CAROL), 'Carol Lee now covers 0–24, with Alice Doe'],
    ['my partner changed, I stay on call', ME, [ALICE], whole(ME, CAROL), 'Carol Lee is now on call with you 0–24'],
    // Adv48 round 9 (minor; failed before: "Carol Lee, Bob Stone and Dan Ray are now …"): Bob was already my partner.
    [
      'two joined me and my partner',
      ME,
      [BOB],
      whole(ME, CAROL, BOB, DAN),
      'Carol Lee and Dan Ray are now on call with you 0–24',
    ],
    [
      'my partner changed partway',
      ME,
      [ALICE],
      [
        { startMs: 0, endMs: 12, emails: [ME, ALICE] },
        { startMs: 12, endMs: 24, emails: [ME, CAROL] },
      ],
      'Carol Lee is now on call with you 12–24',
    ],
    ['two joined me', ME, [], whole(ME, CAROL, DAN), 'Carol Lee and Dan Ray are now on call with you 0–24'],
    ['my partner left', ME, [ALICE], whole(ME), 'you are now on call alone 0–24'],
    ['I was taken off, Alice stays', ME, [ALICE], whole(ALICE), 'you are no longer on call 0–24'],
    ['Alice and I were taken off', ME, [ALICE, BOB], whole(BOB), 'you and Alice Doe are no longer on call 0–24'],
    [
      'swap side 2: a manager put me beside Carol',
      CAROL,
      [],
      whole(CAROL, ME),
      'you are now on call with Carol Lee 0–24',
    ],
    ['swap side 2: a manager gave Carol’s time to me', CAROL, [], whole(ME), 'you are now on call 0–24'],
    ['swap side 2: Alice holds Carol’s time', CAROL, [], whole(ALICE), 'Alice Doe now covers 0–24'],
    [
      'hand back: Alice replaced Bob beside Carol',
      CAROL,
      [BOB],
      whole(CAROL, ALICE),
      'Alice Doe is now on call with Carol Lee 0–24',
    ],
    ['hand back: Bob left Carol', CAROL, [BOB], whole(CAROL), 'Bob Stone is no longer on call 0–24'],
    ['nobody', ME, [ALICE], whole(), 'nobody is on call 0–24'],
  ])('%s', (_case, from, others, held, expected) => {
    expect(said(from, others, held)).toBe(expected);
  });

  it('never "you now covers", "you is" or "you covers", whatever the stretch', () => {
    const people = [ME, ALICE, CAROL];
    const sets = people.flatMap((_, i) => [people.slice(i), people.slice(0, i + 1), [people[i] ?? ME]]);
    for (const from of [ME, CAROL])
      for (const others of [[], [ALICE]])
        for (const now of sets) expect(said(from, others, whole(...now))).not.toMatch(/\byou (is|covers|now covers)\b/);
  });
});
