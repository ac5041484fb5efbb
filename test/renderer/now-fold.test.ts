// Issue 49: with 3 accounts × 10 schedules only ~6 of 30 now-lines fit a 360×520 popover's first screen. Past the
// first screen's ten lines the accounts with the most fold into one line each ("10 schedules — you on none; Bob,
// Carol"), so every account's now is answered at a glance; what is unknown is counted as unknown, never as nobody.
import { describe, expect, it } from 'vitest';
import { foldGroups, foldLine, NOW_LINES_SHOWN, type NowGroup, type NowLine } from '../../renderer/src/lib/now-lines';

function line(id: string, tone: NowLine['tone'], names: string[] = [], you = false): NowLine {
  const people = names.length > 0 ? names.join(', ') : undefined;
  return { id, head: '', tail: id, people, names, you, when: 'until Mon 18:00', saved: '', tone, label: id };
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

  it('says its saved data before the names, once, counted where some of its lines are fresh (adv49 r30 #2)', () => {
    const saved = (l: NowLine, at: string): NowLine => ({ ...l, saved: ` · saved ${at}` });
    const acme = many('a', 4).map((l) => saved(l, '13:24'));
    expect(foldLine(acme)).toBe('4 schedules · saved 13:24 — you on none; Carol, Bob');
    // Two accounts in one line: Work's three read now, Acme's four saved at 13:24, Beta's two at Wed 09:00.
    const beta = many('b', 2).map((l) => saved(l, 'Wed 09:00'));
    expect(foldLine([...many('w', 3), ...acme, ...beta, line('z', 'unknown')])).toBe(
      '10 schedules · 4 saved 13:24 · 2 saved Wed 09:00 — you on none of 9 read, 1 unknown; Carol, Bob',
    );
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

// Adversarial round 9 (issue 49): 3 accounts × 3 at 360×520 with a rejected key, an offline account, a two-line
// header, a pause, 2 alarms and 2 asks: every account folded (a heading and a line each) still put "Asks you" and
// its Cover… under the bar. Past that floor all accounts fold into one line, which says each one's count.
describe('past one line per account: one line for all of them', () => {
  const three = (): NowGroup[] => [
    group('Work', [line('w0', 'ok', ['Alice'], true), line('w1', 'ok', ['Carol']), line('w2', 'unknown')]),
    group('Acme', [line('a0', 'unknown'), line('a1', 'unknown'), line('a2', 'unknown')]),
    group('Side', [line('s0', 'ok', ['Bob']), line('s1', 'ok', ['Alice'], true), line('s2', 'ok', ['Dave'])]),
  ];

  it('each account folded is the floor with room for three lines; with room for fewer, one line for all', () => {
    expect(foldGroups(three(), 3).map((g) => g.id)).toEqual(['Work', 'Acme', 'Side']);
    const [all, ...rest] = foldGroups(three(), 2);
    expect(rest).toEqual([]);
    expect(all?.heading).toBeUndefined();
    expect(all?.lines.map((l) => l.id)).toEqual(['w0', 'w1', 'w2', 'a0', 'a1', 'a2', 's0', 's1', 's2']);
    // What is unknown stays unknown: "you on 2", never "you on 2 of 9".
    expect(all?.fold).toBe('3 accounts, 9 schedules — you on 2, 4 unknown; Alice, Carol, Bob, Dave');
    expect(foldGroups(three(), 0)[0]?.fold).toBe(all?.fold);
  });

  it('one account never folds into an "all accounts" line', () => {
    const [only] = foldGroups([{ ...group('', many('s', 3)), heading: undefined }], 0);
    expect(only?.id).toBe('');
  });
});
