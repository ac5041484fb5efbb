// Settings → Phone as a form: its draft (from the snapshot's PhoneStatus; secrets always start empty, as they are
// never sent back), the check before anything is sent, the save intent (a secret goes only when typed), and the
// words of "Send test" (waiting, answered at, or failed and why).
import type { EscalationSettings, PhoneIntent, PhoneStatus, PhoneTest } from '../../../electron/shared/phone-intent';
import {
  DEFAULT_ESCALATE_AFTER_MIN,
  DEFAULT_NTFY_SERVER,
  MIN_TOPIC_LENGTH,
} from '../../../electron/shared/phone-defaults';
import { formatTime } from '../../../electron/shared/format';
import type { FormatContext } from './format-context';

export type Provider = EscalationSettings['provider'];

export interface PhoneDraft {
  provider: Provider;
  ntfyServer: string;
  afterMin: string;
  ntfyToken: string;
  pushoverApp: string;
  pushoverUser: string;
  webhookUrl: string;
}

export type PhoneErrors = Partial<Record<keyof PhoneDraft, string>>;

export function draftFrom(status: PhoneStatus | undefined): PhoneDraft {
  const s = status?.settings;
  return {
    provider: s?.provider ?? 'off',
    ntfyServer: s?.ntfyServer ?? DEFAULT_NTFY_SERVER,
    afterMin: String(s?.afterMin ?? DEFAULT_ESCALATE_AFTER_MIN),
    ntfyToken: '',
    pushoverApp: '',
    pushoverUser: '',
    webhookUrl: '',
  };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const needed = (typed: string, saved: boolean | undefined, what: string): string | undefined =>
  typed.trim() === '' && !saved ? `${what} is needed.` : undefined;

/** The problems a user can fix before saving; none means the intent may be sent. */
export function checkDraft(d: PhoneDraft, saved: PhoneStatus['saved'] | undefined): PhoneErrors {
  const errors: PhoneErrors = {};
  const after = Number(d.afterMin);
  if (!/^\d+$/.test(d.afterMin.trim()) || after < 1 || after > 30)
    errors.afterMin = 'A whole number of minutes, 1 to 30.';
  if (d.provider === 'ntfy' && !isHttpUrl(d.ntfyServer.trim()))
    errors.ntfyServer = 'The server’s address, such as https://ntfy.sh.';
  const token = d.ntfyToken.trim();
  if (d.provider === 'ntfy' && token !== '' && (token.length < MIN_TOPIC_LENGTH || !/^[A-Za-z0-9_-]+$/.test(token)))
    errors.ntfyToken = `At least ${MIN_TOPIC_LENGTH} characters, only letters, digits, - and _ (as ntfy makes them).`;
  if (d.provider === 'pushover') {
    const app = needed(d.pushoverApp, saved?.pushoverApp, 'The app token');
    const user = needed(d.pushoverUser, saved?.pushoverUser, 'The user key');
    if (app) errors.pushoverApp = app;
    if (user) errors.pushoverUser = user;
  }
  if (d.provider === 'webhook') {
    const url = d.webhookUrl.trim();
    if (url !== '' && !isHttpUrl(url)) errors.webhookUrl = 'An https:// address.';
    const missing = needed(url, saved?.webhookUrl, 'The webhook’s address');
    if (missing) errors.webhookUrl = missing;
  }
  return errors;
}

/** The save: the settings, and only the secrets typed (one left empty keeps the one in the keychain). */
export function saveIntent(d: PhoneDraft): PhoneIntent {
  const typed = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const secrets = {
    ntfyToken: d.provider === 'ntfy' ? typed(d.ntfyToken) : undefined,
    pushoverApp: d.provider === 'pushover' ? typed(d.pushoverApp) : undefined,
    pushoverUser: d.provider === 'pushover' ? typed(d.pushoverUser) : undefined,
    webhookUrl: d.provider === 'webhook' ? typed(d.webhookUrl) : undefined,
  };
  const given = Object.fromEntries(Object.entries(secrets).filter(([, v]) => v !== undefined));
  return {
    kind: 'save',
    settings: { provider: d.provider, ntfyServer: d.ntfyServer.trim(), afterMin: Number(d.afterMin) },
    ...(Object.keys(given).length > 0 ? { secrets: given } : {}),
  };
}

/** "Send test"'s outcome in words; null before any test. */
export function testText(test: PhoneTest | undefined, ctx: FormatContext): string | null {
  const at = (ms: number) =>
    formatTime(ms, { locale: ctx.locale, ...(ctx.localZone ? { localZone: ctx.localZone } : {}) });
  if (!test || test.kind === 'none') return null;
  if (test.kind === 'waiting') return `Sent at ${at(test.sentAtMs)}. Waiting for your phone’s “I’m on it”…`;
  if (test.kind === 'answered') return `Your phone answered ${at(test.atMs)}.`;
  return `The test failed at ${at(test.atMs)}: ${test.message}`;
}
