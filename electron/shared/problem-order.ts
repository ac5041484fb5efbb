// The order problems are said in, the popover's and the tray's alike (adv49 r11 F2: the tray went by account, so its
// "N more problems" fold, which keeps the first, could bury a rejected key).
import type { SyncStatus } from './view-state';

/** Worst first: a rejected key never heals by itself, then what failed, then being offline, then a part unread. */
export const WORST_FIRST: readonly SyncStatus['kind'][] = ['key_rejected', 'error', 'offline', 'partial'];
