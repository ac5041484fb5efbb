// Reading the record of reminders shown (reminders.json) back: parsed with its schema, then each entry checked against
// what the app knows now (fired-claims.ts, held-claims.ts); what fails is dropped and said once, the file kept aside.
// An unreadable or refused file is said and backed up, never silently replaced.
import { z } from 'zod';
import type { FileStore } from '../ports';
import type { Notice } from './settings-store';
import { firedProblem, MAX_FIRED_KEYS, MAX_HELD, type FiredContext } from './fired-claims';
import { heldProblem, HeldMessageSchema, type HeldMessage } from './held-claims';
import { droppedText, keepAside, keptNewer, leftInPlace, readRefusal, sortClaims } from './read-back';
import { newerFieldsText, newerVersion, newerVersionText, unknownFields } from './newer-content';
import { CacheOriginSchema, type CacheOrigin } from './cache-origin';
import { isTooLarge } from './file-limits';
import { isRecordKeyOf, type AccountId } from '../../shared/accounts';
import { unsignedAs, vouches, type RecordSigner } from './record-key';
import type { SavedStamp } from './fired-saved';
import { OwedKeys } from './fired-saved-file';

export const REMINDERS_FILE = 'reminders.json';

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

const FiredFileSchema = z.object({
  version: z.literal(1),
  /** key → the instant it stays relevant until (epoch ms). */
  fired: z.record(z.string(), z.number()),
  held: z.array(HeldMessageSchema).default([]),
  /** account id → whose reminders they are (its service address and e-mail when written, cache-origin.ts). */
  origins: z.record(z.string(), CacheOriginSchema).optional(),
  /** key → the MAC of its fired record (record-key.ts): a record the app didn't write silences no reminder. */
  firedMacs: z.record(z.string(), z.string().max(100)).optional(),
  /** The MAC of each held message, in the order of `held`: a message the app didn't hold is never shown. */
  heldMacs: z.array(z.string().max(100)).optional(),
  /** When the app saved it, and the MAC of that (fired-saved.ts: an older copy put back is found by it). */
  savedAtMs: z.number().optional(),
  handledBeforeMs: z.number().optional(),
  handledOwed: OwedKeys.optional(),
  savedMac: z.string().max(100).optional(),
});

const WHAT = 'the record of reminders already shown';
export const FIRED_NOTICE_ID = 'reminders-record-unreadable';
export const FIRED_ENTRIES_NOTICE_ID = 'reminders-record-entries';

function firedNotice(kept: string | undefined, why?: string): Notice {
  const parts = [...(why === undefined ? [] : [why]), ...(kept === undefined ? [] : [`kept as ${kept}`])];
  const where = parts.length === 0 ? '' : ` (${parts.join('; ')})`;
  const message = `The record of reminders already shown could not be read${where}: some reminders may be shown again.`;
  return { id: FIRED_NOTICE_ID, message };
}

export interface FiredRecord {
  fired: Map<string, number>;
  held: HeldMessage[];
  origins?: Record<string, CacheOrigin>;
  firedMacs?: Record<string, string>;
  heldMacs?: string[];
  /** Only for a file read as its schema: what it says of its own save (fired-saved.ts). */
  stamp?: SavedStamp;
  /** There was no file at all (not one that couldn't be read): under a signed stamp, the oldest copy possible. */
  absent?: boolean;
}

/** A held message as it reads back (unknown fields stripped): what its MAC is made over, so a write and the read
 *  after it agree. */
export function heldContent(h: HeldMessage): unknown {
  const back = HeldMessageSchema.safeParse(JSON.parse(JSON.stringify(h)));
  return back.success ? back.data : h;
}

/** The MACs of a record as written (none without a signer: no keychain, or `status` before the app made the key). */
export function macsOf(
  signer: RecordSigner | undefined,
  fired: ReadonlyMap<string, number>,
  held: readonly HeldMessage[],
): { firedMacs?: Record<string, string>; heldMacs?: string[] } {
  if (signer === undefined) return {};
  return {
    firedMacs: Object.fromEntries([...fired].map(([k, u]) => [k, signer.sign(REMINDERS_FILE, k, u)])),
    heldMacs: held.map((h) => signer.sign(REMINDERS_FILE, h.key, heldContent(h))),
  };
}

/** Whether an entry lacks the app's MAC (never with no signer, nor, with no MAC at all, on the first start with a new
 *  key: the version before MACs wrote none, and its record is taken this once, after every other check, and written
 *  back signed; record-key.ts vouches). */
const unsigned = (signer: RecordSigner | undefined, id: string, content: unknown, mac: string | undefined): boolean =>
  signer !== undefined && !vouches(signer, REMINDERS_FILE, id, content, mac);

const OTHER_SERVICE = "an entry written for another service address or user than its account's";

/** An account now, and whose reminders are its own: its address and e-mail. */
export interface AccountOrigin {
  id: AccountId;
  origin: CacheOrigin;
}

/** The accounts whose entries the record holds for another address or user than the account's now. */
function othersOf(record: FiredRecord, now: readonly AccountOrigin[] | undefined): AccountId[] {
  return (now ?? []).flatMap(({ id, origin }) => {
    const was = record.origins?.[id];
    return was !== undefined && (was.address !== origin.address || was.email !== origin.email) ? [id] : [];
  });
}

/** The record's entries checked (fired-claims.ts): what fails is dropped and said once, the file kept aside. */
export async function checked(
  files: FileStore,
  record: FiredRecord,
  ctx: FiredContext,
  onNotice: (n: Notice) => void,
  origins?: readonly AccountOrigin[],
  signer?: RecordSigner,
) {
  const keys = [...record.fired];
  const tooMany = keys.length > MAX_FIRED_KEYS || record.held.length > MAX_HELD;
  const others = othersOf(record, origins);
  const another = (key: string): boolean => others.some((id) => isRecordKeyOf(key, id));
  const fired = sortClaims(keys, ([k, u]) =>
    tooMany
      ? 'more entries than the app keeps'
      : unsigned(signer, k, u, record.firedMacs?.[k])
        ? unsignedAs(signer, REMINDERS_FILE)
        : another(k)
          ? OTHER_SERVICE
          : firedProblem(k, u, ctx.nowMs, ctx),
  );
  const keptKeys = new Set(fired.kept.map(([k]) => k));
  const onRecord = (key: string): boolean => keptKeys.has(key);
  const seen = new Set<string>();
  const held = sortClaims(record.held, (h) => {
    if (tooMany) return 'more entries than the app keeps';
    if (unsigned(signer, h.key, heldContent(h), record.heldMacs?.[record.held.indexOf(h)]))
      return unsignedAs(signer, REMINDERS_FILE);
    if (another(h.key)) return OTHER_SERVICE;
    const why = heldProblem(h, { ...ctx, onRecord }) ?? (seen.has(h.key) ? 'a message held twice' : undefined);
    seen.add(h.key);
    return why;
  });
  const dropped = [...fired.dropped, ...held.dropped];
  if (dropped.length === 0) return { record, dropped, kept: undefined };
  const kept = await keepAside(files, REMINDERS_FILE);
  onNotice(entriesNotice(dropped, kept));
  const stamp = record.stamp === undefined ? {} : { stamp: record.stamp };
  return { record: { fired: new Map(fired.kept), held: held.kept, ...stamp }, dropped, kept };
}

export function entriesNotice(dropped: readonly string[], kept: string | undefined): Notice {
  return { id: FIRED_ENTRIES_NOTICE_ID, message: droppedText('the record of reminders already shown', dropped, kept) };
}

export async function readFired(files: FileStore, onNotice: (notice: Notice) => void): Promise<FiredRecord> {
  const empty = (): FiredRecord => ({ fired: new Map(), held: [] });
  let text: string | undefined;
  try {
    text = await files.read(REMINDERS_FILE);
  } catch (cause) {
    // Too large to read (file-limits.ts): kept aside like a corrupt one.
    const kept = isTooLarge(cause) ? await keepAside(files, REMINDERS_FILE) : undefined;
    // The status command's overlay copies nothing: said once, as left in place (never "kept as").
    onNotice(
      leftInPlace(kept) ? firedNotice(undefined, readRefusal(cause, kept)) : firedNotice(kept, readRefusal(cause)),
    );
    return empty();
  }
  if (text === undefined) return { ...empty(), absent: true };
  const json = parseJson(text);
  const parsed = json.ok ? FiredFileSchema.safeParse(json.value) : undefined;
  if (parsed?.success) {
    const fields = unknownFields(json.ok ? json.value : undefined, parsed.data);
    if (fields > 0) {
      const kept = await keptNewer(files, REMINDERS_FILE, parsed.data);
      onNotice({ id: `${FIRED_NOTICE_ID}-newer`, message: newerFieldsText(WHAT, fields, kept) });
    }
    const { fired, held, origins, firedMacs, heldMacs, savedAtMs, handledBeforeMs, handledOwed, savedMac } =
      parsed.data;
    return {
      stamp: { savedAtMs, handledBeforeMs, handledOwed, savedMac },
      fired: new Map(Object.entries(fired)),
      held,
      ...(origins ? { origins } : {}),
      ...(firedMacs ? { firedMacs } : {}),
      ...(heldMacs ? { heldMacs } : {}),
    };
  }
  const newer = json.ok && parsed ? newerVersion(json.value, parsed.error) : undefined;
  if (newer !== undefined) {
    const said = newerVersionText(WHAT, newer, await keepAside(files, REMINDERS_FILE));
    onNotice({ id: FIRED_NOTICE_ID, message: `${said} Some reminders may be shown again.` });
    return empty();
  }
  // Losing fired keys could repeat a reminder, but a corrupt file cannot be trusted either: keep a copy.
  onNotice(firedNotice(await files.backup(REMINDERS_FILE).catch(() => undefined)));
  return empty();
}
