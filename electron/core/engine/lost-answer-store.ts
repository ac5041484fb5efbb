// The writes whose answer was lost and that the schedule did not show yet (override-again.ts's doubts), kept on disk
// (`lost-answers.json`, one per account) so a restart during the 2-minute settle does not drop it: the next press
// after a restart still waits out the settle and reads the schedule first, never resends at once (adv48 round 11 #1).
// Read back like every file (issue 52, read-back.ts): a file not of its shape is kept aside and said; each entry is
// checked against the clock (none dated ahead; one past the doubt's keep is let go) and the schedules watched now
// (one for a schedule not watched is dropped, said once, the file kept aside). Nothing is ever sent from an entry:
// it only makes a later create of the same wish look first.
import { z } from 'zod';
import { CreateOverrideInputSchema } from '../../api/schemas';
import { OverridePreviewSchema } from '../../shared/action-schemas';
import { MAIN_ACCOUNT_ID, type AccountId } from '../../shared/accounts';
import { CreatedOverrideSchema } from '../model/snapshot';
import type { Clock, FileStore } from '../ports';
import type { Notice } from '../storage/settings-store';
import { droppedText, keepAside, readBack, sortClaims } from '../storage/read-back';
import type { Blind, Doubt, DoubtFile } from '../actions/override-again';

export const LOST_ANSWERS_NOTICE_ID = 'lost-answers';
/** Far above what the app writes (a few entries of ~1 kB each, each kept 30 minutes). */
const MAX_CHARS = 200_000;
const WHAT = 'the writes whose answer was lost';

export function lostAnswersFileOf(accountId: AccountId): string {
  return accountId === MAIN_ACCOUNT_ID ? 'lost-answers.json' : `lost-answers-${accountId}.json`;
}

const NoteSchema = CreatedOverrideSchema.pick({ kind: true, replaced: true, kept: true, offUntil: true }).required({
  kind: true,
});

const EntrySchema = z.object({
  key: z.string().max(4_000),
  plan: z.object({
    scheduleId: z.string().min(1).max(500),
    startMs: z.number().int(),
    endMs: z.number().int(),
    input: CreateOverrideInputSchema,
    preview: OverridePreviewSchema,
  }),
  note: NoteSchema.optional(),
  atMs: z.number().int(),
  revisionBefore: z.number().int().min(0).nullable().optional(),
  moves: z.boolean().optional(),
  lost: z.boolean().optional(),
});
type Entry = z.infer<typeof EntrySchema>;

const FileSchema = z.object({ version: z.literal(1), entries: z.array(EntrySchema).max(500) });

export interface LostAnswerFile extends DoubtFile {
  /** Reads the file once (at the session's start); `watched`: the schedule ids watched now. */
  load(watched: readonly string[], report: (n: Notice) => void): Promise<void>;
  settled(): Promise<void>;
}

/** Why an entry read back can't be used, or undefined when it holds. */
function entryProblem(nowMs: number, watched: ReadonlySet<string>) {
  return (e: Entry): string | undefined => {
    if (e.atMs > nowMs) return 'a write dated ahead of the clock';
    if (!watched.has(e.plan.scheduleId)) return 'a write on a schedule not watched';
    const p = e.plan;
    const together =
      p.startMs === Date.parse(p.input.start) &&
      p.endMs === Date.parse(p.input.end) &&
      p.preview.scheduleId === p.scheduleId &&
      e.key.startsWith(`[${JSON.stringify(p.scheduleId)},`);
    return together ? undefined : 'a write whose window does not hold together';
  };
}

export function createLostAnswerFile(files: FileStore, name: string, clock: Clock, keepMs: number): LostAnswerFile {
  let read: Array<[string, Doubt]> = [];
  let blind: Blind | undefined;
  let writing: Promise<void> = Promise.resolve();
  return {
    async load(watched, report) {
      const say = (message: string) => report({ id: LOST_ANSWERS_NOTICE_ID, message });
      const got = await readBack(files, name, FileSchema, { maxChars: MAX_CHARS });
      if (got.kind === 'absent') return;
      // Records existed that can't be used: writes there wait out a settle from now (adv48 r12 #3).
      if (got.kind === 'unreadable' || got.kind === 'refused') blind = { scheduleIds: 'all', sinceMs: clock.now() };
      if (got.kind === 'unreadable') {
        say(
          `The writes whose answer was lost couldn't be read (${got.reason}): check the schedule before writing again.`,
        );
        return;
      }
      if (got.kind === 'refused') {
        const where = got.kept === undefined ? ' Keeping it aside failed too.' : ` The file was kept as ${got.kept}.`;
        say(`The saved writes whose answer was lost were not the app's and nothing of them was used.${where}`);
        return;
      }
      const nowMs = clock.now();
      // One past its keep is let go without a word: the app lets it go too (override-again.ts).
      const recent = got.value.entries.filter((e) => nowMs - e.atMs <= keepMs);
      const sorted = sortClaims(recent, entryProblem(nowMs, new Set(watched)));
      read = sorted.kept.map(({ key, ...doubt }) => [key, doubt]);
      const lost = recent.filter((e) => !sorted.kept.includes(e)).map((e) => e.plan.scheduleId);
      if (lost.length > 0) blind = { scheduleIds: new Set(lost), sinceMs: nowMs };
      if (sorted.dropped.length > 0) say(droppedText(WHAT, sorted.dropped, await keepAside(files, name)));
    },
    entries: () => read,
    blind: () => blind,
    save(doubts) {
      const entries = doubts.map(([key, { restored: _restored, ...d }]) => ({ key, ...d }));
      const text = JSON.stringify({ version: 1, entries });
      writing = writing.then(() => files.writeAtomic(name, text)).catch(() => undefined);
    },
    settled: () => writing,
  };
}
