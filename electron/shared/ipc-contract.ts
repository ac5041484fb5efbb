// The typed IPC contract: every channel the renderer may invoke, with zod schemas for its request and its
// response, and the events main pushes. Main validates every payload with these; the preload exposes exactly
// these channels; the renderer's bridge module is typed by them. No channel carries the API key outward.
import { z } from 'zod';
import { SettingsPatchSchema, SettingsSchema } from './settings';
import { HandBackRequestSchema, TakeOverOptionsSchema, TakeOverRequestSchema } from './take-over';
import { AppStateSchema } from './view-state';
import type { SettingsFixSection } from './readiness-fix';
import {
  ScheduleId,
  ForAccount,
  OverridePreviewRequestSchema,
  OverridePreviewSchema,
  ShownSchema,
  CandidatesRequestSchema,
  CandidateSchema,
  OverrideViewSchema,
  OverrideOutcomeSchema,
  OverrideRecheckRequestSchema,
  OverrideRecheckSchema,
  TakeOverResultSchema,
  TeamUpdateRequestSchema,
  TeamResultSchema,
  ChatGroupRequestSchema,
  ChatGroupResultSchema,
  ScheduleCheckSchema,
  AccountAddRequestSchema,
  AccountAddResultSchema,
} from './action-schemas';
import { ActionErrorSchema } from './action-error';
import {
  AskCoverRequestSchema,
  HandoffCreateRequestSchema,
  HandoffPlanRequestSchema,
  HandoffPlanSchema,
  HandoffStatusSchema,
  SwapRequestSchema,
  SwapResultSchema,
  SwapSettleRequestSchema,
} from './handoff';
import { id, list, text } from './bounded';
import { COUNT_LIMITS } from './limits';
import { AlarmIntentSchema, AlarmShownSchema } from './alarm-view';
import { PhoneIntentSchema, SubscribeLinkSchema } from './phone-intent';
import { PhoneWordsRequestSchema, PhoneWordsSchema } from './phone-words';
import { OverrideCheckRequestSchema, OverrideCheckSchema } from './override-check-schema';
import { SwapOfferRequestSchema, SwapOfferSchema } from './swap-offer';

export { ActionErrorSchema, type ActionError } from './action-error';
export type { Failure } from './failure';
export {
  OverrideWindowSchema,
  OverrideRequestSchema,
  OverridePreviewRequestSchema,
  OverridePreviewSchema,
  CandidatesRequestSchema,
  CandidateSchema,
  OverrideViewSchema,
  OverrideOutcomeSchema,
  TakeOverResultSchema,
  TeamUpdateRequestSchema,
  TeamResultSchema,
  ChatGroupRequestSchema,
  ChatGroupResultSchema,
  ScheduleCheckSchema,
  AccountAddRequestSchema,
  type AccountAddRequest,
  type OverrideWindow,
  type OverrideRequest,
  type OverridePreview,
  type CandidatesRequest,
  type Candidate,
  type OverrideView,
  type OverrideOutcome,
  type OverrideRecheck,
  type TakeOverResult,
} from './action-schemas';

/** Every response is a result: handlers never throw across IPC. */
export function resultOf<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value }),
    z.object({ ok: z.literal(false), error: ActionErrorSchema }),
  ]);
}

/** settings:update's answer: the settings saved. `loginOn`: the Save asked the OS again for Start at login, which it
 *  had refused, and the OS took it (the form says it is now on); still refused is a failure that says so. */
const SettingsSavedSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: SettingsSchema, loginOn: z.literal(true).optional() }),
  z.object({ ok: z.literal(false), error: ActionErrorSchema }),
]);

export const ViewNameSchema = z.enum([
  'status',
  'override',
  'coverage',
  'team',
  'chat-group',
  'settings',
  'onboarding',
  'week',
  'away',
  'swap',
]);
export type ViewName = z.infer<typeof ViewNameSchema>;

const None = z.null();

const FIX_SECTIONS: readonly SettingsFixSection[] = [
  'phone',
  'reminders',
  'silence',
  'shortcut',
  'login',
  'email',
  'schedules',
];

/** A view to show and its parameters (a schedule id, a window…), bounded in size and number. */
const ViewRequestSchema = z.object({
  view: ViewNameSchema,
  params: z
    .record(text('View parameter name', 'viewParamName'), text('View parameter', 'viewParamValue'))
    .refine((p) => Object.keys(p).length <= COUNT_LIMITS.viewParams, {
      message: `Too many view parameters: at most ${COUNT_LIMITS.viewParams}.`,
    })
    // The one part of a view a fix opens at (Settings → Phone, a schedule's reminders, a service's mute, the global
    // shortcut, a service's e-mail, a schedule the service doesn't have): a known section or none.
    .refine((p) => p.section === undefined || FIX_SECTIONS.some((s) => s === p.section), {
      message: 'Unknown section.',
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
  'override:preview': {
    request: OverridePreviewRequestSchema,
    response: resultOf(OverridePreviewSchema),
    handler: 'engine',
  },
  /** The quick override form's values as typed, read and checked by main (shared/override-check.ts). */
  'override:check': {
    request: OverrideCheckRequestSchema,
    response: resultOf(OverrideCheckSchema),
    handler: 'engine',
  },
  'override:candidates': {
    request: CandidatesRequestSchema,
    response: resultOf(z.array(CandidateSchema)),
    handler: 'engine',
  },
  'override:create': {
    request: OverridePreviewRequestSchema,
    response: resultOf(OverrideOutcomeSchema),
    handler: 'engine',
    write: true,
  },
  'override:get': {
    request: z.object({ scheduleId: ScheduleId, overrideId: id('Override id'), ...ShownSchema.shape }),
    response: resultOf(OverrideViewSchema),
    handler: 'engine',
  },
  /** "Check again" after an outcome-unknown override: refreshes, then whether the schedule shows it (a hint). */
  'override:recheck': {
    request: OverrideRecheckRequestSchema,
    response: resultOf(OverrideRecheckSchema),
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
  'settings:update': { request: SettingsPatchSchema, response: SettingsSavedSchema, handler: 'engine' },
  /** Checks an id or pasted link against the service and returns the schedule's name (cut to the settings limit)
   *  and the line the form says once it is added; `watched`: the ids in the list being edited, not asked about again. */
  'schedule:check': {
    request: z.object({
      input: text('Schedule id or link', 'url'),
      watched: list(text('Schedule id', 'id'), 'schedules', COUNT_LIMITS.watchedSchedules).optional(),
      ...ForAccount,
    }),
    response: resultOf(ScheduleCheckSchema),
    handler: 'engine',
  },
  /** Write-only: the key goes in; only where it was stored comes back. */
  'key:set': {
    request: z.object({ key: text('API key', 'apiKey').min(1, 'API key must not be empty.'), ...ForAccount }),
    response: resultOf(z.object({ storage: z.enum(['keychain', 'memory']) })),
    handler: 'engine',
  },
  'key:remove': { request: z.object(ForAccount), response: resultOf(None), handler: 'engine' },
  /** "Add another service": its address, key and schedules are checked with that service first; only then are the
   *  account and its key saved. A failure leaves nothing behind (no settings entry, no keychain entry). */
  'account:add': { request: AccountAddRequestSchema, response: resultOf(AccountAddResultSchema), handler: 'engine' },
  /** The hand-off text ("Copy on-call summary"): plain text for chat, in this computer's zone. */
  'summary:get': { request: None, response: resultOf(z.string()), handler: 'engine' },
  /** Away mode (core/handoff): my blocks in a range on every watched schedule, and what can't be read as mine. */
  'handoff:plan': { request: HandoffPlanRequestSchema, response: resultOf(HandoffPlanSchema), handler: 'engine' },
  /** "Create all": one override per block, each through the override write path; kept on disk until settled. */
  'handoff:create': {
    request: HandoffCreateRequestSchema,
    response: resultOf(HandoffStatusSchema),
    handler: 'engine',
    write: true,
  },
  'handoff:get': { request: None, response: resultOf(HandoffStatusSchema), handler: 'engine' },
  /** Sends only what did not land; looks first at what may have. */
  'handoff:retry': { request: None, response: resultOf(HandoffStatusSchema), handler: 'engine', write: true },
  'handoff:dismiss': { request: None, response: resultOf(HandoffStatusSchema), handler: 'engine' },
  /** Two overrides: the teammate covers my block, then I cover theirs. */
  'swap:create': { request: SwapRequestSchema, response: resultOf(SwapResultSchema), handler: 'engine', write: true },
  /** The teammates' shifts the swap form offers for my block on a schedule of its account (main's rule). */
  'swap:offer': { request: SwapOfferRequestSchema, response: resultOf(SwapOfferSchema), handler: 'engine' },
  /** A half-done swap: check what is unknown (never sends), retry what did not land, or hand my block back. */
  'swap:settle': {
    request: SwapSettleRequestSchema,
    response: resultOf(SwapResultSchema),
    handler: 'engine',
    write: true,
  },
  /** The "Ask for cover" chat message for a block or a range of mine. */
  'cover:ask-text': { request: AskCoverRequestSchema, response: resultOf(z.string()), handler: 'engine' },
  /** Whether the global shortcut in settings could be registered with the OS; `problem` says why not (main only).
   *  `accelerator`: the one being recorded, whose clash with every app's keys `conflict` words (main's alone). */
  'shortcut:status': {
    request: z.object({ accelerator: text('Shortcut', 'shortcut') }).nullable(),
    response: resultOf(z.object({ problem: z.string().nullable(), conflict: z.string().nullable().optional() })),
    handler: 'main',
  },
  'window:open': {
    request: ViewRequestSchema,
    response: resultOf(None),
    handler: 'main',
  },
  'window:close': { request: None, response: resultOf(None), handler: 'main' },
  'external:open': { request: z.object({ url: text('Link', 'url') }), response: resultOf(None), handler: 'main' },
  /** Puts the "Ask for cover" message (cover:ask-text) on the system clipboard (main only, as summary:copy). */
  'cover:copy': { request: AskCoverRequestSchema, response: resultOf(z.string()), handler: 'main' },
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
  /** The alarm window's page asks what it rings for: the alarm main shows now, or null (closed meanwhile). */
  'alarm:get': { request: None, response: resultOf(AlarmShownSchema.nullable()), handler: 'main' },
  /** "I'm on it", "Snooze 5 min", "Can't — find cover" (from the alarm window), "Test the alarm" (from Settings). */
  // Null when done as asked; words when done with a caveat ("Acknowledged — but it couldn't be saved: …").
  'alarm:intent': { request: AlarmIntentSchema, response: resultOf(z.string().nullable()), handler: 'main' },
  /** Settings → Phone: save (secrets go in, never out), a new topic, "Send test" (waits for the phone's answer).
   *  Answers the engine's words ("Your phone answered at 22:01: the round trip works."). */
  'phone:intent': { request: PhoneIntentSchema, response: resultOf(z.string()), handler: 'main' },
  /** What Settings → Phone says of the state's phone status (the last test answered, what is booked): main's words. */
  'phone:words': { request: PhoneWordsRequestSchema, response: resultOf(PhoneWordsSchema), handler: 'main' },
  /** Settings → Phone's ntfy subscribe link and its QR code (rows of modules), or null. Asked for by that page alone:
   *  it names the topic, a secret, so it is never in the state every window and the tray get. */
  'phone:link': { request: None, response: resultOf(SubscribeLinkSchema.nullable()), handler: 'main' },
  /** Puts Settings → Phone's subscribe link (ntfy) on the system clipboard, which only main may write. */
  'phone:copy-link': { request: None, response: resultOf(z.string()), handler: 'main' },
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
  /** The alarm window's alarm, refreshed while it rings (snoozed and rung again, late); null: it is over. */
  'alarm:changed': AlarmShownSchema.nullable(),
} as const;
export type PushEvent = keyof typeof pushEvents;
export type PayloadOf<E extends PushEvent> = z.infer<(typeof pushEvents)[E]>;

/** What the preload exposes on `window.oncall` (typed by the contract, implemented by ipcRenderer). */
export interface OncallBridge {
  invoke<C extends InvokeChannel>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>>;
  on<E extends PushEvent>(event: E, listener: (payload: PayloadOf<E>) => void): () => void;
}
