// Which service an account is (its address as shown and compared, and its e-mail) and which of several watching
// accounts speaks (neither muted nor paused): the few rules the popover's first load needs (its readiness line names
// the account that speaks for the shift), kept apart from accounts.ts, which only the forms load. Zod-free.
import { ownSilence, type SilenceFields } from './own-silence';

export { ownSilence, type AccountSilence, type SilenceFields } from './own-silence';

/** An address as it may be shown: without user info (a user:password@ in it is never shown or logged). */
export function displayAddress(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    url.username = '';
    url.password = '';
    // A query or fragment may hold a token: the address shown is the service's, without them.
    url.search = '';
    url.hash = '';
    return url.toString().replace(/\/$/, '');
  } catch {
    return baseUrl === '' ? '' : 'an address that is not a URL';
  }
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A URL with its loopback host (localhost, 127.0.0.1, [::1]) spelt one way: the names of this computer are one host
 *  (adv50 round 4: one service reached by two of them rang each alarm twice, and the phone after the ack). */
export function oneLoopback(url: URL): URL {
  if (LOOPBACK_NAMES.has(url.hostname.toLowerCase())) url.hostname = '127.0.0.1';
  return url;
}

/** comparedAddress per address: every derivation of state compares every pair of accounts (toldElsewhereAt, the
 *  alarm's teller, best reads, service writes), and each comparison parsed two URLs: profiled, a fifth of the CPU
 *  of a fake-clock day with two accounts (the tray pays it all day). Pure, so a memo changes no answer. */
const comparedMemo = /* @__PURE__ */ new Map<string, string>();

/** The address as compared for "the same service": as shown, case and trailing slashes aside, loopback names as one,
 *  its path as the URL standard resolves it (/./, /../) with empty segments dropped: "//" is the path "/" to a
 *  service (adv48 r26: an account at address// was planned and written apart from the one at address). */
export function comparedAddress(baseUrl: string): string {
  const known = comparedMemo.get(baseUrl);
  if (known !== undefined) return known;
  const compared = compareOnce(baseUrl);
  // Settings hold a few addresses; the bound only keeps a stream of typed addresses (Settings' form) from piling up.
  if (comparedMemo.size >= 64) comparedMemo.clear();
  comparedMemo.set(baseUrl, compared);
  return compared;
}

function compareOnce(baseUrl: string): string {
  try {
    const url = oneLoopback(new URL(baseUrl));
    url.pathname = url.pathname.replace(/\/{2,}/g, '/');
    return displayAddress(url.toString()).replace(/\/+$/, '').toLowerCase();
  } catch {
    return displayAddress(baseUrl).toLowerCase();
  }
}

/** An e-mail as compared for "the same person": spaces around it and letter case aside. The one rule of who is who
 *  (same service, cover checks, me): adv48 r26, ' bob@example.com ' passed the "already on call with you" rule. */
export const emailKey = (email: string): string => email.trim().toLowerCase();

/** The same service: the same address (comparedAddress) and the same e-mail (emailKey). Two accounts that are would announce every reminder and list every shift twice. */
export function sameService(a: { baseUrl: string; email: string }, b: { baseUrl: string; email: string }): boolean {
  const address = comparedAddress;
  return a.baseUrl !== '' && address(a.baseUrl) === address(b.baseUrl) && emailKey(a.email) === emailKey(b.email);
}

/** The account that speaks for what all of `watcherIds` see (a shift start, a reminder, a request of one service):
 *  the first of them in the settings' order neither muted nor paused at `atMs`; undefined when every one is silent.
 *  The one rule for the start alarm (readiness/silenced.ts startRinger) and the reminders told once (fix50m: they
 *  were told as the first account's even when it was muted, so none came). */
export function speakerOf<A extends SilenceFields>(
  accounts: readonly A[],
  watcherIds: readonly string[],
  atMs: number,
): A | undefined {
  return accounts.find((a) => watcherIds.includes(a.id) && ownSilence(a, atMs) === undefined);
}
