// The readiness key check when no read with the key can be made: the service rejected it, the keychain refused to
// read it (locked, prompt cancelled) or none is set. Nothing is on its way then, so the check is never "checking"
// (adv47 r43 F1: "still on its way" forever held back the warning before the shift); its fix is the key entry.
import type { ReadinessCheck, SyncStatus } from '../../shared/view-state';

/** Why no read can be made with the key: the keychain refused it, or none is set. */
export type KeyUnread = 'refused' | 'absent';

const UNREAD: Record<KeyUnread, string> = {
  refused: "The API key couldn't be read from the keychain, so nothing can be read: enter it again in Settings.",
  absent: 'No API key is set, so nothing can be read: add it in Settings.',
};

export function keyUnavailableCheck(
  sync: SyncStatus['kind'],
  unread: KeyUnread | undefined,
): ReadinessCheck | undefined {
  if (sync === 'key_rejected')
    return {
      id: 'key',
      result: 'problem',
      message: 'The service rejected the API key: enter a new one.',
      action: 'settings',
    };
  return unread === undefined
    ? undefined
    : { id: 'key', result: 'problem', message: UNREAD[unread], action: 'settings' };
}
