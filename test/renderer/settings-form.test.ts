import { describe, expect, it } from 'vitest';
import { MAIN_ACCOUNT_ID, accountIdOf } from '../../electron/shared/accounts';
import { defaultSettings } from '../../electron/shared/settings';
import {
  addLeadTime,
  checkSettings,
  leadTimeLabel,
  peopleOf,
  sectionErrors,
  valuesFrom,
  type AccountValues,
  type SettingsFormValues,
} from '../../renderer/src/lib/settings-form';
import { schedule } from './support/state';
import { shortcutError } from '../../electron/shared/settings-checks';
import type { Settings } from '../../electron/shared/settings';
import { createSettingsHolder } from '../../electron/core/engine/settings';
import { errorKey } from '../../renderer/src/lib/settings-problems';
import { MemoryFileStore } from '../core/support/memory-file-store';

/** What a save of these values comes to: the form's own problems, or main's (the engine's settings holder) on the
 *  form's fields; {} when saved. A service's name, address and e-mail are main's to check. */
async function problemsOf(values: SettingsFormValues, original: Settings): Promise<Record<string, string>> {
  const checked = checkSettings(values, original);
  if (!checked.ok) return checked.errors;
  const holder = createSettingsHolder({
    initial: original,
    files: new MemoryFileStore(),
    persist: false,
    changed: () => undefined,
  });
  const saved = await holder.update(checked.patch);
  const errors: Record<string, string> = {};
  for (const p of saved.ok ? [] : (saved.error.problems ?? [])) errors[errorKey(p.field, values.accounts)] = p.message;
  return errors;
}

const settings = {
  ...defaultSettings(),
  accounts: [
    {
      id: MAIN_ACCOUNT_ID,
      label: 'Main',
      baseUrl: 'https://oncall.example.com/api',
      email: 'bob@example.com',
      schedules: [],
    },
  ],
};

/** The form's values with the one service's fields changed. */
function withMain(over: Partial<AccountValues>): SettingsFormValues {
  const values = valuesFrom(settings);
  return { ...values, accounts: values.accounts.map((a) => ({ ...a, ...over })) };
}

describe('settings form', () => {
  it('labels and adds reminder lead times, longest first, refusing duplicates and a seventh', () => {
    expect([24 * 60, 15, 90, 2 * 24 * 60 + 60].map(leadTimeLabel)).toEqual(['1 d', '15 min', '1 h 30 min', '2 d 1 h']);
    expect(addLeadTime([1440, 15], '2', 'h')).toEqual({ ok: true, leadTimesMin: [1440, 120, 15] });
    expect(addLeadTime([1440, 15], '1', 'd')).toEqual({ ok: false, message: '1 d is already there.' });
    expect(addLeadTime([1440, 15], '0', 'min')).toMatchObject({ ok: false });
    expect(addLeadTime([1440, 15], '15', 'd')).toEqual({ ok: false, message: 'At most 14 days before a shift.' });
    expect(addLeadTime([1, 2, 3, 4, 5, 6], '7', 'min')).toEqual({ ok: false, message: 'At most 6 reminders.' });
  });

  it('accepts Electron accelerators and explains wrong ones', () => {
    expect(shortcutError('CommandOrControl+Shift+O')).toBeUndefined();
    expect(shortcutError('')).toBeUndefined();
    expect(shortcutError('O')).toMatch(/modifier/);
    expect(shortcutError('Ctrl+Hyper+O')).toMatch(/modifiers such as/);
    expect(shortcutError('Alt+Shift+OO')).toMatch(/one key/);
  });

  it('refuses renaming a service to the name of another (as adding does), whatever its case', async () => {
    const two = {
      ...settings,
      accounts: [
        { ...settings.accounts[0]!, label: 'Work' },
        { id: accountIdOf('acme'), label: 'Acme', baseUrl: 'https://acme.example/api', email: '', schedules: [] },
      ],
    };
    const values = valuesFrom(two);
    const renamed = {
      ...values,
      accounts: values.accounts.map((a) => (a.id === 'acme' ? { ...a, label: ' work ' } : a)),
    };
    expect(await problemsOf(renamed, two)).toEqual({
      'account:acme.label': 'You already have a service named work.',
    });
    expect(await problemsOf(values, two)).toEqual({});
  });

  it('refuses plain http to a remote host and a bad e-mail, and allows the loopback simulator', async () => {
    expect(await problemsOf(withMain({ baseUrl: 'http://oncall.example.com', email: 'bob@' }), settings)).toEqual({
      'account:main.baseUrl': 'The address must use https:// (plain http:// is only allowed for localhost).',
      'account:main.email': 'This must be an e-mail address.',
    });
    const local = checkSettings({ ...withMain({ baseUrl: 'http://127.0.0.1:4010' }), theme: 'dark' }, settings);
    expect(local.ok && local.patch).toMatchObject({
      accounts: [{ id: 'main', baseUrl: 'http://127.0.0.1:4010', email: 'bob@example.com' }],
      theme: 'dark',
    });
  });

  it('says the address and e-mail limits (main, in the form words)', async () => {
    const longHost = `https://${'a'.repeat(490)}.example`;
    const longEmail = `${'a'.repeat(243)}@example.com`;
    expect(await problemsOf(withMain({ baseUrl: longHost.slice(0, 500) }), settings)).toEqual({});
    expect(await problemsOf(withMain({ baseUrl: longHost, email: longEmail }), settings)).toEqual({
      'account:main.baseUrl': 'The service address is too long: at most 500 characters.',
      'account:main.email': 'The e-mail is too long: at most 254 characters.',
    });
    expect(await problemsOf(withMain({ email: longEmail.slice(1) }), settings)).toEqual({});
  });

  it('suggests my e-mail from the people on the watched schedules', () => {
    expect(peopleOf([schedule(), schedule({ id: 'sch_b' })]).map((p) => p.email)).toEqual([
      'ada@example.com',
      'bob@example.com',
      'cy@example.com',
    ]);
  });
});

describe('several services in the form', () => {
  const two = {
    ...settings,
    accounts: [
      ...settings.accounts,
      {
        id: accountIdOf('acme'),
        label: 'Acme',
        baseUrl: 'https://acme.example',
        email: '',
        schedules: [{ id: 'sch_a' }],
      },
    ],
  };

  it('sends the whole list in order, each service with its own fields', () => {
    const values = valuesFrom(two);
    const checked = checkSettings({ ...values, accounts: [...values.accounts].reverse() }, two);
    expect(checked.ok && checked.patch.accounts?.map((a) => [a.id, a.baseUrl, a.schedules.length])).toEqual([
      ['acme', 'https://acme.example', 1],
      ['main', 'https://oncall.example.com/api', 0],
    ]);
  });

  it('needs a name for each service once there are several, and puts the problem on that service', async () => {
    const values = valuesFrom(two);
    values.accounts[1]!.label = '  ';
    expect(await problemsOf(values, two)).toEqual({ 'account:acme.label': 'Name this service, e.g. Work or Acme.' });
  });

  it("names a first run's unnamed service after its host", () => {
    const blank = valuesFrom(defaultSettings());
    expect(blank.accounts.map((a) => [a.id, a.label])).toEqual([['main', '']]);
    blank.accounts[0]!.baseUrl = 'https://oncall.example.com/api';
    const checked = checkSettings(blank, defaultSettings());
    expect(checked.ok && checked.patch.accounts?.[0]?.label).toBe('oncall.example.com');
  });
});

describe('settings problems without a field of their own', () => {
  const errors = {
    'account:main.baseUrl': 'The address must use https://.',
    reminders: 'At most 6 reminders.',
    theme: 'Choose a theme.',
    refresh: 'Refresh at most every minute.',
    form: 'Something else.',
  };

  it('go under the fieldset that owns them; field errors stay beside their inputs', () => {
    expect(sectionErrors(errors, 'reminders')).toEqual(['At most 6 reminders.']);
    expect(sectionErrors(errors, 'general')).toEqual(['Choose a theme.', 'Refresh at most every minute.']);
    expect(sectionErrors(errors, 'other')).toEqual(['Something else.']);
    const shown = (['reminders', 'general', 'other'] as const).flatMap((s) => sectionErrors(errors, s));
    expect(shown).not.toContain(errors['account:main.baseUrl']);
    expect(shown).toHaveLength(Object.keys(errors).length - 1);
  });
});

describe('saving Settings keeps an account’s mute and pause (set from the tray)', () => {
  it('a muted and a paused account stay so after a save of other fields', () => {
    const paused = {
      ...settings,
      accounts: [
        { ...settings.accounts[0]!, muted: true },
        {
          ...settings.accounts[0]!,
          id: accountIdOf('acme'),
          label: 'Acme',
          baseUrl: 'https://acme.example.com',
          pausedUntil: '2026-05-04T10:00:00Z',
        },
      ],
    };
    const checked = checkSettings({ ...valuesFrom(paused), horizonDays: '30' }, paused);
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    expect(checked.patch.accounts?.map((a) => [a.id, a.muted, a.pausedUntil])).toEqual([
      ['main', true, undefined],
      ['acme', undefined, '2026-05-04T10:00:00Z'],
    ]);
  });
  it("sends an account's mute and pause as saved unless changed here: the toggle, or Resume ending the pause", () => {
    const paused = { ...settings.accounts[0]!, muted: true, pausedUntil: '2026-05-04T12:00:00Z' };
    const saved = { ...settings, accounts: [paused] };
    const sent = (silence: AccountValues['silence']) => {
      const values = valuesFrom(saved);
      const checked = checkSettings({ ...values, accounts: values.accounts.map((a) => ({ ...a, silence })) }, saved);
      return checked.ok ? checked.patch.accounts?.map((a) => [a.muted, a.pausedUntil]) : checked.errors;
    };
    expect(sent({})).toEqual([[true, '2026-05-04T12:00:00Z']]);
    expect(sent({ muted: false })).toEqual([[false, '2026-05-04T12:00:00Z']]);
    expect(sent({ resume: true })).toEqual([[true, null]]);
  });
});
