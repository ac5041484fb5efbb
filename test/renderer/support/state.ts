// Builds valid AppState values for the renderer's unit tests (checked by the real schema, so they cannot drift).
import type { z } from 'zod';
import {
  AppStateSchema,
  type AccountView,
  type AppState,
  type Person,
  type ScheduleView,
} from '../../../electron/shared/view-state';
import { defaultSettings } from '../../../electron/shared/settings';
import { withTimeline } from '../../support/view-timeline';
import { accountIdOf } from '../../../electron/shared/accounts';

export const ada: Person = { id: 'usr_ada', name: 'Ada Lovelace', email: 'ada@example.com' };
export const bob: Person = { id: 'usr_bob', name: 'Bob Stone', email: 'bob@example.com' };
export const cy: Person = { id: 'usr_cy', name: 'Cy', email: 'cy@example.com' };

export function schedule(over: Partial<ScheduleView> = {}): ScheduleView {
  const id = over.id ?? 'sch_platform';
  return withTimeline({
    accountId: accountIdOf('main'),
    scheduleId: id,
    id,
    name: 'Platform primary',
    timeZone: 'Europe/Berlin',
    status: { kind: 'fresh', at: '2026-05-04T07:58:00Z' },
    known: { from: '2026-04-27T06:00:00Z', to: '2026-05-19T07:00:00Z', holes: [] },
    now: { users: [ada], start: '2026-05-04T07:00:00Z', end: '2026-05-04T15:00:00Z' },
    next: { users: [bob], start: '2026-05-04T15:00:00Z', end: '2026-05-05T07:00:00Z' },
    meOnCall: false,
    users: [ada, bob, cy],
    teams: [{ id: 'tea_core', name: 'Core', description: 'Keeps the lights on' }],
    chatUserGroup: null,
    ...over,
  });
}

/** Overrides as the schema reads them: lists added later (my shifts, requests covered by me) may be left out. */
export function appState(over: Partial<z.input<typeof AppStateSchema>> = {}): AppState {
  const settings = {
    ...defaultSettings(),
    accounts: [
      {
        id: 'main',
        label: 'oncall.example.com',
        baseUrl: 'https://oncall.example.com',
        email: 'bob@example.com',
        schedules: [{ id: 'sch_platform' }],
      },
    ],
  };
  return AppStateSchema.parse({
    setup: { hasKey: true, keyStorage: 'keychain', demo: false },
    settings,
    accounts: [accountView()],
    sync: { kind: 'ok' },
    lastSuccessAt: '2026-05-04T07:58:00Z',
    syncing: false,
    schedules: [schedule()],
    me: { onCallNow: [], nextShift: null },
    coverage: { mine: [], askingMe: [], status: { kind: 'fresh', at: '2026-05-04T07:58:00Z' } },
    notices: [],
    ...over,
  });
}

/** One account as the state lists it (the main account of a single-service setup unless overridden). */
export function accountView(over: Partial<AccountView> = {}): AccountView {
  return {
    id: accountIdOf('main'),
    label: 'oncall.example.com',
    address: 'https://oncall.example.com',
    email: 'bob@example.com',
    sync: { kind: 'ok' },
    lastSuccessAt: '2026-05-04T07:58:00Z',
    hasKey: true,
    keyStorage: 'keychain',
    ...over,
  };
}

/** The default state's settings with its one account changed. */
export function mainSettings(over: Partial<AppState['settings']['accounts'][number]>): AppState['settings'] {
  const settings = appState().settings;
  return { ...settings, accounts: settings.accounts.map((a) => ({ ...a, ...over })) };
}
