// Issue 49: with 3 accounts × 10 schedules only ~6 of 30 now-lines fit a 360×520 popover's first screen. Past the
// first screen's ten lines the accounts with the most fold into one line each ("10 schedules — you on none; Bob,
// Carol"), so every account's now is answered at a glance; what is unknown is counted as unknown, never as nobody.
import { describe, expect, it } from 'vitest';
import { foldGroups, foldLine, NOW_LINES_SHOWN, type NowGroup, type NowLine } from '../../renderer/src/lib/now-lines';

function line(id: string, tone: NowLine['tone'], names: string[] = [], you = false): NowLine {
  const people = names.length > 0 ? names.join(', ') : undefined;
  return { id, name: id, people, names, you, when: 'until Mon 18:00', tone, label: id };
}
const group = (id: string, lines: NowLine[]): NowGroup => ({ id, heading: id, problem: false, lines });
const many = (prefix: string, n: number): NowLine[] =>
  Array.from({ length: n }, (_, i) => line(`${prefix}${i}`, 'ok', [i % 2 ? 'Bob' : 'Carol']));

describe("an account's now in one line", () => {
  it('counts its schedules, where I am on call, and names everyone on call once', () => {
    expect(foldLine(many('a', 10))).toBe('10 schedules — you on none; Carol, Bob');
    const mine = [line('x', 'ok', ['Alice', 'Bob'], true), line('y', 'ok', ['Alice'], true), line('z', 'ok', ['Dan'])];
    expect(foldLine(mine)).toBe('3 schedules — you on 2; Alice, Bob, Dan');
  });

  it('says what is uncovered and unknown, and never "none" for what it could not read', () => {
    const lines = [line('x', 'ok', ['Bob']), line('y', 'uncovered'), line('z', 'unknown'), line('w', 'unknown')];
    expect(foldLine(lines)).toBe('4 schedules — you on none of 2 read, 1 uncovered, 2 unknown; Bob');
    expect(foldLine([line('z', 'unknown'), line('v', 'unknown')])).toBe('2 schedules — 2 unknown');
  });
});

describe('folding to fit the first screen', () => {
  it('3 accounts × 10: every account folds, three lines', () => {
    const groups = foldGroups(['Work', 'Acme', 'Globex'].map((a) => group(a, many(a, 10))));
    expect(groups.map((g) => g.fold)).toEqual(Array(3).fill('10 schedules — you on none; Carol, Bob'));
  });

  it('3 accounts × 3 fit: nothing folds', () => {
    expect(foldGroups(['W', 'A', 'G'].map((a) => group(a, many(a, 3)))).some((g) => g.fold)).toBe(false);
  });

  it('the largest fold first, only until the lines fit', () => {
    const groups = foldGroups([group('small', many('s', 2)), group('big', many('b', 12)), group('mid', many('m', 4))]);
    expect(groups.map((g) => g.fold !== undefined)).toEqual([false, true, false]);
    const shown = groups.reduce((n, g) => n + (g.fold ? 1 : g.lines.length), 0);
    expect(shown).toBeLessThanOrEqual(NOW_LINES_SHOWN);
  });

  it('one account: its first lines stay, the rest fold into one line saying what it hides', () => {
    const [only] = foldGroups([{ ...group('', many('s', 3)), heading: undefined }], 2);
    expect([only?.kept, only?.fold]).toEqual([1, '2 more schedules — you on none; Bob, Carol']);
    const [whole] = foldGroups([{ ...group('', many('s', 3)), heading: undefined }], 1);
    expect([whole?.kept, whole?.fold]).toEqual([undefined, '3 schedules — you on none; Carol, Bob']);
  });
});
