// The schemas of the action channels' requests and answers (overrides, take-over, team, chat group, schedule
// check): part of the IPC contract (ipc-contract.ts declares the channels that carry them), kept apart to keep the
// channel table readable.
import { z } from 'zod';
import { AccountIdSchema } from './settings';
import { AccountSchema, BaseUrlSchema } from './account-settings';
import { BasisSchema, ChatGroupViewSchema, PersonSchema, TeamViewSchema } from './view-state';
import { id, instant, list, text } from './bounded';
import { COUNT_LIMITS } from './limits';
import { WriteAnswerSchema } from './write-answer';

/** A schedule across accounts (shared/accounts.ts scheduleRef): the id the state's views carry. */
export const ScheduleId = text('Schedule id', 'scheduleRef').min(1, 'Schedule id must not be empty.');
/** Which account a key, a team or a schedule check is for: always named (nothing means "the first"). */
export const ForAccount = { accountId: AccountIdSchema };

export const OverrideWindowSchema = z.discriminatedUnion('kind', [
  /** Take the rest of the current shift of the schedule. */
  z.object({ kind: z.literal('rest_of_current') }),
  z.object({ kind: z.literal('next_hours'), hours: z.union([z.literal(1), z.literal(2), z.literal(4)]) }),
  z.object({ kind: z.literal('custom'), start: instant('Start'), end: instant('End') }),
]);
export type OverrideWindow = z.infer<typeof OverrideWindowSchema>;

/** One stretch of a previewed window: who was on call then (lower-cased; [] nobody). */
export const HeldShownSchema = z.object({
  start: instant('Start'),
  end: instant('End'),
  emails: list(text('E-mail', 'email'), 'people on call', 20),
});
export type HeldShown = z.infer<typeof HeldShownSchema>;

export const OverrideRequestSchema = z.object({
  scheduleId: ScheduleId,
  window: OverrideWindowSchema,
  /** Who covers, by e-mail; empty means me (the e-mail in settings). At most 4. */
  emails: list(text('E-mail', 'email'), 'people covering', COUNT_LIMITS.coveringPeople),
  /**
   * Whom the preview the user confirmed said it replaces (e-mails). Given, main re-reads the window from the service
   * just before sending and sends nothing when the service now holds others (a manager's change since the preview).
   */
  replaces: list(text('E-mail', 'email'), 'people replaced', 20).optional(),
  /** The window that preview showed: a "rest of current shift" that resolves to another end now (a manager made the
   *  shift grow or shrink since) sends nothing and says so, never a window the user was not shown. */
  previewed: z
    .object({
      start: instant('Start'),
      end: instant('End'),
      /** Who that preview showed on call at each instant of the window: Create re-reads it and holds it to the
       *  same per-instant rule as away, swap and take over (plan-lines.ts), not only to whom it replaces. */
      held: list(HeldShownSchema, 'stretches', COUNT_LIMITS.heldStretches).optional(),
    })
    .optional(),
  /** The coverage request this override answers (Cover…): re-read just before the write, and nothing is sent when
   *  it no longer asks (withdrawn, or no longer pending). */
  coverageRequestId: id('Coverage request id').optional(),
  /** That request's shift the form opened on: moved, narrowed or widened since (the request re-read just before the
   *  write no longer asks for exactly it), nothing is sent and what it asks now is said. */
  coveredShift: z.object({ start: instant('Start'), end: instant('End') }).optional(),
  /** The plan this write was made from (away, swap, take over): `to` replaces `from` over the window and `others`
   *  stay. Given, the read just before the POST (on whichever account sends it) is held to the plan's rule
   *  (actions/plan-held.ts), the same as every earlier read: changed, and nothing is sent. */
  planned: z
    .object({
      from: text('E-mail', 'email'),
      to: text('E-mail', 'email'),
      others: list(text('E-mail', 'email'), 'people kept', 20),
    })
    .optional(),
});
export type OverrideRequest = z.infer<typeof OverrideRequestSchema>;

/** What main words the form's preview and result with (core/engine/preview-words.ts). */
export const ShownSchema = z.object({
  localZone: text('Time zone', 'timeZone').optional(),
  scheduleName: text('Schedule name', 'scheduleName').optional(),
});

export type Shown = z.infer<typeof ShownSchema>;

/** A preview asked for by the form: main words it (core/engine/preview-words.ts) in the form's own zone (the one its
 *  fields are read in, kept while it is open) and, for a schedule not watched here, by the name the form shows. */
export const OverridePreviewRequestSchema = OverrideRequestSchema.extend(ShownSchema.shape);
export type OverridePreviewRequest = z.infer<typeof OverridePreviewRequestSchema>;

/** The preview in words, as shared/preview-lines.ts makes them (main words them; the form shows them). */
export const PreviewLinesSchema = z.object({
  who: z.string(),
  covers: z.string(),
  window: z.string(),
  already: z.string().optional(),
  replaces: z.string().optional(),
  drop: z.string().optional(),
  nothingToDo: z.boolean(),
  replaced: z.string(),
});

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
  /** Who is on call at each instant of the window as the preview read it; absent when part of it is unknown. */
  held: z.array(HeldShownSchema).optional(),
  /** The covering people are already exactly who is on call for the whole window: the override would change nothing. */
  alreadyOnCall: z.boolean().optional(),
  /** What the preview's statements over the window rest on (fresh, saved data, or unknown time in it): "nothing to
   *  change" is said, and Create held back, only on fresh data. */
  basis: BasisSchema,
  /** Its lines, worded by main for the form (absent on the previews main makes for itself). */
  words: PreviewLinesSchema.optional(),
});
export type OverridePreview = z.infer<typeof OverridePreviewSchema>;

/** "Check again" after an outcome-unknown override: the window and covering people that were previewed when sent. */
export const OverrideRecheckRequestSchema = z.object({
  scheduleId: ScheduleId,
  start: instant('Start'),
  end: instant('End'),
  covering: list(text('E-mail', 'email'), 'people covering', COUNT_LIMITS.coveringPeople),
});
export type OverrideRecheckRequest = z.infer<typeof OverrideRecheckRequestSchema>;

/** Whether the refreshed schedule shows the override (a hint only), and what that means, worded. */
export const RecheckHintSchema = z.enum(['seen', 'not_seen', 'cannot_tell']);
export type RecheckHint = z.infer<typeof RecheckHintSchema>;
export const OverrideRecheckSchema = z.object({ state: RecheckHintSchema, text: z.string() });
export type OverrideRecheck = z.infer<typeof OverrideRecheckSchema>;

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
  /** Hours over that range the latest reads couldn't confirm (another account's saved data past its read): not
   *  counted in `recentHours`, said beside it ("26 h + 20 h not readable"). */
  unreadableHours: z.number().int().min(0).optional(),
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
  /** What the form's result says of it, worded by main (shared/preview-lines.ts resultLines). */
  words: z.object({ headline: z.string(), window: z.string() }).optional(),
});
export type OverrideView = z.infer<typeof OverrideViewSchema>;

/** What a write whose answer never came back turned out to be, after checking the schedule's shifts. */
export const OverrideOutcomeSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('created'),
    override: OverrideViewSchema,
    /** An earlier own write over this window may still be applied by the service (main's words). */
    note: z.string().optional(),
  }),
  z.object({ status: z.literal('created_unconfirmed'), message: z.string() }),
  z.object({ status: z.literal('not_created'), message: z.string(), answer: WriteAnswerSchema.optional() }),
  z.object({ status: z.literal('unknown'), message: z.string(), answer: WriteAnswerSchema.optional() }),
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
  /** The account the team is on (team ids are unique per service only). */
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
export const ScheduleCheckSchema = z.object({
  id: z.string(),
  name: z.string(),
  timeZone: z.string().nullable(),
  /** "Added “Platform primary” (New York).": the form says it once the schedule is in its list. */
  added: z.string(),
});

/** "Add another service": everything it needs, checked against that service before anything is saved. */
export const AccountAddRequestSchema = z.object({
  // Each text named as the form names it in its too-long line ("The name is too long: …").
  label: text('The name', 'accountLabel'),
  baseUrl: BaseUrlSchema,
  /** Write-only: stored in the keychain for this account once everything checked out; never sent back. */
  key: text('The API key', 'apiKey'),
  /** Judged by main with the other fields, in the form's words (shared/account-checks.ts). */
  email: text('The e-mail', 'email'),
  /** Schedule ids or links, as typed. */
  schedules: list(text('Schedule id or link', 'url'), 'schedules', COUNT_LIMITS.watchedSchedules),
});
export type AccountAddRequest = z.infer<typeof AccountAddRequestSchema>;
/** The account as saved (its key is not in it). */
export const AccountAddResultSchema = AccountSchema;
