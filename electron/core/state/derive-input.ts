// What one service's state is derived from (derive.ts): its snapshot, now, its settings and what the platform said.
import type { ServiceSettings } from '../../shared/settings';
import type { AccountSetup, AppState } from '../../shared/view-state';
import type { NotificationHealthResult } from '../readiness/readiness';
import type { Snapshot } from '../model/snapshot';

export interface DeriveInput {
  snapshot: Snapshot;
  nowMs: number;
  settings: ServiceSettings;
  setup: AccountSetup;
  syncing: boolean;
  notices: AppState['notices'];
  /** This computer's zone: months, nights and weekends of my on-call load (every time in the state is ISO). */
  localZone?: string;
  /** True until the first sync of this session succeeded: cached data is then shown as stale. */
  servedFromCache?: boolean;
  /** What the platform last said about showing notifications (readiness before my next shift). */
  notificationHealth?: NotificationHealthResult;
  /** Until when the service asked to wait (Retry-After), while it lasts: the status says until when. */
  serviceWaitUntilMs?: number;
  /** Until when the service itself asked to wait (its Retry-After, uncapped), while it lasts: said as its ask. */
  serviceAskedUntilMs?: number;
  /** While it lasts, when the app asks the service next: said as the app's own where it differs from the ask. */
  nextTryMs?: number;
  /** The schedules an earlier account of the same service tells (shared/accounts.ts schedulesToldElsewhere): my
   *  load leaves them out here, as my shifts do (combine.ts), so each schedule of the service is counted once. */
  toldElsewhere?: ReadonlySet<string>;
}
