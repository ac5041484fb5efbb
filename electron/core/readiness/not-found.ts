// The readiness check of a schedule the service answers "not found" for (deleted there, or this key no longer sees
// it). Its saved shifts stay saved data on every surface, and its reminders, start alarm and phone come from them
// (adv47 r26 #1), so the check says that, and the one fix only the person can make: remove or replace it.
import type { ReadinessCheck } from '../../shared/view-state';

export function notFoundCheck(scheduleName: string): ReadinessCheck {
  return {
    id: 'schedule',
    result: 'problem',
    message: `${scheduleName} wasn't found on the service: its shift, reminders and alarm come from saved data, which may have changed. Remove or replace it in Settings.`,
    action: 'settings',
  };
}
