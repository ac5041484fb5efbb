// The state of the popover's part below the glance (the week's fold, my shifts, the cards and their order and
// groups, a card's Override). Apart from StatusViewState so its code loads with that part, after the first frame:
// the first-loaded JS holds the glance only (bench: renderer JS the popover loads first).
import { hasData } from '../../../electron/shared/freshness';
import type { AppState, ScheduleView } from '../../../electron/shared/view-state';
import { severalAccounts, withAccount } from './accounts';
import { groupByAccount } from './card-groups';
import { orderedSchedules } from './glance';
import type { KeyValueStore, OpenView } from './ports';
import { knowsMe } from './status-model';

/** Where the week's fold is remembered between openings of the popover. */
export const WEEK_KEY = 'oncall:week-collapsed';

export interface StatusMorePorts {
  open: OpenView;
  /** Absent (main's prerender) or refusing: the fold is kept for this window only. */
  storage?: KeyValueStore | undefined;
}

export class StatusMoreState {
  readonly #model: () => AppState;
  readonly #ports: StatusMorePorts;

  weekHidden = $state(false);

  /** "My shifts" shows once I am known by e-mail and a schedule was read. */
  get showsMyShifts() {
    return this.#showsMyShifts;
  }
  #showsMyShifts = $derived.by(() => knowsMe(this.#model()) && this.#model().schedules.some((s) => hasData(s.status)));
  get schedules() {
    return this.#schedules;
  }
  #schedules = $derived.by(() => orderedSchedules(this.#model()));
  /** With several accounts, the cards come grouped by account under a heading naming it (and its problem). */
  get groups() {
    return this.#groups;
  }
  #groups = $derived.by(() =>
    severalAccounts(this.#model()) ? groupByAccount(this.#model(), this.schedules) : undefined,
  );

  constructor(model: () => AppState, ports: StatusMorePorts) {
    this.#model = model;
    this.#ports = ports;
    // Collapsed or not as last left.
    try {
      this.weekHidden = ports.storage?.getItem(WEEK_KEY) === '1';
    } catch {
      this.weekHidden = false;
    }
  }

  toggleWeek = (): void => {
    this.weekHidden = !this.weekHidden;
    try {
      this.#ports.storage?.setItem(WEEK_KEY, this.weekHidden ? '1' : '0');
    } catch {
      // No storage: remembered for this window only.
    }
  };

  overrideOn = (schedule: ScheduleView): void =>
    void this.#ports.open('override', {
      scheduleId: schedule.id,
      scheduleName: withAccount(this.#model(), schedule.accountId, schedule.name),
    });
}
