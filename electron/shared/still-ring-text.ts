// How the tray, the tooltip, the popover and `status` say a phone alert that must not ring and whose cancel hasn't
// gone through (issue 50, adv50 r8 #3: handed off while ntfy couldn't be reached, it was said only in Settings → Phone
// for 50 min, then as a problem of the next day's shift, and the phone rang for a shift that was Alice's). Its own
// statement with its own instant: "Your phone may still ring at 09:03 for the Ops shift you no longer have
// (cancelling it hasn't gone through: could not connect)"; once that instant passed, "may have rung".
import { accountNamed } from './account-names';
import { isolate } from './bidi';
import { formatDayTime } from './format';
import type { StillRing } from './phone-intent';

export interface StillRingTextOptions {
  nowMs: number;
  /** Omitted in the popover (the system zone). */
  localZone?: string;
  locale?: string;
}

const PASSED: Record<StillRing['why'], string> = {
  'not-mine': 'it was no longer your shift',
  acknowledged: 'you had acknowledged it',
  silenced: 'its reminders were muted or paused',
  moved: 'its start had moved',
};
const AHEAD: Record<StillRing['why'], string> = {
  'not-mine': 'you no longer have',
  acknowledged: 'you acknowledged',
  silenced: 'whose reminders are muted or paused',
  moved: 'whose start moved',
};

/** Its instant in the formatter's one form: "10:03 (09:03 UTC)", the schedule's own time beside the local one where
 *  their offsets differ, as every other line of the shift says it (adv47 r11 #5: local only). */
function stillRingAt(s: StillRing, o: StillRingTextOptions): string {
  return formatDayTime(s.at, s.scheduleZone ? { ...o, scheduleZone: s.scheduleZone } : o);
}

/** One line per alert (the account named while there are several). */
export function stillRingLine(s: StillRing, o: StillRingTextOptions): string {
  const at = stillRingAt(s, o);
  // Named by the target it was booked for; one read back after a restart has no name: "a shift".
  const shift = s.scheduleName ? `the ${isolate(accountNamed(s.accountName, s.scheduleName))} shift` : 'a shift';
  if (s.passed) return `Your phone may have rung at ${at} for ${shift} — ${PASSED[s.why]}`;
  const whose = `${shift} ${AHEAD[s.why]}`;
  return `Your phone may still ring at ${at} for ${whose} (cancelling it hasn't gone through: ${s.error})`;
}

/** Every such line the state holds, soonest first. */
export function stillRingLines(
  phone: { stillRing?: readonly StillRing[] } | null | undefined,
  o: StillRingTextOptions,
): string[] {
  return [...(phone?.stillRing ?? [])].sort((a, b) => a.at.localeCompare(b.at)).map((s) => stillRingLine(s, o));
}

/** Its short form, for a glance cut short (Windows' 127-character tooltip: the whole line is 139–150 characters and
 *  fell past the cut, adv47 r11 #3): "Phone may still ring at 10:03 (Ops)"; the whole line follows. */
export function stillRingShort(s: StillRing, o: StillRingTextOptions): string {
  const at = stillRingAt(s, o);
  const what = s.scheduleName ? ` (${isolate(accountNamed(s.accountName, s.scheduleName))})` : '';
  return `Phone may ${s.passed ? 'have rung' : 'still ring'} at ${at}${what}`;
}

/** The short forms, soonest first. */
export function stillRingShortLines(
  phone: { stillRing?: readonly StillRing[] } | null | undefined,
  o: StillRingTextOptions,
): string[] {
  return [...(phone?.stillRing ?? [])].sort((a, b) => a.at.localeCompare(b.at)).map((s) => stillRingShort(s, o));
}

/** What several such alerts may do, as a fold says them ("Your phone may still ring for 3 shifts"): "may still
 *  ring", "may have rung" once every one's instant passed, or both. */
export function stillRingMay(all: readonly StillRing[]): string {
  const passed = all.filter((s) => s.passed).length;
  return passed === 0 ? 'may still ring' : passed === all.length ? 'may have rung' : 'may still ring or have rung';
}

/** Several in one line, for a glance cut short ("Phone may still ring for 2 shifts", as the menu's submenu says them):
 *  one short line per shift put the pause past Windows' cut (adv49 r34 F1). */
export function stillRingCounted(all: readonly StillRing[]): string {
  return `Phone ${stillRingMay(all)} for ${all.length} shifts`;
}
