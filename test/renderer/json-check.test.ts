// The renderer checks pushed state with the JSON Schema zod derives from AppStateSchema (no zod in the bundle).
// It must accept and refuse exactly what AppStateSchema.safeParse does, or a broken state could reach the views.
import { describe, expect, it } from 'vitest';
import { AppStateSchema } from '../../electron/shared/view-state';
import { appStateSchemaJson, appStateSchemaModule } from '../../renderer/build/app-state-schema';
import { matches, type JsonSchema } from '../../renderer/src/lib/json-check';
import { ada, appState, schedule } from './support/state';

const schema = derivedSchema();
const clone = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

/**
 * The schema text the build hands the renderer, read as the app reads it (virtual.d.ts declares it a JsonSchema):
 * only "an object" can be checked here; a wrong one fails the refusals below.
 */
function derivedSchema(): JsonSchema {
  const value: unknown = JSON.parse(appStateSchemaJson());
  if (!isSchemaObject(value)) throw new Error('the derived AppState schema is not an object');
  return value;
}

function isSchemaObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at `key` of a fixture's object or list; a path the fixture lacks fails the test. */
function child(node: unknown, key: string | number): unknown {
  if (typeof node !== 'object' || node === null) throw new Error(`the fixture has nothing at ${key}`);
  return Reflect.get(node, key);
}

/** Marks a field to delete rather than to set. */
const DROP = Symbol('drop');
type Mutation = [name: string, path: readonly (string | number)[], value: unknown];
const MUTATIONS: Mutation[] = [
  ['drops a required field', ['syncing'], DROP],
  ['wrong type', ['syncing'], 'yes'],
  ['unknown sync kind', ['sync'], { kind: 'weird' }],
  ['sync variant missing its message', ['sync'], { kind: 'offline' }],
  ['unknown key storage', ['setup', 'keyStorage'], 'disk'],
  ['bad schedule id pattern in settings', ['settings', 'accounts', 0, 'schedules'], [{ id: 'platform' }]],
  ['lead time out of range', ['settings', 'reminders', 'leadTimesMin'], [0]],
  ['lead time not an integer', ['settings', 'reminders', 'leadTimesMin'], [1.5]],
  ['too many lead times', ['settings', 'reminders', 'leadTimesMin'], [1, 2, 3, 4, 5, 6, 7]],
  ['shortcut too long', ['settings', 'globalShortcut'], 'x'.repeat(61)],
  ['shortcut too long in code points', ['settings', 'globalShortcut'], '😀'.repeat(61)],
  ['wrong settings version', ['settings', 'version'], 1],
  ['an account without a name', ['settings', 'accounts', 0, 'label'], ''],
  ['an account view without its sync', ['accounts', 0, 'sync'], DROP],
  ['null shift users', ['schedules', 0, 'now', 'users'], null],
  ['person without e-mail', ['schedules', 0, 'now', 'users', 0, 'email'], DROP],
  ['unknown schedule status', ['schedules', 0, 'status'], { kind: 'fresh' }],
  ['lastSuccessAt a number', ['lastSuccessAt'], 5],
  ['null instead of a list', ['notices'], null],
  [
    'coverage shift missing its schedule',
    ['coverage', 'askingMe'],
    [
      {
        accountId: 'main',
        id: 'c',
        requester: ada,
        reason: '',
        status: 'pending',
        shifts: [{ start: 'a', end: 'b' }],
      },
    ],
  ],
  ['not an object at all', ['schedules'], 'none'],
  ['a string where an object belongs', ['settings'], 'none'],
  ['a list where an object belongs', ['settings', 'quietHours'], []],
  ['null where an object belongs', ['schedules', 0, 'status'], null],
];

/** Sets (or, for DROP, deletes) the field at `path` of `root`, which must exist up to its parent. */
function mutate(root: unknown, path: readonly (string | number)[], value: unknown): void {
  const key = path.at(-1) ?? '';
  const parent = path.slice(0, -1).reduce<unknown>(child, root);
  if (typeof parent !== 'object' || parent === null) throw new Error(`the fixture has nothing at ${path.join('.')}`);
  if (value === DROP) Reflect.deleteProperty(parent, key);
  else Reflect.set(parent, key, value);
}

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

  for (const [name, path, value] of MUTATIONS) {
    it(`refuses a state that ${name}, like AppStateSchema`, () => {
      const broken = clone(appState());
      mutate(broken, path, value);
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

  it('hands the renderer the same schema as a module, its repeated shapes written once', async () => {
    const source = appStateSchemaModule();
    const loaded: unknown = await import(`data:text/javascript,${encodeURIComponent(source)}`);
    expect(Reflect.get(Object(loaded), 'default')).toEqual(schema);
    expect(source.length).toBeLessThan(appStateSchemaJson().length * 0.6);
  });

  // Issue 49: the popover's first load carries this schema; a `type` that every `const`/`enum` value already has
  // decides nothing (the checker compares values strictly), so it is left out, and the refusals above still hold.
  it('says no type that its const or enum values already have', () => {
    const implied: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (typeof node !== 'object' || node === null) return;
      // `const` and `enum` as the checker reads them: `c` and `e`.
      const values = 'c' in node ? [node.c] : 'e' in node && Array.isArray(node.e) ? node.e : [];
      const type = 'type' in node ? node.type : undefined;
      if (typeof type === 'string' && values.length > 0 && values.every((v) => matches({ type }, v))) implied.push(at);
      for (const [k, v] of Object.entries(node)) walk(v, `${at}.${k}`);
    };
    walk(schema, '$');
    expect(implied).toEqual([]);
    // The strings that are not values of a list still say their type.
    expect(matches(schema.p?.lastSuccessAt ?? {}, 5)).toBe(false);
  });
});
