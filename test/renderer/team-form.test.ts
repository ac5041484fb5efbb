import { describe, expect, it } from 'vitest';

import {
  checkTeam,
  firstTeam,
  NOT_EDITABLE,
  teamCounters,
  teamErrors,
  teamOptions,
  valuesFor,
} from '../../renderer/src/lib/team-form';
import { appState, schedule } from './support/state';
import type { ScheduleView } from '../../electron/shared/view-state';
import { accountIdOf } from '../../electron/shared/accounts';

/** One account's state with these schedules (what teamOptions reads). */
const on = (...schedules: ScheduleView[]) => ({ accounts: appState().accounts, schedules });

const core = { id: 'tea_core', name: 'Core', description: 'Keeps the lights on' };

describe('team edit', () => {
  it('offers each team of the watched schedules once, by name', () => {
    const a = schedule({ teams: [core, { id: 'tea_ops', name: 'Ops', description: '' }] });
    const b = schedule({ id: 'sch_b', teams: [core, { id: 'tea_app', name: 'Apps', description: '' }] });
    expect(teamOptions(on(a, b)).map((t) => t.name)).toEqual(['Apps', 'Core', 'Ops']);
  });

  it('counts characters live and flags a name past 60 or empty, a description past 200', () => {
    const long = { ...valuesFor(core), name: 'x'.repeat(61), description: 'd'.repeat(201) };
    expect(teamCounters(long).name).toEqual({ text: '61/60', over: true, label: '61 of 60 characters' });
    expect(teamErrors(long)).toEqual({
      name: 'Name must be at most 60 characters.',
      description: 'Description must be at most 200 characters.',
    });
    expect(teamErrors({ ...valuesFor(core), name: '' })).toEqual({ name: 'Name must not be empty.' });
    expect(teamErrors({ ...valuesFor(core), name: 'x'.repeat(60), description: 'd'.repeat(200) })).toEqual({});
  });

  it('sends only the fields that changed, and nothing when nothing did', () => {
    const [option] = teamOptions(on(schedule({ teams: [core] })));
    expect(checkTeam({ ...valuesFor(option), description: 'New words' }, option)).toEqual({
      ok: true,
      request: { accountId: accountIdOf('main'), teamId: 'tea_core', description: 'New words' },
    });
    expect(checkTeam(valuesFor(option), option)).toEqual({ ok: false, errors: {}, nothingChanged: true });
    expect(checkTeam({ teamId: '', name: 'A', description: '' }, undefined)).toMatchObject({
      ok: false,
      errors: { teamId: 'Choose a team.' },
    });
  });

  it('shows a team sent without an id (once per name and description) but opens on one that can be edited', () => {
    const data = { id: null, name: 'Data', description: '' };
    const a = schedule({ teams: [data, core] });
    const b = schedule({ id: 'sch_b', teams: [data, { id: null, name: 'Data', description: 'Other' }] });
    const options = teamOptions(on(a, b));
    expect(options.map((t) => [t.name, t.description, t.id])).toEqual([
      ['Core', 'Keeps the lights on', 'tea_core'],
      ['Data', '', null],
      ['Data', 'Other', null],
    ]);
    expect(new Set(options.map((t) => t.key)).size).toBe(3);
    expect(firstTeam(teamOptions(on(schedule({ teams: [data, { ...core, name: 'Zeta' }] }))))?.id).toBe('tea_core');
  });

  it('never sends an update for a team without an id, and says why', () => {
    const [data] = teamOptions(on(schedule({ teams: [{ id: null, name: 'Data', description: '' }] })));
    expect(checkTeam({ ...valuesFor(data), name: 'Data SRE' }, data)).toEqual({
      ok: false,
      errors: { teamId: NOT_EDITABLE },
    });
    expect(NOT_EDITABLE).toBe("This team can't be edited: the service sent it without an id.");
  });

  it('lists the same team id on two accounts as two teams, each named with its account, each saved to its own', () => {
    const base = appState();
    const accounts = [
      { ...base.accounts[0]!, label: 'Work' },
      { ...base.accounts[0]!, id: accountIdOf('acme'), label: 'Acme' },
    ];
    const teams = (names: string[]) => names.map((n, i) => ({ id: `tea_${i}`, name: n, description: '' }));
    const work = schedule({ teams: teams(['Platform', 'Payments', 'Data']) });
    const acme = schedule({
      accountId: accountIdOf('acme'),
      id: 'acme:sch_platform',
      teams: teams(['Plattform', 'Zahlungen', 'Daten']),
    });
    const options = teamOptions({ accounts, schedules: [work, acme] });
    expect(options.map((t) => t.label)).toEqual([
      'Work · Data',
      'Work · Payments',
      'Work · Platform',
      'Acme · Daten',
      'Acme · Plattform',
      'Acme · Zahlungen',
    ]);
    const acmePlatform = options.find((t) => t.label === 'Acme · Plattform');
    expect(checkTeam({ ...valuesFor(acmePlatform), name: 'Platform EU' }, acmePlatform)).toEqual({
      ok: true,
      request: { accountId: accountIdOf('acme'), teamId: 'tea_0', name: 'Platform EU' },
    });
  });
});
