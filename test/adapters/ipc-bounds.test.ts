// Oversized values on every channel that carries text are refused at the IPC edge with a message naming the
// field and its limit; the handler (which would write settings.json or send to the service) never runs. The limits
// expected here are written out from their meaning, not read from the code; a walk of the contract makes sure
// every string field of every channel is in the table.
import { describe, expect, it } from 'vitest';
import { registerIpc, type AllHandlers, type IpcMainLike, type SenderInfo } from '../../electron/adapters/ipc';
import { failureOf } from '../../electron/shared/failure';
import { INVOKE_CHANNELS, invokeChannels, type InvokeChannel } from '../../electron/shared/ipc-contract';
import { boundsOf } from '../shared/support/schema-bounds';

type Event = { sender: SenderInfo };
type Listener = (event: Event, ...args: unknown[]) => unknown;
const URL_OWN = 'file:///app/dist/renderer/index.html';
const sender: SenderInfo = { webContentsId: 1, frameUrl: URL_OWN, isMainFrame: true };

function setup() {
  const listeners = new Map<string, Listener>();
  const ipcMain: IpcMainLike<Event> = {
    handle: (channel, listener) => void listeners.set(channel, listener),
    removeHandler: (channel) => void listeners.delete(channel),
  };
  const ran: string[] = [];
  const ran_ = (c: InvokeChannel) => async () => (ran.push(c), failureOf({ kind: 'internal', message: 'ran' }));
  const handlers: AllHandlers<Event> = {
    'state:get': ran_('state:get'),
    'sync:refresh': ran_('sync:refresh'),
    'override:preview': ran_('override:preview'),
    'override:check': ran_('override:check'),
    'override:candidates': ran_('override:candidates'),
    'override:create': ran_('override:create'),
    'override:get': ran_('override:get'),
    'override:recheck': ran_('override:recheck'),
    'take-over:now': ran_('take-over:now'),
    'take-over:hand-back': ran_('take-over:hand-back'),
    'take-over:options': ran_('take-over:options'),
    'team:update': ran_('team:update'),
    'chat-group:put': ran_('chat-group:put'),
    'settings:update': ran_('settings:update'),
    'schedule:check': ran_('schedule:check'),
    'key:set': ran_('key:set'),
    'key:remove': ran_('key:remove'),
    'account:add': ran_('account:add'),
    'summary:get': ran_('summary:get'),
    'handoff:plan': ran_('handoff:plan'),
    'handoff:create': ran_('handoff:create'),
    'handoff:get': ran_('handoff:get'),
    'handoff:retry': ran_('handoff:retry'),
    'handoff:dismiss': ran_('handoff:dismiss'),
    'swap:create': ran_('swap:create'),
    'swap:settle': ran_('swap:settle'),
    'swap:offer': ran_('swap:offer'),
    'cover:ask-text': ran_('cover:ask-text'),
    'shortcut:status': ran_('shortcut:status'),
    'window:open': ran_('window:open'),
    'window:close': ran_('window:close'),
    'external:open': ran_('external:open'),
    'summary:copy': ran_('summary:copy'),
    'cover:copy': ran_('cover:copy'),
    'readiness:test': ran_('readiness:test'),
    'app:mode': ran_('app:mode'),
    'alarm:get': ran_('alarm:get'),
    'alarm:intent': ran_('alarm:intent'),
    'phone:intent': ran_('phone:intent'),
    'phone:words': ran_('phone:words'),
    'phone:link': ran_('phone:link'),
    'phone:copy-link': ran_('phone:copy-link'),
  };
  registerIpc({
    ipcMain,
    handlers,
    senderOf: (e) => e.sender,
    policy: { ownWebContentsIds: () => new Set([1]), isOwnUrl: (u) => u === URL_OWN },
  });
  const call = async (channel: InvokeChannel, payload: unknown): Promise<unknown> =>
    listeners.get(channel)?.({ sender }, payload);
  return { call, ran };
}

const side = () => ({
  scheduleId: 'sch_a',
  start: '2026-03-02T09:00:00Z',
  end: '2026-03-02T10:00:00Z',
  email: 'ada@example.com',
  others: ['bo@example.com'],
  within: { start: '2026-03-02T08:00:00Z', end: '2026-03-02T11:00:00Z' },
  state: 'unknown',
  message: '',
});
const AT = '2026-03-02T09:00:00Z';
const WINDOW = { kind: 'custom', start: AT, end: '2026-03-02T10:00:00Z' };
const OVERRIDE = {
  scheduleId: 'sch_a',
  window: WINDOW,
  emails: ['ada@example.com'],
  replaces: ['bob@example.com'],
  previewed: {
    start: AT,
    end: '2026-03-02T10:00:00Z',
    held: [{ start: AT, end: '2026-03-02T10:00:00Z', emails: ['bob@example.com'] }],
  },
  planned: { from: 'me@example.com', to: 'ada@example.com', others: ['bob@example.com'] },
  coverageRequestId: 'cr_1',
  coveredShift: { start: AT, end: '2026-03-02T10:00:00Z' },
};
// A schedule is named across accounts by its ref: an account id (32), a colon and a schedule id (128).
const REF = ['Schedule id', 161] as const;
const ASK_COVER = {
  base: {
    range: { from: '2026-03-02', to: '2026-03-08' },
    shift: { scheduleId: 'sch_a', start: AT, end: '2026-03-02T10:00:00Z' },
    reason: 'Conference',
  },
  fields: {
    'range.from': ['First day', 10],
    'range.to': ['Last day', 10],
    'shift.scheduleId': REF,
    'shift.start': ['Start', 40],
    'shift.end': ['End', 40],
    reason: ['Reason', 200],
  },
} as const;
const ACCOUNT_ID = ['Account id', 32] as const;
const OVERRIDE_FIELDS = {
  scheduleId: REF,
  'window.start': ['Start', 40],
  'window.end': ['End', 40],
  'emails.0': ['E-mail', 254],
  'replaces.0': ['E-mail', 254],
  'previewed.start': ['Start', 40],
  'previewed.end': ['End', 40],
  'previewed.held.0.start': ['Start', 40],
  'previewed.held.0.end': ['End', 40],
  'previewed.held.0.emails.0': ['E-mail', 254],
  'planned.from': ['E-mail', 254],
  'planned.to': ['E-mail', 254],
  'planned.others.0': ['E-mail', 254],
  coverageRequestId: ['Coverage request id', 128],
  'coveredShift.start': ['Start', 40],
  'coveredShift.end': ['End', 40],
} as const;

const SHOWN = { localZone: 'Europe/Berlin', scheduleName: 'Platform' };
const SHOWN_FIELDS = { localZone: ['Time zone', 64], scheduleName: ['Schedule name', 200] } as const;

/** Per channel: a valid request naming every text field, and each field's name in messages and its limit. */
const CASES: Partial<Record<InvokeChannel, { base: unknown; fields: Record<string, readonly [string, number]> }>> = {
  // The form's zone and the schedule's name as it shows it, which main words the preview and the result with.
  'override:preview': { base: { ...OVERRIDE, ...SHOWN }, fields: { ...OVERRIDE_FIELDS, ...SHOWN_FIELDS } },
  'override:create': { base: { ...OVERRIDE, ...SHOWN }, fields: { ...OVERRIDE_FIELDS, ...SHOWN_FIELDS } },
  // The quick override form's values as typed, which main reads and checks (shared/override-check.ts).
  'override:check': {
    base: {
      values: {
        scheduleId: 'sch_a',
        preset: 'custom',
        who: 'others',
        people: ['ada@example.com'],
        suggested: false,
        query: 'bo',
        takeOverFrom: 'cy@example.com',
        startDay: '2026-03-02',
        startTime: '7:15 pm',
        length: '60',
        endDay: '2026-03-02',
        endTime: '20:15',
      },
      localZone: 'Europe/Berlin',
    },
    fields: {
      'values.scheduleId': ['Schedule id', 161],
      'values.people.0': ['E-mail', 254],
      'values.query': ['E-mail', 254],
      'values.takeOverFrom': ['E-mail', 254],
      'values.startDay': ['Start day', 100],
      'values.startTime': ['Start time', 100],
      'values.length': ['Length', 100],
      'values.endDay': ['End day', 100],
      'values.endTime': ['End time', 100],
      localZone: ['Time zone', 64],
    },
  },
  'phone:words': { base: { localZone: 'Europe/Berlin' }, fields: { localZone: ['Time zone', 64] } },
  'override:candidates': {
    base: { scheduleId: 'sch_a', window: WINDOW },
    fields: { scheduleId: REF, 'window.start': ['Start', 40], 'window.end': ['End', 40] },
  },
  'override:get': {
    base: { scheduleId: 'sch_a', overrideId: 'ovr_1', ...SHOWN },
    fields: { scheduleId: REF, overrideId: ['Override id', 128], ...SHOWN_FIELDS },
  },
  'override:recheck': {
    base: { scheduleId: 'sch_a', start: AT, end: '2026-03-02T10:00:00Z', covering: ['ada@example.com'] },
    fields: { scheduleId: REF, start: ['Start', 40], end: ['End', 40], 'covering.0': ['E-mail', 254] },
  },
  'take-over:now': {
    base: {
      scheduleId: 'sch_a',
      fromEmail: 'ada@example.com',
      seen: { onCall: ['ada@example.com'], until: '2026-03-02T08:00:00Z' },
    },
    fields: {
      scheduleId: REF,
      fromEmail: ['E-mail', 254],
      'seen.onCall.0': ['E-mail', 254],
      'seen.until': ['Until', 40],
    },
  },
  'take-over:hand-back': {
    base: { scheduleId: 'sch_a', seen: { to: ['ada@example.com'], until: '2026-03-02T08:00:00Z' } },
    fields: { scheduleId: REF, 'seen.to.0': ['E-mail', 254], 'seen.until': ['Until', 40] },
  },
  'handoff:plan': {
    base: { range: { from: '2026-03-02', to: '2026-03-08' } },
    fields: { 'range.from': ['First day', 10], 'range.to': ['Last day', 10] },
  },
  'handoff:create': {
    base: {
      items: [{ scheduleId: 'sch_a', start: AT, end: '2026-03-02T10:00:00Z', email: 'ada@example.com' }],
      range: { from: AT, to: '2026-03-03T10:00:00Z' },
    },
    fields: {
      'items.0.scheduleId': REF,
      'items.0.start': ['Start', 40],
      'items.0.end': ['End', 40],
      'items.0.email': ['Who covers', 254],
      'range.from': ['From', 40],
      'range.to': ['To', 40],
    },
  },
  'swap:create': {
    base: {
      mine: { scheduleId: 'sch_a', start: AT, end: '2026-03-02T10:00:00Z' },
      theirs: { scheduleId: 'sch_a', start: AT, end: '2026-03-02T10:00:00Z', email: 'ada@example.com' },
    },
    fields: {
      'mine.scheduleId': REF,
      'mine.start': ['Start', 40],
      'mine.end': ['End', 40],
      'theirs.scheduleId': REF,
      'theirs.start': ['Start', 40],
      'theirs.end': ['End', 40],
      'theirs.email': ['Teammate', 254],
    },
  },
  'swap:settle': {
    base: { action: 'check', mine: side(), theirs: side(), back: side() },
    fields: {
      'mine.scheduleId': REF,
      'mine.start': ['Start', 40],
      'mine.end': ['End', 40],
      'mine.email': ['Who covers', 254],
      'mine.others.0': ['Also on call', 254],
      'mine.message': ['Message', 2048],
      'mine.within.start': ['Start', 40],
      'mine.within.end': ['End', 40],
      'theirs.scheduleId': REF,
      'theirs.start': ['Start', 40],
      'theirs.end': ['End', 40],
      'theirs.email': ['Who covers', 254],
      'theirs.others.0': ['Also on call', 254],
      'theirs.message': ['Message', 2048],
      'theirs.within.start': ['Start', 40],
      'theirs.within.end': ['End', 40],
      'back.scheduleId': REF,
      'back.start': ['Start', 40],
      'back.end': ['End', 40],
      'back.email': ['Who covers', 254],
      'back.others.0': ['Also on call', 254],
      'back.message': ['Message', 2048],
      'back.within.start': ['Start', 40],
      'back.within.end': ['End', 40],
    },
  },
  'swap:offer': {
    base: { mine: { scheduleId: 'sch_a', start: AT, end: '2026-03-02T10:00:00Z' }, scheduleId: 'sch_b' },
    fields: { 'mine.scheduleId': REF, 'mine.start': ['Start', 40], 'mine.end': ['End', 40], scheduleId: REF },
  },
  'cover:ask-text': ASK_COVER,
  'cover:copy': ASK_COVER,
  'team:update': {
    base: { teamId: 'tea_1', accountId: 'acme', name: 'Platform', description: 'Keeps the lights on' },
    fields: { teamId: ['Team id', 128], accountId: ACCOUNT_ID, name: ['Name', 60], description: ['Description', 200] },
  },
  'chat-group:put': {
    base: { scheduleId: 'sch_a', name: 'On call', handle: 'oncall', description: 'Who is on call' },
    fields: {
      scheduleId: REF,
      name: ['Group name', 60],
      handle: ['Handle', 60],
      description: ['Description', 140],
    },
  },
  'settings:update': {
    base: {
      accounts: [
        {
          id: 'acme',
          label: 'Acme',
          baseUrl: 'https://oncall.example.com/api',
          email: 'me@example.com',
          schedules: [{ id: 'sch_a', name: 'Platform' }],
          pausedUntil: AT,
        },
      ],
      account: {
        id: 'acme',
        label: 'Acme',
        baseUrl: 'https://oncall.example.com/api',
        email: 'me@example.com',
        schedules: [{ id: 'sch_a', name: 'Platform' }],
        pausedUntil: AT,
      },
      quietHours: { enabled: true, start: '22:00', end: '07:00', days: [] },
      pausedUntil: AT,
      globalShortcut: 'CommandOrControl+Shift+O',
      calendarFeed: { enabled: false, port: 47615, token: '' },
      notificationTest: { at: AT, seen: null },
      escalation: { provider: 'ntfy', ntfyServer: 'https://ntfy.sh', afterMin: 3 },
    },
    fields: {
      'accounts.0.id': ACCOUNT_ID,
      // A service's name, address and e-mail named as the Settings form names them (its too-long lines).
      'accounts.0.label': ['The name', 40],
      'accounts.0.baseUrl': ['The service address', 500],
      'accounts.0.email': ['The e-mail', 254],
      'accounts.0.schedules.0.id': ['Schedule id', 128],
      'accounts.0.schedules.0.name': ['Schedule name', 200],
      'accounts.0.pausedUntil': ['Paused until', 40],
      'account.id': ACCOUNT_ID,
      'account.label': ['The name', 40],
      'account.baseUrl': ['The service address', 500],
      'account.email': ['E-mail', 254],
      'account.schedules.0.id': ['Schedule id', 128],
      'account.schedules.0.name': ['Schedule name', 200],
      'account.pausedUntil': ['Paused until', 40],
      'quietHours.start': ['Quiet hours time', 5],
      'quietHours.end': ['Quiet hours time', 5],
      pausedUntil: ['Paused until', 40],
      globalShortcut: ['Shortcut', 60],
      'calendarFeed.token': ['Calendar feed token', 128],
      'notificationTest.at': ['Test notification time', 40],
      'escalation.ntfyServer': ['ntfy server', 300],
    },
  },
  'schedule:check': {
    base: { input: 'sch_a', watched: ['sch_b'], accountId: 'acme' },
    fields: { input: ['Schedule id or link', 2048], 'watched.0': ['Schedule id', 128], accountId: ACCOUNT_ID },
  },
  'key:set': {
    base: { key: 'k'.repeat(40), accountId: 'acme' },
    fields: { key: ['API key', 500], accountId: ACCOUNT_ID },
  },
  'key:remove': { base: { accountId: 'acme' }, fields: { accountId: ACCOUNT_ID } },
  'shortcut:status': { base: { accelerator: 'CommandOrControl+Shift+O' }, fields: { accelerator: ['Shortcut', 60] } },
  'alarm:intent': {
    base: { kind: 'ack', key: 'alarm:x:sch_a:2026-11-28T21:00:00Z' },
    fields: { key: ['Alarm key', 400] },
  },
  'phone:intent': {
    base: {
      kind: 'save',
      settings: { provider: 'ntfy', ntfyServer: 'https://ntfy.sh', afterMin: 3 },
      secrets: {
        ntfyTopic: 't'.repeat(24),
        ntfyToken: 'tk'.repeat(12),
        pushoverApp: 'a',
        pushoverUser: 'u',
        webhookUrl: 'https://h',
      },
    },
    fields: {
      'settings.ntfyServer': ['ntfy server', 300],
      'secrets.ntfyTopic': ['ntfy topic', 500],
      'secrets.ntfyToken': ['ntfy token', 500],
      'secrets.pushoverApp': ['Pushover app token', 500],
      'secrets.pushoverUser': ['Pushover user key', 500],
      'secrets.webhookUrl': ['Webhook address', 2048],
    },
  },
  'account:add': {
    base: {
      label: 'Acme',
      baseUrl: 'https://acme.example/api',
      key: 'k'.repeat(40),
      email: 'me@acme.example',
      schedules: ['sch_a'],
    },
    fields: {
      // Named as "Add another service" names them (its too-long lines).
      label: ['The name', 40],
      baseUrl: ['The service address', 500],
      key: ['The API key', 500],
      email: ['The e-mail', 254],
      'schedules.0': ['Schedule id or link', 2048],
    },
  },
  'external:open': { base: { url: 'https://example.com/' }, fields: { url: ['Link', 2048] } },
  'window:open': {
    base: { view: 'override', params: { scheduleId: 'sch_a' } },
    fields: { 'params.<key>': ['View parameter name', 40], 'params.scheduleId': ['View parameter', 200] },
  },
};

/** A deep copy of `base` with `value` at `path` ("params.<key>" renames the record's one key to `value`). */
function withValue(base: unknown, path: string, value: string): unknown {
  const copy: unknown = structuredClone(base);
  const keys = path.split('.');
  const last = keys.pop() ?? '';
  let node: unknown = copy;
  for (const k of keys) node = Reflect.get(objectAt(node, k), k);
  const parent = objectAt(node, last);
  if (last === '<key>') {
    const entries: [string, unknown][] = Object.entries(parent);
    for (const [k] of entries) Reflect.deleteProperty(parent, k);
    Reflect.set(parent, value, entries[0]?.[1] ?? 'v');
  } else Reflect.set(parent, last, value);
  return copy;
}

/** `node` as an object to step into; a path the fixture lacks fails the test, naming the key. */
function objectAt(node: unknown, key: string): object {
  if (typeof node !== 'object' || node === null) throw new Error(`the fixture has no object to hold ${key}`);
  return node;
}

const pattern = (path: string) => path.replace(/\.\d+(?=\.|$)/g, '.*');

describe('oversized values at the IPC edge', () => {
  it('the table names every text field of every channel (a new field must be added here)', () => {
    for (const channel of INVOKE_CHANNELS) {
      const fromSchema = boundsOf(invokeChannels[channel].request)
        .filter((b) => b.kind === 'string')
        .map((b) => b.path);
      const fromTable = Object.keys(CASES[channel]?.fields ?? {}).map((p) =>
        channel === 'window:open' && p === 'params.scheduleId' ? 'params.*' : pattern(p),
      );
      expect([channel, [...new Set(fromTable)].sort()]).toEqual([channel, [...new Set(fromSchema)].sort()]);
    }
  });

  for (const [channel, { base, fields }] of Object.entries(CASES)) {
    const name = INVOKE_CHANNELS.find((c) => c === channel);
    if (!name) throw new Error(`unknown channel ${channel}`);
    it(`${channel}: the base request passes, and each field one character over its limit is refused`, async () => {
      const { call, ran } = setup();
      expect(await call(name, base)).toEqual(failureOf({ kind: 'internal', message: 'ran' }));
      expect(ran).toEqual([channel]);
      for (const [path, [label, max]] of Object.entries(fields)) {
        const message = `${label} is too long: at most ${max} characters.`;
        ran.length = 0;
        for (const size of [max + 1, 1_000_000]) {
          const answer = await call(name, withValue(base, path, 'x'.repeat(size)));
          const field = path.endsWith('<key>') ? 'params' : path;
          expect([path, size, answer]).toEqual([
            path,
            size,
            { ok: false, error: { kind: 'validation', message, problems: [{ field, message }] } },
          ]);
        }
        expect([path, ran]).toEqual([path, []]);
        // Exactly at the limit is not refused for its length (it may be refused for its form: "xxx" is no e-mail).
        const atLimit = JSON.stringify(await call(name, withValue(base, path, 'x'.repeat(max))));
        expect([path, atLimit.includes('too long')]).toEqual([path, false]);
      }
    });
  }
});

describe('lists over their count limit at the IPC edge', () => {
  const lists: Array<[InvokeChannel, unknown, string]> = [
    [
      'override:create',
      { ...OVERRIDE, emails: ['a@x.io', 'b@x.io', 'c@x.io', 'd@x.io', 'e@x.io'] },
      'Too many people covering: at most 4.',
    ],
    [
      'settings:update',
      { account: { id: 'main', schedules: Array.from({ length: 101 }, (_, i) => ({ id: `sch_${i}` })) } },
      'Too many watched schedules: at most 100.',
    ],
    [
      'settings:update',
      { accounts: Array.from({ length: 11 }, (_, i) => ({ id: `a${i}`, label: `A ${i}` })) },
      'Too many accounts: at most 10.',
    ],
    ['settings:update', { reminders: { leadTimesMin: [1, 2, 3, 4, 5, 6, 7] } }, 'Too many reminder times: at most 6.'],
    ['settings:update', { quietHours: { days: [1, 2, 3, 4, 5, 6, 7, 1] } }, 'Too many quiet days: at most 7.'],
    [
      'window:open',
      { view: 'override', params: Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`p${i}`, 'v'])) },
      'Too many view parameters: at most 8.',
    ],
  ];
  it.each(lists)(
    '%s: one entry too many is refused, naming the list and its limit',
    async (channel, payload, message) => {
      const { call, ran } = setup();
      const answer = await call(channel, payload);
      expect(answer).toMatchObject({
        ok: false,
        error: { kind: 'validation' },
      });
      expect(JSON.stringify(answer)).toContain(message);
      expect(ran).toEqual([]);
    },
  );
});
