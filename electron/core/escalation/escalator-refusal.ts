// An alert refused for good (escalator-send.ts): the service's reason kept with its channel on disk
// (refusal-store.ts), so a restart still says the phone won't be reached (adv50 r37 #2); and Pushover's monthly
// limit, a refusal until it resets: no alert is POSTed before then (a Send test still is), and readiness says why
// and when it resets, in the service's words (adv50 r37 #1). Before, the limit's 429 was POSTed again each minute.
// One rule for both: what readiness says of a limit ("won't be reached until then") is what the sender does, for a
// limit read back too (adv52 r46 #1: only one the app could have worked out is read back, refusal-store.ts).
import { formatDate } from '../../shared/day-word';
import { limitWords, refusedHeldWords, type UnsentWords } from './missed';
import { loadRefusal, saveRefusal, saveWentThrough } from './refusal-store';
import type { Clock, FileStore } from '../ports';
import type { Notice } from '../storage/settings-store';

/** The refusal standing in an escalator, handed to the one made after it for the same channel (escalator-run.ts
 *  EscalatorOptions.carriedRefusal): a save of other settings (the wait, phone escalation off and on) cures nothing. */
export interface StandingRefusal {
  why: string;
  untilMs?: number | undefined;
  atMs?: number | undefined;
  /** Read back from phone-refusal.json at this run's start (its words say so). */
  kept: boolean;
}

/** What of the escalator's run (escalator-run.ts Run) a refusal reads and keeps: named here, so that file can word
 *  a refusal from this one without an import cycle. */
interface Run {
  sendRefused?: string | undefined;
  limitedUntilMs?: number | undefined;
  refusalKept?: boolean;
  /** When the standing refusal was made (undefined: undated, read back from an old file): what a later delivery
   *  names as the refusal it ended (refusal-store.ts phone-ok.json). */
  refusedAtMs?: number | undefined;
  /** The signed record (escalations.json): which refusal a delivery ended is kept there too (adv52 r54 #1). */
  state: { ended?: { ch: string; after?: number | undefined } | undefined };
  o: {
    files: FileStore;
    clock: Clock;
    provider: { readonly channel: string } | undefined;
    keptRefusal?: boolean;
    carriedRefusal?: StandingRefusal | undefined;
    localZone?: () => string;
    log?: (message: string) => void;
    report?: (notice: Notice) => void;
  };
}

/** Keeps the refusal (none: it no longer stands) in memory and on disk; a failed write is logged, never thrown. */
export async function keepRefused(r: Run, why: string | undefined, untilMs?: number): Promise<void> {
  r.sendRefused = why;
  r.limitedUntilMs = why === undefined ? undefined : untilMs;
  r.refusalKept = false;
  const nowMs = r.o.clock.now();
  r.refusedAtMs = why === undefined ? undefined : nowMs;
  const channel = r.o.provider?.channel;
  if (channel === undefined) return;
  const refusal = why === undefined ? undefined : { why, untilMs };
  await saveRefusal(r.o.files, channel, refusal, nowMs).catch((e: unknown) => notSaved(r, e));
}

const notSaved = (r: Run, e: unknown) =>
  r.o.log?.(`phone escalation: the refusal could not be saved (${e instanceof Error ? e.name : 'error'})`);

/** An alert or a Send test went through after a refusal: it no longer stands, and which refusal it ended is kept,
 *  so a copy of that refusal put back is not believed (adv52 r46 #2), and no other is dropped (adv52 r47 #3). */
export async function keepWentThrough(r: Run): Promise<void> {
  const ended = r.refusedAtMs;
  r.sendRefused = undefined;
  r.limitedUntilMs = undefined;
  r.refusalKept = false;
  r.refusedAtMs = undefined;
  const channel = r.o.provider?.channel;
  if (channel === undefined) return;
  r.state.ended = { ch: channel, ...(ended === undefined ? {} : { after: ended }) };
  await saveWentThrough(r.o.files, channel, r.o.clock.now(), ended).catch((e: unknown) => notSaved(r, e));
}

/** The refusal standing now (none: undefined), as the next escalator for the same channel takes it. */
export const standingOf = (r: Run): StandingRefusal | undefined =>
  r.sendRefused === undefined
    ? undefined
    : { why: r.sendRefused, untilMs: r.limitedUntilMs, atMs: r.refusedAtMs, kept: r.refusalKept === true };

/** At the first start: the refusal saved for this channel before the restart. At a later build for the same channel
 *  (another wait, phone escalation off and on): the refusal the last one held still stands, as the file says (adv52:
 *  before, any rebuild removed it, and the next alert went into a monthly limit that still held). For another
 *  channel (other keys, another server or service): an older refusal no longer stands, so the file goes. */
export async function readKeptRefusal(r: Run): Promise<void> {
  const channel = r.o.provider?.channel;
  if (channel === undefined) return;
  const carried = r.o.carriedRefusal;
  if (carried !== undefined) {
    r.sendRefused = carried.why;
    r.limitedUntilMs = carried.untilMs;
    r.refusedAtMs = carried.atMs;
    r.refusalKept = carried.kept;
    return;
  }
  if (!r.o.keptRefusal) return keepRefused(r, undefined);
  const report = r.o.report ?? ((n) => r.o.log?.(n.message));
  const kept = await loadRefusal(r.o.files, channel, r.o.clock.now(), report, r.state.ended);
  if (kept === undefined) return;
  r.sendRefused = kept.why;
  r.limitedUntilMs = kept.untilMs;
  r.refusedAtMs = kept.atMs;
  r.refusalKept = true;
}

/** Whether alerts wait for the limit's reset; one passed is let go (`passed`: the caller says the change). */
export async function limited(r: Run, nowMs: number, passed: () => void): Promise<boolean> {
  if (r.limitedUntilMs === undefined) return false;
  // One read back from the file holds alerts back too, as readiness says: only a reset the app could have worked out
  // is read back (refusal-store.ts), so a hand-written file can't keep the phone quiet past the service's next one.
  if (r.limitedUntilMs > nowMs) return true;
  await keepRefused(r, undefined);
  passed();
  return false;
}

/** Readiness words of the standing refusal (none: undefined). */
export function refusedWords(r: Run): string | undefined {
  if (r.sendRefused === undefined) return undefined;
  const kept = r.refusalKept ? ' (saved before the app restarted)' : '';
  if (r.limitedUntilMs === undefined)
    return `the phone won’t be reached: the last phone alert was refused${kept} (${r.sendRefused}); fix the settings in Settings → Phone, then Send test`;
  const resets = formatDate(r.limitedUntilMs, { localZone: r.o.localZone?.(), clock: true });
  return `Pushover refused: monthly message limit reached (resets ${resets})${kept}: the phone won’t be reached until then (${r.sendRefused}); the alarm on this computer still wakes you; Send test tries again`;
}

/** The glance's words for each alarm whose alert the limit holds back now (none: undefined). */
export function limitHeldWords(r: Run, nowMs: number): UnsentWords | undefined {
  if (r.sendRefused === undefined || r.limitedUntilMs === undefined || r.limitedUntilMs <= nowMs) return undefined;
  return limitWords(
    formatDate(r.limitedUntilMs, { localZone: r.o.localZone?.(), clock: true }),
    r.refusalKept === true,
  );
}

/** The glance's words for an alarm past its alert's hour while a refusal for good (not a limit) stands (none:
 *  undefined): its alert is not tried again, so the refusal is what holds it back. */
export function refusalHeldWords(r: Run): UnsentWords | undefined {
  if (r.sendRefused === undefined || r.limitedUntilMs !== undefined) return undefined;
  return refusedHeldWords(r.sendRefused, r.refusalKept === true);
}
