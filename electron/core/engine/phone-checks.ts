// Settings → Phone's save, checked in main in the words the form shows beside each field: the renderer holds no
// second copy of these rules (issue 49). The values' own shapes (minutes, server, token, address) are the contract's
// (escalation-settings.ts, phone-intent.ts, checked at the IPC edge); what needs the keychain's state is here.
import type { EscalationSettings } from '../../shared/escalation-settings';
import type { PhoneSecrets } from '../../shared/phone-intent';

export interface FieldProblem {
  field: string;
  message: string;
}

/** A key the chosen provider needs that is neither typed nor in the keychain. `saved`: the keys in the keychain. */
export function missingKeys(
  settings: EscalationSettings,
  secrets: PhoneSecrets | undefined,
  saved: PhoneSecrets,
): FieldProblem[] {
  const needs: Record<string, [keyof PhoneSecrets, string][]> = {
    pushover: [
      ['pushoverApp', 'The app token'],
      ['pushoverUser', 'The user key'],
    ],
    webhook: [['webhookUrl', 'The webhook’s address']],
  };
  return (needs[settings.provider] ?? [])
    .filter(([key]) => !secrets?.[key]?.trim() && !saved[key])
    .map(([field, what]) => ({ field, message: `${what} is needed.` }));
}
