import { describe, expect, it } from 'vitest';
import { defaultSettings, SettingsPatchSchema } from '../../electron/shared/settings';
import {
  addLeadTime,
  checkSettings,
  leadTimeLabel,
  nameToKeep,
  parseScheduleInput,
  peopleOf,
  sectionErrors,
  shortcutError,
  valuesFrom,
} from '../../renderer/src/lib/settings-form';
import { schedule } from './support/state';

const settings = { ...defaultSettings(), baseUrl: 'https://oncall.example.com/api', email: 'bob@example.com' };

describe('settings form', () => {
  it('labels and adds reminder lead times, longest first, refusing duplicates and a seventh', () => {
    expect([24 * 60, 15, 90, 2 * 24 * 60 + 60].map(leadTimeLabel)).toEqual([
      '1 day',
      '15 min',
      '1 h 30 min',
      '2 days 1 h',
    ]);
    expect(addLeadTime([1440, 15], '2', 'h')).toEqual({ ok: true, leadTimesMin: [1440, 120, 15] });
    expect(addLeadTime([1440, 15], '1', 'd')).toEqual({ ok: false, message: '1 day is already there.' });
    expect(addLeadTime([1440, 15], '0', 'min')).toMatchObject({ ok: false });
    expect(addLeadTime([1440, 15], '15', 'd')).toEqual({ ok: false, message: 'At most 14 days before a shift.' });
    expect(addLeadTime([1, 2, 3, 4, 5, 6], '7', 'min')).toEqual({ ok: false, message: 'At most 6 reminders.' });
  });

  it('finds a schedule id in a pasted link or a bare id, and says when it is already watched', () => {
    expect(parseScheduleInput('https://oncall.example.com/schedules/sch_Ab12-x/overview', [])).toEqual({
      ok: true,
      id: 'sch_Ab12-x',
    });
    expect(parseScheduleInput('  sch_db ', [])).toEqual({ ok: true, id: 'sch_db' });
    expect(parseScheduleInput('sch_db', [{ id: 'sch_db' }])).toEqual({
      ok: false,
      message: 'You already watch this schedule.',
    });
    expect(parseScheduleInput('https://example.com/teams/1', [])).toMatchObject({ ok: false });
  });

  it('accepts Electron accelerators and explains wrong ones', () => {
    expect(shortcutError('CommandOrControl+Shift+O')).toBeUndefined();
    expect(shortcutError('')).toBeUndefined();
    expect(shortcutError('O')).toMatch(/modifier/);
    expect(shortcutError('Ctrl+Hyper+O')).toMatch(/modifiers such as/);
    expect(shortcutError('Alt+Shift+OO')).toMatch(/one key/);
  });

  it('refuses plain http to a remote host and a bad e-mail, and allows the loopback simulator', () => {
    const bad = checkSettings(
      { ...valuesFrom(settings), baseUrl: 'http://oncall.example.com', email: 'bob@' },
      settings,
    );
    expect(bad.ok ? {} : bad.errors).toEqual({
      baseUrl: 'The address must use https:// (plain http:// is only allowed for localhost).',
      email: 'This must be an e-mail address.',
    });
    const local = checkSettings({ ...valuesFrom(settings), baseUrl: 'http://127.0.0.1:4010', theme: 'dark' }, settings);
    expect(local.ok && local.patch).toMatchObject({
      baseUrl: 'http://127.0.0.1:4010',
      theme: 'dark',
      email: 'bob@example.com',
    });
  });

  it('says the address and e-mail limits before anything is sent', () => {
    const values = valuesFrom(settings);
    const longHost = `https://${'a'.repeat(490)}.example`;
    const longEmail = `${'a'.repeat(243)}@example.com`;
    expect(checkSettings({ ...values, baseUrl: longHost.slice(0, 500) }, settings).ok).toBe(true);
    expect(checkSettings({ ...values, baseUrl: longHost, email: longEmail }, settings)).toEqual({
      ok: false,
      errors: {
        baseUrl: 'The service address is too long: at most 500 characters.',
        email: 'The e-mail is too long: at most 254 characters.',
      },
    });
    expect(checkSettings({ ...values, email: longEmail.slice(1) }, settings).ok).toBe(true);
  });

  it("keeps a schedule's id and cached name within the settings limits, so a save never fails on them", () => {
    const longId = `sch_${'a'.repeat(125)}`;
    expect(parseScheduleInput(`https://x/schedules/${longId}`, [])).toEqual({
      ok: false,
      message: 'The schedule id is too long: at most 128 characters.',
    });
    expect(parseScheduleInput(longId.slice(0, 128), [])).toEqual({ ok: true, id: longId.slice(0, 128) });
    const name = '🚀'.repeat(250);
    expect([...nameToKeep(name)]).toHaveLength(200);
    expect(nameToKeep(name).endsWith('…')).toBe(true);
    expect(SettingsPatchSchema.safeParse({ schedules: [{ id: 'sch_a', name: nameToKeep(name) }] }).success).toBe(true);
    expect(nameToKeep('Platform')).toBe('Platform');
  });

  it('suggests my e-mail from the people on the watched schedules', () => {
    expect(peopleOf([schedule(), schedule({ id: 'sch_b' })]).map((p) => p.email)).toEqual([
      'ada@example.com',
      'bob@example.com',
      'cy@example.com',
    ]);
  });
});

describe('settings problems without a field of their own', () => {
  const errors = {
    baseUrl: 'The address must use https://.',
    schedules: 'At most 100 schedules.',
    reminders: 'At most 6 reminders.',
    theme: 'Choose a theme.',
    refresh: 'Refresh at most every minute.',
    form: 'Something else.',
  };

  it('go under the fieldset that owns them; field errors stay beside their inputs', () => {
    expect(sectionErrors(errors, 'schedules')).toEqual(['At most 100 schedules.']);
    expect(sectionErrors(errors, 'reminders')).toEqual(['At most 6 reminders.']);
    expect(sectionErrors(errors, 'general')).toEqual(['Choose a theme.', 'Refresh at most every minute.']);
    expect(sectionErrors(errors, 'other')).toEqual(['Something else.']);
    const shown = (['schedules', 'reminders', 'general', 'other'] as const).flatMap((s) => sectionErrors(errors, s));
    expect(shown).not.toContain(errors.baseUrl);
    expect(shown).toHaveLength(Object.keys(errors).length - 1);
  });
});
