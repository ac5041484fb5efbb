// The notices that say who I am at an account is unsettled, by id: main makes them (core/sync/identity.ts), the tray
// and the popover (after its first frame) offer their fix. Here, not in core, so the renderer reads the same rule.

/** The notices that say who I am at an account is unsettled (my user under another e-mail; my e-mail naming no one):
 *  each is the account's problem, its fix the account's e-mail field in Settings. Main's alone: the id says it, so
 *  the popover's first load carries no field for it. */
export const identityNoticeIds = {
  moved: (accountId: string): string => `identity-moved:${accountId}`,
  absent: (accountId: string): string => `identity-absent:${accountId}`,
};
export const fixedAtEmail = (noticeId: string): boolean => /^identity-(moved|absent):/.test(noticeId);
