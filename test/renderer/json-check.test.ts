// The renderer checks pushed state with the JSON Schema zod derives from AppStateSchema (no zod in the bundle).
// It must accept and refuse exactly what AppStateSchema.safeParse does, or a broken state could reach the views.
import { describe, expect, it } from 'vitest';
import { AppStateSchema } from '../../electron/shared/view-state';
import { appStateSchemaJson } from '../../renderer/build/app-state-schema';
import { matches, type JsonSchema } from '../../renderer/src/lib/json-check';
import { ada, appState, schedule } from './support/state';

const schema: JsonSchema = JSON.parse(appStateSchemaJson());
const clone = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

type Mutation = [name: string, change: (s: Record<string, any>) => void];
const MUTATIONS: Mutation[] = [
  ['drops a required field', (s) => delete s.syncing],
  ['wrong type', (s) => (s.syncing = 'yes')],
  ['unknown sync kind', (s) => (s.sync = { kind: 'weird' })],
  ['sync variant missing its message', (s) => (s.sync = { kind: 'offline' })],
  ['unknown key storage', (s) => (s.setup.keyStorage = 'disk')],
  ['bad schedule id pattern in settings', (s) => (s.settings.accounts[0].schedules = [{ id: 'platform' }])],
  ['lead time out of range', (s) => (s.settings.reminders.leadTimesMin = [0])],
  ['lead time not an integer', (s) => (s.settings.reminders.leadTimesMin = [1.5])],
  ['too many lead times', (s) => (s.settings.reminders.leadTimesMin = [1, 2, 3, 4, 5, 6, 7])],
  ['shortcut too long', (s) => (s.settings.globalShortcut = 'x'.repeat(61))],
  ['shortcut too long in code points', (s) => (s.settings.globalShortcut = '😀'.repeat(61))],
  ['wrong settings version', (s) => (s.settings.version = 1)],
  ['an account without a name', (s) => (s.settings.accounts[0].label = '')],
  ['an account view without its sync', (s) => delete s.accounts[0].sync],
  ['null shift users', (s) => (s.schedules[0].now.users = null)],
  ['person without e-mail', (s) => delete s.schedules[0].now.users[0].email],
  ['unknown schedule status', (s) => (s.schedules[0].status = { kind: 'fresh' })],
  ['lastSuccessAt a number', (s) => (s.lastSuccessAt = 5)],
  ['null instead of a list', (s) => (s.notices = null)],
  [
    'coverage shift missing its schedule',
    (s) =>
      (s.coverage.askingMe = [
        {
          accountId: 'main',
          id: 'c',
          requester: ada,
          reason: '',
          status: 'pending',
          shifts: [{ start: 'a', end: 'b' }],
        },
      ]),
  ],
  ['not an object at all', (s) => Object.assign(s, { schedules: 'none' })],
];

describe('pushed state check without zod', () => {
  it('accepts what AppStateSchema accepts', () => {
    const states = [
      appState(),
      appState({
        lastSuccessAt: null,
        sync: { kind: 'key_rejected', message: 'no' },
        schedules: [schedule({ now: null, next: null, chatUserGroup: { id: 'g', name: 'n', handle: 'h' } })],
      }),
      appState({
        schedules: [
          schedule({ status: { kind: 'error', reason: 'x' } }),
          schedule({ id: 'sch_b', status: { kind: 'stale', since: 't', reason: 'r' } }),
        ],
      }),
    ];
    for (const s of states) {
      expect(AppStateSchema.safeParse(s).success).toBe(true);
      expect(matches(schema, clone(s))).toBe(true);
    }
  });

  for (const [name, change] of MUTATIONS) {
    it(`refuses a state that ${name}, like AppStateSchema`, () => {
      const broken = clone(appState());
      if (typeof broken !== 'object' || broken === null) throw new Error('fixture');
      change(broken as Record<string, any>);
      expect(AppStateSchema.safeParse(broken).success).toBe(false);
      expect(matches(schema, broken)).toBe(false);
    });
  }

  it('counts lengths in code points, as zod does', () => {
    const s = appState();
    const emoji = { ...s, settings: { ...s.settings, globalShortcut: '😀'.repeat(60) } };
    expect(AppStateSchema.safeParse(emoji).success).toBe(true);
    expect(matches(schema, emoji)).toBe(true);
  });

  it('tolerates unknown extra keys, as zod does', () => {
    const extra = { ...appState(), futureField: 1 };
    expect(AppStateSchema.safeParse(extra).success).toBe(true);
    expect(matches(schema, extra)).toBe(true);
  });
});
