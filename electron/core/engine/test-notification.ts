// "Send a test notification" (readiness): where the platform can't say whether notifications reach the person
// (macOS Focus, Windows Do Not Disturb, a server that reports no state), the person can: the app sends one, and the
// popover asks whether it appeared. The answer is kept in settings (notificationTest) for the readiness check.
import type { RequestOf, ResponseOf } from '../../shared/ipc-contract';
import { failure } from '../actions/common';
import type { Clock, Notifier } from '../ports';
import type { SettingsHolder } from './settings';

export const TEST_NOTIFICATION_TITLE = 'Test notification from OnCall Tray';

export interface TestNotificationParts {
  clock: Clock;
  notifier: Notifier;
  settings: () => SettingsHolder;
}

export function testNotificationHandler(
  parts: TestNotificationParts,
): (request: RequestOf<'readiness:test'>) => Promise<ResponseOf<'readiness:test'>> {
  return async ({ step }) => {
    const at = new Date(parts.clock.now()).toISOString();
    if (step === 'send') {
      try {
        await parts.notifier.notify({
          id: `test-notification:${at}`,
          title: TEST_NOTIFICATION_TITLE,
          body: 'If you can read this, reminders reach you. Say so in the popover.',
          target: 'status',
        });
      } catch {
        return failure('notification', 'The test notification could not be handed to the system.');
      }
      const saved = await parts.settings().update({ notificationTest: { at, seen: null } });
      return saved.ok ? { ok: true, value: null } : saved;
    }
    const sent = parts.settings().stored().notificationTest;
    if (!sent) return failure('validation', 'No test notification was sent yet.');
    const saved = await parts.settings().update({ notificationTest: { at: sent.at, seen: step === 'seen' } });
    return saved.ok ? { ok: true, value: null } : saved;
  };
}
