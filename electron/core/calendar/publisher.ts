// Renders my calendar from a snapshot and keeps the record of what was published (see published-record.ts for
// the UID rule). One render at a time per record, so two requests never hand out diverging sequences. What a
// calendar is made from is calendar-groups.ts; each block's event as published, published-events.ts; the
// calendar's header words, calendar-head.ts.
import { afterFirstRead, type RecordSigner } from '../storage/record-key';
import type { FileStore } from '../ports';
import type { Notice } from '../storage/settings-store';
import { calendarText, eventLines } from './ics-calendar';
import { descriptionOf, summaryOf } from './event-words';
import type { CalendarBlock } from './my-blocks';
import { readRecord, writeRecord, type PublishedRecord } from './published-record';
import { sayRendered, type LeftOut } from './record-said';
import { groupsOf, watchedRefs, windowOf, type CalendarInput } from './calendar-groups';
import { headOf } from './calendar-head';
import { keptOfSchedule, publishSchedule } from './published-events';

export type { CalendarInput, CalendarService } from './calendar-groups';

/** Record files: one per output, so an imported export and a subscribed feed each keep their own sequences. */
export const EXPORT_RECORD = 'calendar-export.json';
export const FEED_RECORD = 'calendar-feed.json';

export interface CalendarPublisher {
  render(input: CalendarInput): Promise<string>;
}

/** Each block the calendar tells, with its account and its event's words (summary, description): what the text
 *  registry reads (test/support/text-registry.ts), from the same groups the calendar is rendered from. */
export function calendarTexts(
  input: CalendarInput,
): { ref: string; block: CalendarBlock; summary: string; description: string }[] {
  return groupsOf(input, windowOf(input))
    .filter((g) => g.known)
    .flatMap((g) =>
      g.blocks.map((block) => ({
        ref: g.ref,
        block,
        summary: summaryOf(block),
        description: descriptionOf(block, input.localZone),
      })),
    );
}

async function renderWith(
  files: FileStore,
  recordName: string,
  input: CalendarInput,
  report: (notice: Notice) => void,
  signer: RecordSigner | undefined,
): Promise<string> {
  const groups = groupsOf(input, windowOf(input));
  const watched = watchedRefs(input);
  const origins = new Map(groups.map((g) => [g.ref, g.origin]));
  const { record, rewrite, spent } = await readRecord(files, recordName, input.nowMs, report, watched, signer, origins);
  const next: PublishedRecord = new Map();
  // A schedule not loaded yet keeps its entries: its blocks are unknown, not gone.
  const pending = new Set(groups.filter((g) => !g.known).map((g) => g.ref));
  for (const [uid, e] of record) if (pending.has(e.scheduleId)) next.set(uid, e);
  const left: LeftOut = { reasons: [], signed: signer !== undefined };
  const published = groups
    .filter((g) => g.known)
    .flatMap((g) => {
      const read = publishSchedule(g, record, input.nowMs, input.localZone, spent);
      return [...read, ...keptOfSchedule(g, record, read, input, left)];
    });
  for (const p of published) next.set(p.uid, p.entry);
  const dropped = left.reasons.length > 0;
  await sayRendered(files, recordName, report, published.filter((p) => p.reissued).length, left.reasons);
  if (rewrite || dropped || JSON.stringify([...next]) !== JSON.stringify([...record])) {
    // The calendar is still answered when the record can't be saved; the engine's write watch tells the user.
    await writeRecord(files, recordName, next, signer).catch(() => undefined);
  }
  published.sort((a, b) => a.block.startMs - b.block.startMs || a.group.ref.localeCompare(b.group.ref));
  const events = published.map((p) =>
    eventLines(
      p.block,
      { uid: p.uid, sequence: p.entry.sequence, modifiedMs: p.entry.modifiedMs },
      input.localZone,
      p.group.alarms,
    ),
  );
  return calendarText(headOf(groups, input.localZone), events);
}

/** `report`: told once when the record read back held what the app did not publish (dropped, file kept aside). */
export function createCalendarPublisher(
  files: FileStore,
  recordName: string,
  report: (notice: Notice) => void = () => undefined,
  /** The app's record key (storage/record-key.ts), asked at the first render; absent: no MACs, as before. */
  signerOf: () => Promise<RecordSigner | undefined> = () => Promise.resolve(undefined),
): CalendarPublisher {
  let queue: Promise<unknown> = Promise.resolve();
  let signer: Promise<RecordSigner | undefined> | undefined;
  return {
    render(input) {
      const run = queue.then(async () => {
        const first = signer === undefined;
        const key = await (signer ??= signerOf());
        // Only the first read takes a record from before MACs in (record-key.ts afterFirstRead).
        if (first) signer = Promise.resolve(afterFirstRead(key));
        const marked = () => (first ? afterFirstRead(key, recordName) : undefined);
        return renderWith(files, recordName, input, report, key).finally(marked);
      });
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
