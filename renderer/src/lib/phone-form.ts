// Settings → Phone as a form: its draft (from the saved settings; secrets always start empty, as they are never sent
// back), main's problems on their fields, the save intent (a secret goes only when typed), and the words of what
// the snapshot's PhoneStatus says: the last test the phone answered, what is booked, the last failure.
import type { EscalationSettings } from '../../../electron/shared/escalation-settings';
import type { PhoneIntent, PhoneStatus } from '../../../electron/shared/phone-intent';
import { DEFAULT_ESCALATE_AFTER_MIN, DEFAULT_NTFY_SERVER } from '../../../electron/shared/phone-defaults';
import { formatDayTime } from '../../../electron/shared/format';
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

export function draftFrom(saved: EscalationSettings | undefined): PhoneDraft {
  return {
    provider: saved?.provider ?? 'off',
    ntfyServer: saved?.ntfyServer ?? DEFAULT_NTFY_SERVER,
    afterMin: String(saved?.afterMin ?? DEFAULT_ESCALATE_AFTER_MIN),
    ntfyToken: '',
    pushoverApp: '',
    pushoverUser: '',
    webhookUrl: '',
  };
}

/** Whether `provider`'s keys are in the keychain (PhoneStatus knows it for the provider saved, not for another). */
export function keysSaved(phone: PhoneStatus | undefined, provider: Provider): boolean {
  return phone !== undefined && phone.provider === provider && phone.hasSecrets;
}

/** Main's problems with a save (its checks are the only ones: issue 49), each on the form's field ("settings.afterMin"
 *  → afterMin). */
export function errorsOf(problems: readonly { field: string; message: string }[] | undefined): PhoneErrors {
  const errors: Record<string, string> = {};
  for (const p of problems ?? []) {
    const field = p.field.split('.').pop() ?? '';
    errors[field] = errors[field] ? `${errors[field]} ${p.message}` : p.message;
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

const zoneOf = (ctx: FormatContext) => ({ locale: ctx.locale, ...(ctx.localZone ? { localZone: ctx.localZone } : {}) });

/** When the phone last answered "Send test" (kept for this run); null when it has not. */
export function testText(phone: PhoneStatus | undefined, ctx: FormatContext): string | null {
  const at = phone?.lastTest ? Date.parse(phone.lastTest) : NaN;
  if (Number.isNaN(at)) return null;
  return `Your phone answered the last test at ${formatDayTime(at, { ...zoneOf(ctx), nowMs: ctx.nowMs })}.`;
}

/** What is armed: booked on the server (and for when), sent by this computer, or the last request's failure. */
export function bookingText(phone: PhoneStatus | undefined, ctx: FormatContext): { ok: boolean; text: string } | null {
  if (!phone || phone.provider === 'off') return null;
  if (phone.problem) return { ok: false, text: `The last request failed: ${phone.problem}.` };
  if (phone.booking === 'sent-by-this-computer')
    return { ok: true, text: 'Sent by this computer: your phone rings only if this computer is awake then.' };
  if (phone.booking === 'off') return null;
  // A booking whose answer was lost: neither "booked" nor "not booked".
  if (phone.booking === 'unknown')
    return { ok: false, text: 'The phone alert may not be booked: whether its booking reached the server is unknown.' };
  // Only what is booked as far as the app knows: a schedule still loading has nothing of it booked yet (adv50 r6).
  const loading = phone.loading && `Not booked yet: still loading ${phone.loading.join(', ')}.`;
  const next = phone.nextBooked ? Date.parse(phone.nextBooked) : NaN;
  const text = Number.isNaN(next)
    ? (loading ?? 'None booked yet: booked on the server once your shift is within 2 days.')
    : `Booked on the server for ${formatDayTime(next, { ...zoneOf(ctx), nowMs: ctx.nowMs })}: your phone rings even if this computer sleeps.${loading ? ` ${loading}` : ''}`;
  return { ok: !loading, text };
}

/** The phone channels Settings → Phone offers, in its order. */
export const PROVIDERS = [
  { id: 'off', label: 'Off' },
  { id: 'ntfy', label: 'ntfy' },
  { id: 'pushover', label: 'Pushover' },
  { id: 'webhook', label: 'Webhook' },
] as const;
