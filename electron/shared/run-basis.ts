// What a run of my blocks rests on, per account: a run joined across accounts (back to back, or at once) rests on
// each account's own read, so its basis is said for each saved account by name ("Acme's saved data from 13:00"),
// never one time for all, which stated one account's part as read when it wasn't and named no one (adv47 r31 #1).
import { basisNote, type Basis } from './basis';
import type { MyShift } from './view-state';

const rank = (b: Basis): number => (b.kind === 'fresh' ? 0 : b.kind === 'saved' ? 1 : 2);
const savedMs = (b: Basis): number => (b.kind === 'saved' && b.savedAt !== null ? Date.parse(b.savedAt) : -Infinity);

/** Each account of the blocks, in their order, with its weakest block's basis (unknown over saved over fresh; of
 *  saved data, the earliest read): never a later time than a part of it rests on. */
function accountBases(blocks: readonly MyShift[]): [string, Basis][] {
  const out = new Map<string, Basis>();
  for (const { accountId, basis } of blocks) {
    const had = out.get(accountId);
    if (!had || rank(basis) > rank(had) || (rank(basis) === rank(had) && savedMs(basis) < savedMs(had)))
      out.set(accountId, basis);
  }
  return [...out];
}

/** The run's basis in words, '' when all fresh: as one block's ("saved data from 13:00") where every account rests on
 *  the same; else each account not fresh by name ("Acme's saved data from 13:00", "Work's saved data from 14:58,
 *  Acme's from 13:00"). `tight`, in the fewest words: "saved 13:00", "Acme saved 13:00", "Work saved 14:58, Acme 13:00". */
export function runBasisWords(
  blocks: readonly MyShift[],
  accounts: readonly { id: string; label: string }[],
  time: (iso: string) => string,
  tight = false,
): string {
  const label = (id: string): string => accounts.find((a) => a.id === id)?.label ?? id;
  const parts = accountBases(blocks);
  const not = parts.filter(([, b]) => b.kind !== 'fresh');
  // After a first saved time, the next say only theirs ("…, Acme's from 13:00").
  const lead = not[0]?.[1];
  const after = (i: number): boolean => i > 0 && lead !== undefined && savedMs(lead) > -Infinity;
  const note = ([, b]: [string, Basis], i: number): string =>
    b.kind !== 'saved' || b.savedAt === null
      ? basisNote(b, time)
      : `${tight ? (after(i) ? '' : 'saved ') : after(i) ? 'from ' : 'saved data from '}${time(b.savedAt)}`;
  const [first] = parts;
  if (first && not.length === parts.length && new Set(not.map((p) => note(p, 0))).size === 1) return note(first, 0);
  return not.map((p, i) => `${label(p[0])}${tight ? '' : "'s"} ${note(p, i)}`).join(', ');
}

/** The run's basis beside it, in parentheses, as `basisMark` says one block's: '' when fresh. */
export function runBasisMark(
  blocks: readonly MyShift[],
  accounts: readonly { id: string; label: string }[],
  time: (iso: string) => string,
  tight = false,
): string {
  const words = runBasisWords(blocks, accounts, time, tight);
  return words === '' ? '' : ` (${words})`;
}
