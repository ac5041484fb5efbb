// Settings → Phone as a form: its draft (from the saved settings; secrets always start empty, as they are never sent
// back), main's problems on their fields and the save intent (a secret goes only when typed). What the snapshot's
// PhoneStatus says (the last test the phone answered, what is booked) is main's words: shared/phone-words.ts.
import type { EscalationSettings } from '../../../electron/shared/escalation-settings';
import type { PhoneIntent, PhoneStatus } from '../../../electron/shared/phone-intent';
import { DEFAULT_ESCALATE_AFTER_MIN, DEFAULT_NTFY_SERVER } from '../../../electron/shared/phone-defaults';

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

/** The phone channels Settings → Phone offers, in its order. */
export const PROVIDERS = [
  { id: 'off', label: 'Off' },
  { id: 'ntfy', label: 'ntfy' },
  { id: 'pushover', label: 'Pushover' },
  { id: 'webhook', label: 'Webhook' },
] as const;
