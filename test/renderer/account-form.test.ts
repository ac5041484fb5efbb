// "Add another service": each problem on the field at fault (main's check, electron/shared/account-checks.ts, in the
// form's words), several schedules in one field, and a failed check sent to the field it is about (a rejected key,
// an unreachable address, or the schedule itself).
import { describe, expect, it } from 'vitest';
import { newAccountProblems, scheduleIdsIn } from '../../electron/shared/account-checks';
import { blankAccount, fieldOfProblem } from '../../renderer/src/lib/account-form';

const good = {
  label: 'Acme',
  baseUrl: 'https://acme.example/api',
  key: 'ocs_x',
  email: 'me@acme.example',
  schedules: ['sch_a', 'https://acme.example/schedules/sch_b,', 'sch_a'],
};

describe('a new service', () => {
  it('reads several schedules (ids or links, once each) and accepts a complete form', () => {
    expect(scheduleIdsIn(good.schedules)).toEqual({ ids: ['sch_a', 'sch_b'] });
    expect(newAccountProblems(good, ['Work'])).toEqual({});
  });

  it('names every field at fault at once', () => {
    const blank = { ...blankAccount(), schedules: [] };
    expect(Object.keys(newAccountProblems(blank, [])).sort()).toEqual(['baseUrl', 'key', 'label', 'schedules']);
    const bad = newAccountProblems(
      { ...good, label: 'work', baseUrl: 'http://acme.example', email: 'me@', schedules: ['sch_a', 'teams/1'] },
      ['Work'],
    );
    expect(bad).toEqual({
      label: 'You already have a service named work.',
      baseUrl: 'The address must use https:// (plain http:// is only allowed for localhost).',
      email: 'This must be an e-mail address.',
      schedules: 'No schedule id in “teams/1”: ids start with sch_.',
    });
  });

  it('allows a loopback address over http and an empty e-mail', () => {
    expect(newAccountProblems({ ...good, baseUrl: 'http://127.0.0.1:4010', email: '' }, [])).toEqual({});
  });

  it('puts the engine’s problems on their fields', () => {
    expect(fieldOfProblem('key')).toBe('key');
    expect(fieldOfProblem('baseUrl')).toBe('baseUrl');
    expect(fieldOfProblem('accounts.2.baseUrl')).toBe('baseUrl');
    expect(fieldOfProblem('accounts.2')).toBeUndefined();
  });

  it('refuses a schedule id longer than an id may be (128) before anything is asked, naming the entry', () => {
    const long = `https://acme.example/schedules/sch_${'x'.repeat(2_000)}`;
    expect(newAccountProblems({ ...good, schedules: ['sch_a', long] }, []).schedules).toBe(
      'The schedule id in “https://acme.example/schedules/sch_xxxx…” is too long: at most 128 characters. Check what was pasted.',
    );
    expect(newAccountProblems({ ...good, schedules: [`sch_${'x'.repeat(124)}`] }, [])).toEqual({});
  });
});
