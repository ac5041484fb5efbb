// The quick override opened from the tray (no schedule asked for) opens on a schedule I'm on call on, and "me" there
// is that schedule's account's e-mail: not the first listed account's, which would offer "I cover it" to the person
// already on call.
import { describe, expect, it } from 'vitest';
import { accountIdOf } from '../../electron/shared/accounts';
import type { AppState, Person } from '../../electron/shared/view-state';
import { loadRunes, rendererFile } from './support/runes';
import { accountView, ada, appState, schedule } from './support/state';

/** What this test reads of the form (its module needs the DOM's types, which the Node tests are not checked with). */
interface FormModule {
  OverrideForm: new (
    model: () => AppState,
    params: () => Record<string, string>,
  ) => { values: { scheduleId: string; who: string; people: string[] } };
}
const runes = await loadRunes<FormModule>(rendererFile('lib/override-form.svelte.ts'));

const meAtAcme: Person = { id: 'usr_me', name: 'Bob at Acme', email: 'bob@acme.example.com' };

function twoAccounts() {
  const base = appState();
  const acme = {
    id: accountIdOf('acme'),
    label: 'Acme',
    baseUrl: 'https://acme.example.com',
    email: meAtAcme.email,
    schedules: [{ id: 'sch_platform' }],
  };
  return appState({
    settings: { ...base.settings, accounts: [...base.settings.accounts, acme] },
    accounts: [accountView(), accountView({ id: accountIdOf('acme'), label: 'Acme', email: meAtAcme.email })],
    // Work's schedule first (I'm not on it now); on Acme's I am on call now.
    schedules: [
      schedule(),
      schedule({
        accountId: accountIdOf('acme'),
        id: 'acme:sch_platform',
        meOnCall: true,
        now: { users: [meAtAcme], start: '2026-05-04T07:00:00Z', end: '2026-05-04T15:00:00Z' },
        next: { users: [ada], start: '2026-05-04T15:00:00Z', end: '2026-05-05T07:00:00Z' },
        users: [ada, meAtAcme],
      }),
    ],
  });
}

describe('quick override across accounts', () => {
  it('opens on the schedule I am on call on, with someone else covering me there (my e-mail on that account)', () => {
    const model = twoAccounts();
    const { value: form, destroy } = runes.inRoot(
      () =>
        new runes.subject.OverrideForm(
          () => model,
          () => ({}),
        ),
    );
    try {
      expect(form.values.scheduleId).toBe('acme:sch_platform');
      expect(form.values.who).toBe('others');
      expect(form.values.people).toEqual([ada.email]);
    } finally {
      destroy();
    }
  });
});
