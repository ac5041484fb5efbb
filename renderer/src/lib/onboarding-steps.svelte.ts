// First-run setup's state: four steps (API key, service address, schedules, you), what was typed in each, the one
// problem of the current step, and each step's save. Schedules come before "you": their people are then offered,
// so most users never type their e-mail.
import { addressWithoutSecrets } from '../../../electron/shared/base-url';
import { type AccountId } from '../../../electron/shared/accounts';
import type { SettingsPatch, WatchedSchedule } from '../../../electron/shared/settings';
import type { AppState } from '../../../electron/shared/view-state';
import { isEmail, matchPeople } from './people';
import type { Invoke } from './ports';
import { peopleOf } from './settings-form';
import { accountToSetUp } from './accounts';

export const STEPS = ['API key', 'Service address', 'Schedules', 'You'] as const;

/** Why a later step can't be opened yet (a step opens once the steps before it are done, each saved by its Next:
 *  with schedules listed, "You" still waits for that, so its reason says so). */
export const REASONS = [
  '',
  'Enter your API key first.',
  'Set the service address first.',
  'Choose at least one schedule, then press “Next: You”.',
];

/** Said when onboarding has no account to set up, instead of saving to one not asked for. */
export const NO_ACCOUNT =
  'No account to set up here (the one asked for is not listed): choose one in Settings → Accounts.';

export class OnboardingSteps {
  readonly #model: () => AppState;
  readonly #invoke: Invoke;
  readonly #finished: () => void;
  /** The account set up here: named in every request, so nothing reaches another account's service. Undefined when
   *  there is none to set up (the one asked for was removed, or several are set up): then nothing is saved. */
  readonly accountId: AccountId | undefined;
  #step = $state(0);
  get step() {
    return this.#step;
  }
  // The key waits here until the service address is known: the keychain entry is named after the service host.
  key = $state('');
  // A stored address is shown without user info, query or fragment: they can hold a key (issue 19).
  baseUrl = $state('');
  me = $state<string[]>([]);
  query = $state('');
  suggested = $state(false);
  schedules = $state<WatchedSchedule[]>([]);
  error = $state('');
  #note = $state('');
  get note() {
    return this.#note;
  }
  #busy = $state(false);
  get busy() {
    return this.#busy;
  }
  /** Asked on the last step when it is off (a fresh install): on by default, as tray apps are, so the app that reminds
   *  me of my shift is running after a restart and a new install is ready rather than warned. */
  readonly asksStartAtLogin: boolean;
  startAtLogin = $state(true);
  get people() {
    return this.#people;
  }
  #people = $derived.by(() =>
    peopleOf(this.#model().schedules.filter((s) => s.accountId === this.accountId)).map((p) => ({
      id: p.email,
      name: p.name,
      email: p.email,
    })),
  );
  /** Whether this account (not another) already has a key. */
  get hasKey() {
    return this.#hasKey;
  }
  #hasKey = $derived.by(() => this.#model().accounts.find((a) => a.id === this.accountId)?.hasKey ?? false);
  /** A schedule check here was answered "key not accepted" (401): the key step's problem, not the schedule's. */
  refusedSeen = $state(false);
  /** The service refused this account's key (its sync says so, or a check here was refused): step 1 is marked and
   *  the one message is "Back to 1. API key", never "Your key is stored" in green. */
  get keyRefused() {
    return this.#keyRefused;
  }
  #keyRefused = $derived.by(
    () => this.refusedSeen || this.#model().accounts.find((a) => a.id === this.accountId)?.sync.kind === 'key_rejected',
  );
  /** "Acme" while there are several accounts: the title and the key step say whose key is asked for. */
  get accountLabel() {
    return this.#accountLabel;
  }
  #accountLabel = $derived.by(() =>
    this.#model().accounts.length > 1 ? this.#model().accounts.find((a) => a.id === this.accountId)?.label : undefined,
  );
  get last() {
    return this.#last;
  }
  #last = $derived(this.step === STEPS.length - 1);

  constructor(model: () => AppState, ports: { invoke: Invoke; finished: () => void; accountId?: string | undefined }) {
    this.#model = model;
    this.#invoke = ports.invoke;
    this.#finished = ports.finished;
    this.accountId = accountToSetUp(model(), ports.accountId);
    // Said at once, on the first step, rather than after a key was typed.
    if (this.accountId === undefined) this.error = NO_ACCOUNT;
    const first = model().settings.accounts.find((a) => a.id === this.accountId);
    this.baseUrl = addressWithoutSecrets(first?.baseUrl ?? '');
    this.me = first?.email ? [first.email] : [];
    this.schedules = (first?.schedules ?? []).map((s) => ({ ...s }));
    this.asksStartAtLogin = !model().settings.startAtLogin;
  }

  /** Opens a done step again (or the current one). */
  goTo = (step: number): void => {
    this.#step = step;
    this.error = '';
  };

  /** Saves the current step; on to the next when it worked, to the status view after the last. */
  next = async (): Promise<void> => {
    // aria-disabled, not disabled, while busy: a disabled button would drop the focus to <body>.
    if (this.busy) return;
    this.error = '';
    this.#busy = true;
    const step = this.step;
    const done = await [this.#stepKey, this.#stepBaseUrl, this.#stepSchedules, this.#stepEmail][step]?.();
    this.#busy = false;
    // Another step was opened meanwhile (Back): this answer is the step left behind's, said nowhere and moving no one.
    if (this.step !== step) {
      this.error = '';
      return;
    }
    if (done && !this.last) this.#step += 1;
    else if (done) this.#finished();
  };

  tryDemo = async (): Promise<void> => {
    const result = await this.#invoke('app:mode', { mode: 'demo' });
    if (!result.ok) this.error = result.error.message;
  };

  #fail(message: string): false {
    this.error = message;
    return false;
  }

  /** Saves a change to this account (and only to it). */
  async #patch(changes: (id: AccountId) => SettingsPatch): Promise<boolean> {
    if (this.accountId === undefined) return this.#fail(NO_ACCOUNT);
    const result = await this.#invoke('settings:update', changes(this.accountId));
    if (!result.ok) this.error = result.error.problems?.[0]?.message ?? result.error.message;
    return result.ok;
  }

  #stepKey = async (): Promise<boolean> =>
    this.key.trim() === '' && !this.hasKey ? this.#fail('Paste your API key to continue.') : true;

  #stepBaseUrl = async (): Promise<boolean> => {
    // The address is main's to check (electron/shared/account-checks.ts), in the words this step shows.
    const id = this.accountId;
    if (id === undefined) return this.#fail(NO_ACCOUNT);
    if (!(await this.#patch(() => ({ account: { id, baseUrl: this.baseUrl.trim() } })))) return false;
    if (this.key.trim() === '') return true;
    const stored = await this.#invoke('key:set', { accountId: id, key: this.key.trim() });
    if (!stored.ok) return this.#fail(stored.error.message);
    this.key = '';
    this.refusedSeen = false;
    this.#note =
      stored.value.storage === 'keychain'
        ? 'Your key is stored in your keychain.'
        : 'Your key is kept in memory for this session only (no keychain available).';
    return true;
  };

  #stepSchedules = async (): Promise<boolean> =>
    this.schedules.length === 0
      ? this.#fail('Add at least one schedule to watch.')
      : this.#patch((id) => ({ account: { id, schedules: this.schedules } }));

  #stepEmail = async (): Promise<boolean> => {
    const typed = this.query.trim();
    if (typed !== '' && !isEmail(typed) && matchPeople(this.people, typed).length === 0) {
      return this.#fail('Pick yourself from the list, or type your full e-mail address.');
    }
    const saved = await this.#patch((id) => ({ account: { id, email: this.me[0] ?? (isEmail(typed) ? typed : '') } }));
    if (!saved || !this.asksStartAtLogin || !this.startAtLogin) return saved;
    const login = await this.#invoke('settings:update', { startAtLogin: true });
    return login.ok ? true : this.#fail(login.error.message);
  };
}
