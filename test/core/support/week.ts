// A week of rotations in three zones (Berlin across its DST change, New York, Kolkata's half-hour offset), built
// with luxon in each schedule's own zone, plus a harness that runs the reminder scheduler on a fake clock.
import { DateTime } from 'luxon';
import type { Shift, User } from '../../../electron/api/schemas';
import { openFiredStore } from '../../../electron/core/storage/cache';
import type { NotificationRequest } from '../../../electron/core/ports';
import { planReminders } from '../../../electron/core/reminders/plan';
import { createReminderScheduler, type ReminderScheduler } from '../../../electron/core/reminders/scheduler';
import type { Snapshot } from '../../../electron/core/model/snapshot';
import type { ServiceSettings } from '../../../electron/shared/settings';
import { FakeClock } from './fake-clock';
import { alice, bob, carol, details, me, scheduleSnap, settingsWith, snapshotOf } from './fixtures';
import { MemoryFileStore } from './memory-file-store';

export const T0 = Date.parse('2026-03-25T00:00:00Z');

/** `count` consecutive shifts from `firstDay` at `time` local, each `hours` long in local wall time. */
export function rotation(
  zone: string,
  firstDay: string,
  time: string,
  hours: number,
  users: User[],
  count: number,
): Shift[] {
  const first = DateTime.fromISO(`${firstDay}T${time}`, { zone });
  return Array.from({ length: count }, (_, i) => {
    const start = first.plus({ hours: i * hours });
    const end = first.plus({ hours: (i + 1) * hours });
    const at = (d: DateTime): string => d.toUTC().toISO({ suppressMilliseconds: true }) ?? '';
    return { start: at(start), end: at(end), users: [users[i % users.length] ?? alice] };
  });
}

/** Daily handoffs at 09:00 local: in Berlin a day is 23 h across 29 March. */
function dailyAt(zone: string, time: string, users: User[], days: number): Shift[] {
  const first = DateTime.fromISO(`2026-03-25T${time}`, { zone });
  const at = (d: DateTime): string => d.toUTC().toISO({ suppressMilliseconds: true }) ?? '';
  return Array.from({ length: days }, (_, i) => ({
    start: at(first.plus({ days: i })),
    end: at(first.plus({ days: i + 1 })),
    users: [users[i % users.length] ?? alice],
  }));
}

export function weekSnapshot(): Snapshot {
  const fetched = '2026-03-25T00:00:00Z';
  const make = (id: string, name: string, zone: string, shifts: Shift[]) =>
    scheduleSnap(id, shifts, {
      details: details(name, zone, [alice, bob, carol, me]),
      detailsFetchedAt: fetched,
      shiftsFetchedAt: fetched,
      shiftsFrom: fetched,
    });
  return snapshotOf([
    make(
      'sch_berlin',
      'Platform primary',
      'Europe/Berlin',
      dailyAt('Europe/Berlin', '09:00', [alice, bob, carol, me], 9),
    ),
    make('sch_ny', 'Payments', 'America/New_York', dailyAt('America/New_York', '09:00', [carol, alice, me], 9)),
    make(
      'sch_kol',
      'Data pipeline',
      'Asia/Kolkata',
      rotation('Asia/Kolkata', '2026-03-25', '09:30', 12, [alice, bob, carol, bob, me], 18),
    ),
  ]);
}

export function weekSettings(patch: Partial<ServiceSettings['reminders']> = {}): ServiceSettings {
  const base = settingsWith({ schedules: [{ id: 'sch_berlin' }, { id: 'sch_ny' }, { id: 'sch_kol' }] });
  return { ...base, reminders: { ...base.reminders, ...patch } };
}

export interface Shown {
  atMs: number;
  n: NotificationRequest;
}

/** A running app: fake clock, recording notifier, fired keys in a (shared) file store, re-planning like sync. */
export class Harness {
  readonly shown: Shown[] = [];
  scheduler!: ReminderScheduler;

  constructor(
    readonly clock: FakeClock,
    readonly files: MemoryFileStore,
    public snapshot: Snapshot,
    public settings: ServiceSettings,
  ) {}

  async start(previous?: Snapshot): Promise<this> {
    const firedStore = await openFiredStore(this.files, { now: () => this.clock.now() });
    const notifier = { notify: async (n: NotificationRequest) => void this.shown.push({ atMs: this.clock.now(), n }) };
    this.scheduler = createReminderScheduler({ clock: this.clock, notifier, firedStore, localZone: 'Europe/Berlin' });
    this.replan(previous);
    return this;
  }

  replan(previous?: Snapshot): void {
    const plan = planReminders({
      snapshot: this.snapshot,
      previous,
      nowMs: this.clock.now(),
      settings: this.settings,
      localZone: 'Europe/Berlin',
    });
    this.scheduler.setPlan(plan);
  }

  /** Runs until `untilMs`, re-planning every `syncEveryMs` as the sync loop would. */
  async runUntil(untilMs: number, syncEveryMs = 60 * 60_000): Promise<void> {
    while (this.clock.now() < untilMs) {
      await this.clock.advanceTo(Math.min(untilMs, this.clock.now() + syncEveryMs));
      this.replan(this.snapshot);
    }
    await this.scheduler.settled();
  }
}

export async function harness(settings = weekSettings(), files = new MemoryFileStore(), atMs = T0): Promise<Harness> {
  return new Harness(new FakeClock(atMs), files, weekSnapshot(), settings).start();
}
