// One session's reminders: made at start (they need the fired record, opened once for all accounts), scoped to
// the account (its own keys in the record, its label in notifications), and told only what no earlier account of
// the same service tells (that one tells those once).
import type { BlockSpan } from '../../shared/on-call-run';
import type { Basis } from '../../shared/basis';
import { myTimeOf } from '../reminders/message-words';
import type { AccountId } from '../../shared/accounts';
import type { ServiceSettings } from '../../shared/settings';
import type { Snapshot } from '../model/snapshot';
import type { FiredStore, HeldMessage } from '../storage/fired-store';
import type { Clock, Notifier } from '../ports';
import type { SyncLoop } from '../sync/types';
import { withoutToldElsewhere, type ToldElsewhere } from '../reminders/told-once';
import { createRemindersFor, NO_REMINDERS, type ReminderHook } from './reminders';
import { scopedFired, scopedNotifier } from './account-scope';
import type { HeldSnapshot } from './session-snapshot';

export interface SessionRemindersOptions {
  accountId: AccountId;
  clock: Clock;
  notifier: Notifier;
  notificationLabel: () => string | undefined;
  localZone: () => string;
  log: (message: string) => void;
  settings: () => ServiceSettings;
  silenced?: () => boolean;
  alarmTakesStart?: (scheduleId: string, startMs: number) => boolean;
  /** Whether my on-call time (every account's blocks) goes on past this end: then it is no end, and "Shift ended"
   *  is not said for it (shared/on-call-run.ts goesOnPast). */
  onCallGoesOnPast?: (endMs: number) => boolean;
  /** Every block of mine as known, on every schedule of every account (the blocks `onCallGoesOnPast` asks): what a
   *  change notice or correction asks before saying I am not on call then (shared/on-call-run.ts). */
  myBlocks?: () => readonly BlockSpan[];
  /** What "not on call" over a time rests on across every watched schedule (shared/off-call-basis.ts). */
  offCallBasis?: (fromMs: number, toMs: number, scheduleId: string) => Basis;
  toldElsewhere?: () => ToldElsewhere;
  /** The other accounts of the same service: a reminder one of them showed is not shown again through this one. */
  kin?: () => AccountId[];
  /** What it tells: its snapshot with the same service's better reads taken (best-reads.ts). */
  bestRead?: (own: Snapshot) => Snapshot;
  /** The snapshot with the own-write records of the service's other accounts added (state/service-writes.ts): a
   *  write of mine through another account is no change to announce. */
  serviceWrites?: (snap: Snapshot) => Snapshot;
  held: HeldSnapshot;
  changed: () => void;
}

export interface SessionReminders {
  /** Starts them: until then replan and wake do nothing. */
  start: (fired: FiredStore, sync: SyncLoop) => void;
  replan: () => void;
  wake: () => void;
  stop: () => void;
  settled: () => Promise<void>;
  /** The record's `mine:` keys (the blocks the app had as mine), once started; none before. */
  mineKeys: () => string[];
}

/** Whether this account tells a held message now: one of a schedule (or the coverage list) another account of the
 *  service tells now is that account's to tell (account-scope.ts heldTold). */
function tellsHeld(told: ToldElsewhere | undefined, h: HeldMessage): boolean {
  if (!told) return true;
  if (h.scheduleId !== undefined) return !told.schedules.has(h.scheduleId);
  return h.kind !== 'coverage' || !told.coverage;
}

export function createSessionReminders(o: SessionRemindersOptions): SessionReminders {
  let reminders: ReminderHook = NO_REMINDERS;
  let fired: FiredStore | undefined;
  const told = (): Snapshot => {
    const read = o.bestRead?.(o.held.get()) ?? o.held.get();
    return o.serviceWrites?.(read) ?? read;
  };
  const replan = (): void =>
    reminders.replan(
      withoutToldElsewhere(
        // From the best read of each schedule (its change from what was said before is told once, by its record).
        { snapshot: told(), previous: o.held.previous(), settings: o.settings() },
        o.toldElsewhere?.(),
      ),
    );
  return {
    start(all, sync) {
      fired = scopedFired(all, o.accountId, o.kin, (h) => tellsHeld(o.toldElsewhere?.(), h));
      reminders = createRemindersFor({
        clock: o.clock,
        notifier: scopedNotifier(o.notifier, o.accountId, o.notificationLabel),
        fired,
        localZone: o.localZone,
        log: o.log,
        onWake: () => (o.changed(), void sync.request({ reason: 'resume' })),
        confirm: (scheduleIds) => void sync.request({ reason: 'reminder', scheduleIds, rereadShifts: true }),
        ...(o.silenced ? { silenced: o.silenced } : {}),
        ...(o.alarmTakesStart ? { alarmTakesStart: o.alarmTakesStart } : {}),
        ...(o.onCallGoesOnPast ? { onCallGoesOnPast: o.onCallGoesOnPast } : {}),
        ...myTimeOf(o),
        // Said once with the saved schedule data's other entries found untrue once read (session-snapshot.ts).
        untrue: o.held.dropped,
      });
    },
    replan,
    wake: () => reminders.wake(),
    stop: () => reminders.stop(),
    settled: () => reminders.settled(),
    mineKeys: () => (fired?.keys() ?? []).filter((k) => k.startsWith('mine:')),
  };
}
