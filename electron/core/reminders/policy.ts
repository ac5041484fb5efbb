// Every reminder kind's rules in one table: when it is due, whether quiet hours hold it, whether its schedule is
// read again before it speaks, how it is caught up when missed, and how it is worded from fresh and from saved data.
// judge, held, delivery, plan-merge, confirm and the scheduler read their rules here. A kind without a saved-data
// wording does not compile (`satisfies Record<ReminderKind, ReminderPolicy>`): every reminder says what it rests on.
import { formatRelative } from '../../shared/format';
import type { NotificationRequest } from '../ports';
import type { HeldMessage } from '../storage/fired-store';
import {
  PLANNED,
  basisLead,
  basisMark,
  headsUpNotification,
  lateEndNotification,
  reminderBasis,
  savedEndNotification,
  savedStartNotification,
  sinceNotification,
  upcomingNotification,
  type MessageOptions,
} from './messages';
import type { PlannedReminder, ReminderKind } from './types';
import { changeNotification } from './notice-messages';
import { correctionWords } from './correction-words';
import type { Basis } from '../../shared/basis';

export interface Say {
  r: PlannedReminder;
  nowMs: number;
  opts: MessageOptions;
}

export interface Wording {
  /** From data read within the refresh allowance. */
  fresh: (s: Say) => NotificationRequest;
  /** From saved data read at `savedAtMs` (older than the allowance, a failed read since, a wake, a kept read over a
   *  hole): it says so. */
  saved: (s: Say & { savedAtMs: number }) => NotificationRequest;
}

export interface ReminderPolicy {
  /** 'at-its-time': planned for an instant; 'when-noticed': shown as soon as a read finds it, until it expires. */
  due: 'at-its-time' | 'when-noticed';
  /** During quiet hours or a pause: always speaks, waits for the summary, or speaks in time (when its shift starts
   *  within the hour, or when waiting would bring it after the start it must precede: shared/start-reminders). */
  quiet: 'speaks' | 'waits' | 'speaks-in-time';
  /** Its schedule is read again when it falls due, and it waits briefly for that read (confirm.ts). */
  confirmsFirst: boolean;
  /** Missed (later than the grace): 'with-its-shift' one message for the shift as it is now ("On call in 3 h",
   *  "… since 09:00"); 'late-end' a late "Shift ended" (within LATE_END_MAX_MS); 'as-is' shown when noticed. */
  catchUp: 'with-its-shift' | 'late-end' | 'as-is';
  /** Kept in the summary after quiet time only while its shift is still ahead and planned; else the caller says. */
  heldWhileAhead: boolean;
  /** A later plan that no longer sees its shift's start keeps the start an earlier plan saw (keyed by the end). */
  keepsSeenStart: boolean;
  /** Its line in the summary after quiet time: the time to its shift recomputed, worded from its statement (held
   *  with it: held.ts toHeld), or as held. */
  inSummary: 'time-from-now' | 'from-statement' | 'as-held';
  /** Shown on time. */
  onTime: Wording;
  /** Shown late, for the state of things now. */
  late: Wording;
}

/** "According to saved data from 18:55: …" for notices whose own words don't take the prefix. */
function savedNotice(n: NotificationRequest, savedAtMs: number, s: Say): NotificationRequest {
  const lead = basisLead(reminderBasis(savedAtMs), s.nowMs, s.opts);
  return lead === '' ? n : { ...n, body: `${lead}: ${n.body}` };
}

/** Shift wordings need the shift; a reminder without one (never planned so) speaks as planned. */
const withShift =
  <T extends Say>(f: (s: T, ref: NonNullable<PlannedReminder['shift']>) => NotificationRequest) =>
  (s: T): NotificationRequest =>
    s.r.shift ? f(s, s.r.shift) : s.r.notification;

const asPlanned = (s: Say): NotificationRequest => s.r.notification;

/** "On call in 3 h", from the present. */
const upcomingNow: Wording = {
  fresh: withShift(({ r, nowMs, opts }, ref) => upcomingNotification(r.key, ref, nowMs, opts, PLANNED)),
  saved: withShift(({ r, nowMs, opts, savedAtMs }, ref) =>
    upcomingNotification(r.key, ref, nowMs, opts, reminderBasis(savedAtMs)),
  ),
};

const asNoticed: Wording = {
  fresh: asPlanned,
  saved: ({ r, savedAtMs, ...s }) => savedNotice(r.notification, savedAtMs, { r, ...s }),
};

const SHIFT = { due: 'at-its-time', confirmsFirst: true, keepsSeenStart: false } as const;
const NOTICE = {
  due: 'when-noticed',
  confirmsFirst: false,
  catchUp: 'as-is',
  heldWhileAhead: false,
  keepsSeenStart: false,
} as const;

export const POLICIES = {
  lead: {
    ...SHIFT,
    quiet: 'speaks-in-time',
    catchUp: 'with-its-shift',
    heldWhileAhead: true,
    inSummary: 'time-from-now',
    onTime: { fresh: asPlanned, saved: upcomingNow.saved },
    late: upcomingNow,
  },
  'heads-up': {
    ...SHIFT,
    quiet: 'speaks',
    catchUp: 'with-its-shift',
    heldWhileAhead: true,
    inSummary: 'as-held',
    onTime: {
      fresh: asPlanned,
      saved: withShift(({ r, opts, savedAtMs }, ref) =>
        headsUpNotification(r.key, ref, r.atMs, r.comes ?? [], opts, reminderBasis(savedAtMs)),
      ),
    },
    late: upcomingNow,
  },
  start: {
    ...SHIFT,
    quiet: 'speaks',
    catchUp: 'with-its-shift',
    heldWhileAhead: false,
    inSummary: 'as-held',
    onTime: {
      fresh: asPlanned,
      saved: withShift(({ r, nowMs, opts, savedAtMs }, ref) =>
        savedStartNotification(r.key, ref, opts, nowMs, reminderBasis(savedAtMs)),
      ),
    },
    late: {
      fresh: withShift(({ nowMs, opts }, ref) => sinceNotification(`${ref.group}:start`, ref, opts, nowMs, PLANNED)),
      saved: withShift(({ nowMs, opts, savedAtMs }, ref) =>
        sinceNotification(`${ref.group}:start`, ref, opts, nowMs, reminderBasis(savedAtMs)),
      ),
    },
  },
  end: {
    ...SHIFT,
    keepsSeenStart: true,
    quiet: 'waits',
    catchUp: 'late-end',
    heldWhileAhead: false,
    inSummary: 'as-held',
    onTime: {
      fresh: asPlanned,
      saved: withShift(({ r, nowMs, opts, savedAtMs }, ref) =>
        savedEndNotification(r.key, ref, opts, nowMs, reminderBasis(savedAtMs)),
      ),
    },
    late: {
      fresh: withShift(({ r, nowMs, opts }, ref) => lateEndNotification(r.key, ref, opts, nowMs, PLANNED)),
      saved: withShift(({ r, nowMs, opts, savedAtMs }, ref) =>
        lateEndNotification(r.key, ref, opts, nowMs, reminderBasis(savedAtMs)),
      ),
    },
  },
  coverage: { ...NOTICE, quiet: 'waits', inSummary: 'as-held', onTime: asNoticed, late: asNoticed },
  change: { ...NOTICE, quiet: 'speaks-in-time', inSummary: 'from-statement', onTime: asNoticed, late: asNoticed },
  correction: { ...NOTICE, quiet: 'speaks-in-time', inSummary: 'as-held', onTime: asNoticed, late: asNoticed },
} satisfies Record<ReminderKind, ReminderPolicy>;

export const policyOf = (kind: ReminderKind): ReminderPolicy => POLICIES[kind];

/** Shown as soon as noticed (coverage requests, change notices), not at a planned instant. */
export const isAsap = (r: Pick<PlannedReminder, 'kind'>): boolean => policyOf(r.kind).due === 'when-noticed';

/** One line of the summary after quiet time, worded for the moment it is read; a line whose data is not fresh by
 *  then says what it rests on (unless its words already do), by the one wording of every basis. */
export function heldLine(h: HeldMessage, nowMs: number, opts: MessageOptions, basis: Basis): string {
  const saved = /According to saved data/.test(h.body) ? '' : basisMark(basis, nowMs, opts);
  // A held change is worded now, from its statement: its timing ("on call in 3 h") as of now, its days from today.
  if (h.change) {
    const now = changeNotification(h.key, h.change, nowMs, opts);
    return `${now.title}${saved}: ${now.body}`;
  }
  // So is a held correction: from what it states (the file's text is never shown).
  if (h.correction) {
    const now = correctionWords(h.key, h.correction, nowMs, opts);
    return `${now.title}${saved}: ${now.body}`;
  }
  const kind = isKind(h.kind) ? policyOf(h.kind).inSummary : 'as-held';
  if (kind === 'time-from-now' && h.startsAtMs !== undefined)
    return `On call ${formatRelative(nowMs, h.startsAtMs)}${saved}: ${h.body}`;
  // A change's body ends with its timing as of when it was held ("— on call in 4 h"): never shown as held. One is
  // always held with its statement (worded above); without it, only what it is can be said, not its stale words.
  if (kind === 'from-statement') return `${h.title}${saved}.`;
  return `${h.title}${saved}: ${h.body}`;
}

/** A held message's kind as stored (a string in the file): one of this table's kinds, or not. */
export const isKind = (kind: string): kind is ReminderKind => Object.hasOwn(POLICIES, kind);
