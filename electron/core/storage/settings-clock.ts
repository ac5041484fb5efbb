// settings.json's own records of what happened, checked against the clock once parsed (issue 52: a file read back
// is a claim). The schema can only tell that a field looks like a time; whether the app can have written it by now
// is this file's question. Today the one such record is the answer to "Send a test notification" (notificationTest):
// dated ahead of the clock (a machine whose clock ran ahead, a restored copy, a hand edit) it would read as "seen
// this week" for as long as that date lies ahead, or as a test that didn't appear. pausedUntil is a time the user
// chose, ahead by nature: engine-settings.ts says a far one and keeps it, on purpose.
import type { Settings } from '../../shared/settings';
import { plausibleInstant } from './read-back';

/** The slack the app's other records allow a time it wrote (cache-claims.ts, the phone-alert records): a clock step. */
export const SETTINGS_CLOCK_SLACK_MS = 60_000;

/** What a dropped answer is called in the settings notice (the words the other records use for the same refusal). */
export const TEST_ANSWER_DROPPED = "notificationTest (a test notification answered at a time that can't be true)";

/** The settings with each record the app can't have written by `nowMs` reset to its default, and what was reset. */
export function checkSettingsClock(settings: Settings, nowMs: number): { settings: Settings; reset: string[] } {
  const test = settings.notificationTest;
  // Also refused: a date before 2000 or not a UTC instant the app writes (the schema only bounds its length).
  if (test === null || plausibleInstant(test.at, nowMs + SETTINGS_CLOCK_SLACK_MS) !== undefined)
    return { settings, reset: [] };
  return { settings: { ...settings, notificationTest: null }, reset: [TEST_ANSWER_DROPPED] };
}
