// The data folder (or a folder above it) is a link to something missing: every reader said so ("… which is
// missing"), and those words were looked at again only when the app wrote a file. With the settings unread it writes
// none, so hours after the target came back the tray, the status line and the notices still said it was missing and
// promised saving "until it is back" (adv52 r35 #1). One rule, in the storage layer every reader shares: while such
// a link is stated, the app looks again on the engine's clock; once the link leads to its folder, every line that
// named it missing is replaced, once, by what is true now: a restart loads the settings from it, and nothing changed
// since the start is saved.
import type { Clock } from '../ports';
import type { Notice } from './settings-store';
import { isDanglingLink, type DanglingLinkError } from './dangling-link';

/** How often the link is looked at while it is stated missing: soon after a mount, never a busy loop. */
export const LINK_LOOK_MS = 45_000;

export const LINK_BACK_NOTICE_ID = 'data-folder-link-back';

/** What a restart does now, and what is lost if the app is quit without one: the settings, never written while
 *  unread (engine-settings.ts). Records are not named: one absent at the target is written there (read-first.ts). */
const BACK_NOTICE =
  'The data folder is back: restart the app to load your settings from it. Settings changed since the app ' +
  'started are kept in memory only and are not saved.';

/** The status line while the settings are still the defaults the app started on. */
const BACK_LINE =
  'The data folder is back: restart the app to load your settings from it. Until then your accounts are not ' +
  'loaded and nothing is synced.';

export interface LinkBack {
  /** A read or write met `cause`; a link of the data folder's to something missing is looked at from now on. */
  met(cause: unknown): void;
  /** The notices as stated, or, once the link is back, without those naming it missing and with one saying so. */
  notices(stated: readonly Notice[]): Notice[];
  /** The settings' status line as stated, or the true one once the link it named is back. */
  line(stated: string | undefined): string | undefined;
  stop(): void;
}

/** `reachable`: whether the data folder's path leads to a folder now (the file store's own look, no file read, so
 *  nothing counts as read: read-first.ts). `changed`: what is shown must be derived again. */
export function watchLinkBack(clock: Clock, reachable: () => Promise<boolean>, changed: () => void): LinkBack {
  const links = new Map<string, DanglingLinkError>();
  let back = false;
  let cancel: (() => void) | undefined;
  const look = (): void => {
    cancel = clock.setTimer(LINK_LOOK_MS, () => {
      cancel = undefined;
      void reachable()
        .catch(() => false)
        .then((yes) => {
          if (!yes) return look();
          back = true;
          changed();
        });
    });
  };
  // A notice names the link by the link's own sentence, whole (DanglingLinkError's message): dropped whole, never cut.
  const names = (message: string): boolean => [...links.keys()].some((said) => message.includes(said));
  return {
    met(cause) {
      if (!isDanglingLink(cause) || !cause.folder || back) return;
      links.set(cause.message, cause);
      if (cancel === undefined) look();
    },
    notices(stated) {
      if (!back) return [...stated];
      return [...stated.filter((n) => !names(n.message)), { id: LINK_BACK_NOTICE_ID, message: BACK_NOTICE }];
    },
    line: (stated) => (back && stated !== undefined && names(stated) ? BACK_LINE : stated),
    stop() {
      cancel?.();
      cancel = undefined;
    },
  };
}
