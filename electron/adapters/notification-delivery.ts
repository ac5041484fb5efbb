// Windows and Linux: readiness knows the last delivery failure, as macOS's check does (electron-notifier.ts). The
// desktop's own answer can't see it: dunst answers on D-Bus while every notify-send fails (libnotify-bin missing),
// and Windows tells nothing at all, so readiness said "loud ✓" through a notification that had just failed (adv50
// r21 #1). A failure stands until a later notification is shown.
import type { NotificationHealthResult } from '../core/readiness/readiness';
import { SYSTEM_NOTIFICATION_FIX } from './notification-fallback';

/** Longest failure reason said: a system's error text is not ours to size, and the line must stay readable. */
const REASON_MAX = 160;

export interface DeliveryRecord {
  failed(error: string): void;
  shown(): void;
  failure(): string | undefined;
}

export function deliveryRecord(): DeliveryRecord {
  let failure: string | undefined;
  return {
    failed: (error) => void (failure = error),
    shown: () => void (failure = undefined),
    failure: () => failure,
  };
}

function reasonOf(error: string): string {
  const line = error.split('\n')[0]?.trim() || 'unknown error';
  return line.length > REASON_MAX ? `${line.slice(0, REASON_MAX - 1)}…` : line;
}

/** The desktop's answer, unless it says nothing is wrong while the last notification failed: then that failure,
 *  with the platform's fix (a problem the desktop reports itself names its own fix, so it is kept). */
export function withLastFailure(
  platform: NodeJS.Platform,
  desktop: () => Promise<NotificationHealthResult>,
  record: Pick<DeliveryRecord, 'failure'>,
): () => Promise<NotificationHealthResult> {
  return async () => {
    const answer = await desktop();
    const failure = record.failure();
    if (failure === undefined || answer.result === 'problem') return answer;
    const fix = SYSTEM_NOTIFICATION_FIX[platform] ?? SYSTEM_NOTIFICATION_FIX.linux ?? '';
    return {
      result: 'problem',
      message: `The last notification failed: ${reasonOf(failure)}; only the alarm window rings. ${fix}`,
      quietWhy: 'the last notification failed',
    };
  };
}
