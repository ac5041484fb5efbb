// The typed IPC contract: every channel the renderer may invoke, with zod schemas for its request and its
// response, and the events main pushes. Main validates every payload with these; the preload exposes exactly
// these channels; the renderer's bridge module is typed by them. No channel carries the API key outward.
import { z } from 'zod';
import { AccountIdSchema, SettingsPatchSchema, SettingsSchema } from './settings';
import { HandBackRequestSchema, TakeOverOptionsSchema, TakeOverRequestSchema } from './take-over';
import { AppStateSchema, ChatGroupViewSchema, PersonSchema, TeamViewSchema } from './view-state';

import { ActionErrorSchema } from './action-error';
import { id, instant, list, text } from './bounded';
import { COUNT_LIMITS } from './limits';

export { ActionErrorSchema, type ActionError } from './action-error';
export type { Failure } from './failure';

/** Every response is a result: handlers never throw across IPC. */
export function resultOf<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value }),
    z.object({ ok: z.literal(false), error: ActionErrorSchema }),
  ]);
}

export const ViewNameSchema = z.enum([
  'status',
  'override',
  'coverage',
  'team',
  'chat-group',
  'settings',
  'onboarding',
  'week',
]);
export type ViewName = z.infer<typeof ViewNameSchema>;

/** A schedule across accounts (shared/accounts.ts scheduleRef): the id the state's views carry. */
const ScheduleId = text('Schedule id', 'scheduleRef').min(1, 'Schedule id must not be empty.');
/** Which account a key or a schedule check is for; absent: the first account. */
const ForAccount = { accountId: AccountIdSchema.optional() };

export const OverrideWindowSchema = z.discriminatedUnion('kind', [
  /** Take the rest of the current shift of the schedule. */
  z.object({ kind: z.literal('rest_of_current') }),
  z.object({ kind: z.literal('next_hours'), hours: z.union([z.literal(1), z.literal(2), z.literal(4)]) }),
  z.object({ kind: z.literal('custom'), start: instant('Start'), end: instant('End') }),
]);
export type OverrideWindow = z.infer<typeof OverrideWindowSchema>;

export const OverrideRequestSchema = z.object({
  scheduleId: ScheduleId,
  window: OverrideWindowSchema,
  /** Who covers, by e-mail; empty means me (the e-mail in settings). At most 4. */
  emails: list(text('E-mail', 'email'), 'people covering', COUNT_LIMITS.coveringPeople),
});
export type OverrideRequest = z.infer<typeof OverrideRequestSchema>;

export const OverridePreviewSchema = z.object({
  scheduleId: z.string(),
  start: z.string(),
  end: z.string(),
  covering: z.array(z.string()),
  /** The people whose time in that window the override takes over. */
  replaces: z.array(PersonSchema),
  /** The most people on call at once in the window before the override, from the cached shifts (0: none known). */
  onCallBefore: z.number().int().min(0).optional(),
  /** Who is on call in part of the window isn't known (the schedule never loaded, shifts it couldn't read, past what
   *  was read): `replaces` and `onCallBefore` then say only who is known, never "nobody". */
  unknownOnCall: z.boolean().optional(),
  /** The covering people are already exactly who is on call for the whole window: the override would change nothing. */
  alreadyOnCall: z.boolean().optional(),
});
export type OverridePreview = z.infer<typeof OverridePreviewSchema>;

/** What the people picker asks: who could cover this window on this schedule, best first. */
export const CandidatesRequestSchema = z.object({ scheduleId: ScheduleId, window: OverrideWindowSchema });
export type CandidatesRequest = z.infer<typeof CandidatesRequestSchema>;

/** A person who could cover a window (never me: it is someone else's cover), with what their ranking rests on. */
export const CandidateSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** Their own time zone, null when the service sent none (or one that isn't a zone). */
  zone: z.string().nullable(),
  /** "03:00–05:00 in New York, night", null when their zone is unknown. */
  localWindow: z.string().nullable(),
  night: z.boolean().nullable(),
  onCallHere: z.boolean(),
  /** Names of the other watched schedules they are on call on during the window. */
  onCallElsewhere: z.array(z.string()),
  /** Watched schedules (this one first if so) where part of the window isn't known (not read, a hole, past the
   *  read) and they aren't known to be on call: "free" can't be said there. */
  unknownOn: z.array(z.string()).default([]),
  /** Hours on call over [hoursFrom, now) on the watched schedules, from the shifts read. */
  recentHours: z.number().int().min(0),
  hoursFrom: z.string(),
  viewer: z.boolean(),
  /** All of the above as the one line the picker shows under the name. */
  detail: z.string(),
});
export type Candidate = z.infer<typeof CandidateSchema>;

export const OverrideViewSchema = z.object({
  id: z.string(),
  scheduleId: z.string(),
  start: z.string(),
  end: z.string(),
  users: z.array(PersonSchema),
});
export type OverrideView = z.infer<typeof OverrideViewSchema>;

/** What a write whose answer never came back turned out to be, after checking the schedule's shifts. */
export const OverrideOutcomeSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('created'), override: OverrideViewSchema }),
  z.object({ status: z.literal('created_unconfirmed'), message: z.string() }),
  z.object({ status: z.literal('not_created'), message: z.string() }),
  z.object({ status: z.literal('unknown'), message: z.string() }),
]);
export type OverrideOutcome = z.infer<typeof OverrideOutcomeSchema>;

/** What "Take over now" or "Hand back" did: the window, who is on call in it now, whom it replaced, and how the write went. */
export const TakeOverResultSchema = z.object({
  scheduleId: z.string(),
  start: z.string(),
  end: z.string(),
  /** E-mails of everyone on call in the window after it (me and those kept, or the people handed back to). */
  covering: z.array(z.string()),
  /** Take over: the person replaced. Hand back: me (and nobody else). */
  replaced: z.array(PersonSchema),
  outcome: OverrideOutcomeSchema,
});
export type TakeOverResult = z.infer<typeof TakeOverResultSchema>;

export const TeamUpdateRequestSchema = z.object({
  teamId: id('Team id'),
  /** The account the team is on (team ids are unique per service only); absent: the first. */
  ...ForAccount,
  name: text('Name', 'name').optional(),
  description: text('Description', 'teamDescription').optional(),
});
/** The team just saved: always one with an id (a team without one is never sent). */
export const TeamResultSchema = TeamViewSchema.extend({ id: z.string() });

export const ChatGroupRequestSchema = z.object({
  scheduleId: ScheduleId,
  name: text('Group name', 'name'),
  handle: text('Handle', 'handle'),
  description: text('Description', 'chatGroupDescription').optional(),
});
export const ChatGroupResultSchema = ChatGroupViewSchema;

/** timeZone is null when the service gave no usable zone; it is then shown as "zone unknown". */
export const ScheduleCheckSchema = z.object({ id: z.string(), name: z.string(), timeZone: z.string().nullable() });

const None = z.null();

/** A view to show and its parameters (a schedule id, a window…), bounded in size and number. */
const ViewRequestSchema = z.object({
  view: ViewNameSchema,
  params: z
    .record(text('View parameter name', 'viewParamName'), text('View parameter', 'viewParamValue'))
    .refine((p) => Object.keys(p).length <= COUNT_LIMITS.viewParams, {
      message: `Too many view parameters: at most ${COUNT_LIMITS.viewParams}.`,
    })
    .optional(),
});

/** Who answers a channel: the core engine (plain Node: main, the status command and the test host all run it) or
 *  main alone (windows, the clipboard, the OS). */
export type ChannelHandler = 'engine' | 'main';

/** One channel, declared once: what it takes, what it answers (always a result), who answers it, and whether it
 *  writes to the on-call service (then an answer lost on the way is "outcome unknown", never "try again"). */
export interface ChannelSpec {
  request: z.ZodType;
  response: z.ZodType;
  handler: ChannelHandler;
  write?: true;
}

/**
 * The single declaration of every channel. Everything else is derived from it: the handler maps main and the engine
 * must fill (AllHandlers, EngineHandlers), the request and response checks, the write set, and the zod-free name
 * table of channel-names.ts (typed by this, so it cannot drift).
 */
export const invokeChannels = {
  'state:get': { request: None, response: resultOf(AppStateSchema), handler: 'engine' },
  'sync:refresh': { request: None, response: resultOf(None), handler: 'engine' },
  'override:preview': { request: OverrideRequestSchema, response: resultOf(OverridePreviewSchema), handler: 'engine' },
  'override:candidates': {
    request: CandidatesRequestSchema,
    response: resultOf(z.array(CandidateSchema)),
    handler: 'engine',
  },
  'override:create': {
    request: OverrideRequestSchema,
    response: resultOf(OverrideOutcomeSchema),
    handler: 'engine',
    write: true,
  },
  'override:get': {
    request: z.object({ scheduleId: ScheduleId, overrideId: id('Override id') }),
    response: resultOf(OverrideViewSchema),
    handler: 'engine',
  },
  /** "Take over now": me from now until the current shift ends, replacing one person (the others stay). */
  'take-over:now': {
    request: TakeOverRequestSchema,
    response: resultOf(TakeOverResultSchema),
    handler: 'engine',
    write: true,
  },
  /** "Hand back": the people my running take-over replaced, from now until its end. */
  'take-over:hand-back': {
    request: HandBackRequestSchema,
    response: resultOf(TakeOverResultSchema),
    handler: 'engine',
    write: true,
  },
  /** Per watched schedule, whether "Take over now" / "Hand back" are offered (as the state shows them). */
  'take-over:options': { request: None, response: resultOf(z.array(TakeOverOptionsSchema)), handler: 'engine' },
  'team:update': {
    request: TeamUpdateRequestSchema,
    response: resultOf(TeamResultSchema),
    handler: 'engine',
    write: true,
  },
  'chat-group:put': {
    request: ChatGroupRequestSchema,
    response: resultOf(ChatGroupResultSchema),
    handler: 'engine',
    write: true,
  },
  'settings:update': { request: SettingsPatchSchema, response: resultOf(SettingsSchema), handler: 'engine' },
  /** Checks an id or pasted link against the service and returns the schedule's name. */
  'schedule:check': {
    request: z.object({ input: text('Schedule id or link', 'url'), ...ForAccount }),
    response: resultOf(ScheduleCheckSchema),
    handler: 'engine',
  },
  /** Write-only: the key goes in; only where it was stored comes back. */
  'key:set': {
    request: z.object({ key: text('API key', 'apiKey').min(1, 'API key must not be empty.'), ...ForAccount }),
    response: resultOf(z.object({ storage: z.enum(['keychain', 'memory']) })),
    handler: 'engine',
  },
  'key:remove': { request: z.object(ForAccount).nullable(), response: resultOf(None), handler: 'engine' },
  /** The hand-off text ("Copy on-call summary"): plain text for chat, in this computer's zone. */
  'summary:get': { request: None, response: resultOf(z.string()), handler: 'engine' },
  /** Whether the global shortcut in settings could be registered with the OS; `problem` says why not (main only). */
  'shortcut:status': {
    request: None,
    response: resultOf(z.object({ problem: z.string().nullable() })),
    handler: 'main',
  },
  'window:open': {
    request: ViewRequestSchema,
    response: resultOf(None),
    handler: 'main',
  },
  'window:close': { request: None, response: resultOf(None), handler: 'main' },
  'external:open': { request: z.object({ url: text('Link', 'url') }), response: resultOf(None), handler: 'main' },
  /** Puts the hand-off text (summary:get) on the system clipboard, which only main may write (no page permission). */
  'summary:copy': { request: None, response: resultOf(z.string()), handler: 'main' },
  /** Readiness: send a test notification ('send'), then record whether it appeared ('seen' / 'not-seen'). */
  'readiness:test': {
    request: z.object({ step: z.enum(['send', 'seen', 'not-seen']) }),
    response: resultOf(None),
    handler: 'engine',
  },
  /** Restarts the app with demo data (from onboarding) or with the user's own service (from the demo). */
  'app:mode': { request: z.object({ mode: z.enum(['demo', 'live']) }), response: resultOf(None), handler: 'main' },
} as const satisfies Record<string, ChannelSpec>;

export type InvokeChannel = keyof typeof invokeChannels;
export const INVOKE_CHANNELS = Object.keys(invokeChannels).filter((c): c is InvokeChannel => c in invokeChannels);
export type RequestOf<C extends InvokeChannel> = z.infer<(typeof invokeChannels)[C]['request']>;
export type ResponseOf<C extends InvokeChannel> = z.infer<(typeof invokeChannels)[C]['response']>;

/** The channels of a table whose declaration carries `flag` (generic, so a test can show a new entry is picked up). */
export type ChannelsWith<Table, Flag> = { [C in keyof Table]: Table[C] extends Flag ? C : never }[keyof Table];
/** Answered by the engine's handlers (core/engine/handlers.ts); the rest by main (main.ts, the e2e host). */
export type EngineChannel = ChannelsWith<typeof invokeChannels, { handler: 'engine' }>;
export type MainChannel = ChannelsWith<typeof invokeChannels, { handler: 'main' }>;
/** Once invoked, its write may have left the app: a failure no layer explains is "outcome unknown" there. */
export type ServiceWriteChannel = ChannelsWith<typeof invokeChannels, { write: true }>;

/** The contract as seen per channel: indexing it with a channel type parameter C gives C's own schemas. */
export type ChannelSchemas = {
  [C in InvokeChannel]: { request: z.ZodType<RequestOf<C>>; response: z.ZodType<ResponseOf<C>>; write?: true };
};
export const channelSchemas: ChannelSchemas = invokeChannels;

/** Derived from the `write: true` flags (main's side; the renderer reads the zod-free twin in channel-names.ts). */
export function writesService(channel: InvokeChannel): channel is ServiceWriteChannel {
  return channelSchemas[channel].write === true;
}

/** Events main pushes to the renderer. */
export const pushEvents = {
  'state:changed': AppStateSchema,
  /** Main asks the window to show a view (tray menu item, notification click, global shortcut). */
  navigate: ViewRequestSchema,
} as const;
export type PushEvent = keyof typeof pushEvents;
export type PayloadOf<E extends PushEvent> = z.infer<(typeof pushEvents)[E]>;

/** What the preload exposes on `window.oncall` (typed by the contract, implemented by ipcRenderer). */
export interface OncallBridge {
  invoke<C extends InvokeChannel>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>>;
  on<E extends PushEvent>(event: E, listener: (payload: PayloadOf<E>) => void): () => void;
}
