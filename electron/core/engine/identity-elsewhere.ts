// One service added as two accounts watching different schedules (issue 47's third sample). An account whose
// schedules all list their people, none of them my e-mail, says "my e-mail names no one here" (sync/identity.ts):
// my shifts there are unknown, and the fix is the e-mail. But when another account of the same service (same address
// and e-mail) reads me on its own schedules, my e-mail is known at that service: on this account's schedules I am
// simply not on call. So that problem, and the unknown it makes of my shifts, is left out for it.
import { sameService } from '../../shared/accounts';
import type { Account } from '../../shared/settings';
import type { Snapshot } from '../model/snapshot';
import { identityNoticeIds, snapshotUsers } from '../sync/identity';
import type { StateInputs } from './state';

/** Whether a read lists my e-mail among the people it holds (sync/identity.ts's one list of them). */
function readsMe(snapshot: Snapshot, email: string): boolean {
  const me = email.trim().toLowerCase();
  return me !== '' && snapshotUsers(snapshot).some((u) => u.email.toLowerCase() === me);
}

/** The accounts whose "my e-mail names no one" another account of the same service answers by reading me. */
export function answeredElsewhere(accounts: readonly Account[], inputs: ReadonlyMap<string, StateInputs>): Set<string> {
  const out = new Set<string>();
  for (const a of accounts) {
    const own = inputs.get(a.id);
    if (!own?.notices.some((n) => n.id === identityNoticeIds.absent(a.id))) continue;
    const read = (b: Account): boolean => {
      const theirs = inputs.get(b.id);
      return theirs !== undefined && readsMe(theirs.snapshot, b.email);
    };
    if (accounts.some((b) => b.id !== a.id && sameService(a, b) && read(b))) out.add(a.id);
  }
  return out;
}

/** The account's inputs without that problem when another account of its service answers it. */
export function withoutAnswered(id: string, inputs: StateInputs, answered: ReadonlySet<string>): StateInputs {
  if (!answered.has(id)) return inputs;
  return { ...inputs, notices: inputs.notices.filter((n) => n.id !== identityNoticeIds.absent(id)) };
}
