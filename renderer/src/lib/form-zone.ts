// The zone a write form's typed times are read in: the one it was opened in, kept until it closes, so the fields,
// the preview and the note under them say one zone and what is sent is the time they named. When the computer's
// zone changes while the form is open, the note says so (the fields keep their meaning; the user checks them).
import { zoneLabel } from '../../../electron/shared/format';

/** The note under a form's time fields: the zone they are read in, and the computer's when it has changed since. */
export function formZoneNote(formZone: string, computerZone: string): string {
  if (formZone === computerZone) return `Your local time (${zoneLabel(formZone)}).`;
  return (
    `${zoneLabel(formZone)} time: your computer's time zone changed to ${zoneLabel(computerZone)} while this form ` +
    `was open; the times here are still ${zoneLabel(formZone)} time. Check them.`
  );
}
