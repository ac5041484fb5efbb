// The settings window's state: the editable copy of the settings (one save model: every change waits until "Save
// settings"), the problems of the last save by field and section, whether the OS took the shortcut, and the save.
import type { AppState } from '../../../electron/shared/view-state';
import type { FieldErrors } from './limits';
import type { AppClock, Invoke } from './ports';
import type { Account } from '../../../electron/shared/settings';
import { accountValues, checkSettings, peopleOf, sectionErrors, valuesFrom } from './settings-form';
import type { AccountValues, SettingsSection } from './settings-form';
import { formatDayTime } from '../../../electron/shared/format';
import { errorKey } from './settings-problems';

export class SettingsEdit {
  readonly #model: () => AppState;
  readonly #invoke: Invoke;
  readonly #clock: AppClock;
  /** Deep $state, made in the constructor. */
  values;
  #errors = $state<FieldErrors>({});
  get errors() {
    return this.#errors;
  }
  #saving = $state(false);
  get saving() {
    return this.#saving;
  }
  #answer = $state.raw<{ ok: boolean; text: string } | null>(null);
  get answer() {
    return this.#answer;
  }
  /** What the last removal of a service came to. */
  #removal = $state.raw<{ ok: boolean; text: string } | null>(null);
  get removal() {
    return this.#removal;
  }
  /** Why the OS refused the saved shortcut (main registers it once settings are saved), or null. */
  #shortcutProblem = $state<string | null>(null);
  get shortcutProblem() {
    return this.#shortcutProblem;
  }
  /** Main's words for how the shortcut last asked about clashes with every app's keys; `conflict`: the form's one. */
  #clash = $state.raw<{ of: string; text: string | null }>({ of: '', text: null });
  get conflict() {
    return this.#clash.of === this.values.globalShortcut.trim() ? this.#clash.text : null;
  }

  /** People on one account's schedules, for its "my e-mail" suggestions. */
  peopleOn = (accountId: string) => peopleOf(this.#model().schedules.filter((s) => s.accountId === accountId));
  get pausedText() {
    return this.#pausedText;
  }
  #pausedText = $derived.by(() => this.#until(this.#model().settings.pausedUntil));
  /** A pause's end in local time while it lasts, else undefined. */
  #until = (until: string | null | undefined): string | undefined => {
    const nowMs = this.#clock.nowMs;
    return until && Date.parse(until) > nowMs ? formatDayTime(until, { nowMs }) : undefined;
  };
  #edited = (accountId: string): AccountValues | undefined => this.values.accounts.find((a) => a.id === accountId);
  /** One account's mute as the form shows it: as changed here, else as saved (the tray's change included). */
  mutedOf = (accountId: string): boolean => {
    const changed = this.#edited(accountId)?.silence.muted;
    return changed ?? this.#savedAccount(accountId)?.muted === true;
  };

  /** Mutes or unmutes one account when saved; set back to what is saved, it is no change. */
  setMuted = (accountId: string, on: boolean): void => {
    const account = this.#edited(accountId);
    if (!account) return;
    if (on === (this.#savedAccount(accountId)?.muted === true)) delete account.silence.muted;
    else account.silence.muted = on;
  };

  /** One account's saved pause while it lasts ("until" in local time), and whether "Resume" was pressed here. */
  pauseOf = (accountId: string): { until: string; resumed: boolean } | undefined => {
    const until = this.#until(this.#savedAccount(accountId)?.pausedUntil);
    return until === undefined ? undefined : { until, resumed: this.#edited(accountId)?.silence.resume === true };
  };

  /** "Resume" (the pause ends when saved), or "Keep paused" taking it back. */
  setResume = (accountId: string, resume: boolean): void => {
    const account = this.#edited(accountId);
    if (!account) return;
    if (resume) account.silence.resume = true;
    else delete account.silence.resume;
  };

  #savedAccount = (accountId: string): Account | undefined =>
    this.#model().settings.accounts.find((a) => a.id === accountId);

  get dirty() {
    return this.#dirty;
  }
  #dirty = $derived.by(() => JSON.stringify(this.values) !== JSON.stringify(valuesFrom(this.#model().settings)));
  get shortcutUnavailable() {
    return this.#shortcutUnavailable;
  }
  #shortcutUnavailable = $derived.by(
    () => this.shortcutProblem !== null && this.values.globalShortcut === this.#model().settings.globalShortcut,
  );

  constructor(model: () => AppState, ports: { invoke: Invoke; clock: AppClock }) {
    this.#model = model;
    this.#invoke = ports.invoke;
    this.#clock = ports.clock;
    this.values = $state(valuesFrom(model().settings));
  }

  checkShortcut = async (): Promise<void> => {
    const of = this.values.globalShortcut.trim();
    const status = await this.#invoke('shortcut:status', { accelerator: of });
    this.#shortcutProblem = status.ok ? status.value.problem : null;
    this.#clash = { of, text: (status.ok && status.value.conflict) || null };
  };

  shortcutChanged = (): void => {
    void this.checkShortcut();
    this.#answer = null;
    this.#errors = Object.fromEntries(Object.entries(this.errors).filter(([key]) => key !== 'globalShortcut'));
  };

  discard = (): void => {
    this.values = valuesFrom(this.#model().settings);
    this.#errors = {};
    this.#answer = null;
  };

  sectionProblems = (section: SettingsSection): string[] => sectionErrors(this.errors, section);

  /** The id of a fieldset's problem text, for aria-describedby, when it has one. */
  problemId = (section: SettingsSection): string | undefined =>
    this.sectionProblems(section).length > 0 ? `settings-${section}-error` : undefined;

  /** Moves a service up (-1) or down (+1) the list; saved with the other changes. */
  move = (accountId: string, delta: -1 | 1): void => {
    const list = this.values.accounts;
    const at = list.findIndex((a) => a.id === accountId);
    const to = at + delta;
    const moved = list[at];
    if (at < 0 || to < 0 || to >= list.length || !moved) return;
    const rest = list.filter((a) => a.id !== accountId);
    this.values.accounts = [...rest.slice(0, to), moved, ...rest.slice(to)];
  };

  /** A service just added (lib/account-add.svelte.ts): listed with the others, unsaved edits of theirs kept. */
  added = (account: Account): void => {
    if (!this.values.accounts.some((a) => a.id === account.id)) this.values.accounts.push(accountValues(account));
  };

  /**
   * Removes a service at once (after its confirmation): the engine deletes its key from the keychain and its saved
   * data. The other services are sent as saved, so their unsaved edits stay here, still unsaved.
   */
  remove = async (accountId: string): Promise<boolean> => {
    const saved = this.#model().settings.accounts;
    const gone = this.values.accounts.find((a) => a.id === accountId);
    const result = await this.#invoke('settings:update', { accounts: saved.filter((a) => a.id !== accountId) });
    if (!result.ok) {
      this.#removal = { ok: false, text: result.error.message };
      return false;
    }
    this.values.accounts = this.values.accounts.filter((a) => a.id !== accountId);
    this.#removal = { ok: true, text: `Removed ${gone?.label ?? accountId}: its key and saved data are deleted.` };
    return true;
  };

  /** Saves what checks out; the service's problems land on their fields. 'invalid' when a problem is shown. */
  save = async (): Promise<'busy' | 'invalid' | 'answered'> => {
    if (this.saving) return 'busy';
    this.#saving = true;
    // The shortcut's clash is main's to word: asked first only when main has not answered for this one yet.
    if (this.#clash.of !== this.values.globalShortcut.trim()) await this.checkShortcut();
    const checked = checkSettings(this.values, this.#model().settings, this.conflict);
    this.#answer = null;
    this.#saving = checked.ok;
    if (!checked.ok) {
      this.#errors = checked.errors;
      return 'invalid';
    }
    this.#errors = {};
    const sent = JSON.stringify(this.values);
    const result = await this.#invoke('settings:update', checked.patch);
    this.#saving = false;
    if (result.ok) {
      // What was typed while saving is newer than the settings saved: it stays, unsaved.
      if (JSON.stringify(this.values) === sent) this.values = valuesFrom(result.value);
      // Start at login the OS had refused, asked again by this Save and taken (engine/login-item.ts).
      this.#answer = { ok: true, text: `Settings saved.${result.loginOn ? ' Start at login is now on.' : ''}` };
      await this.checkShortcut();
    } else {
      for (const p of result.error.problems ?? []) {
        const key = errorKey(p.field, this.values.accounts);
        this.errors[key] = this.errors[key] ? `${this.errors[key]} ${p.message}` : p.message;
      }
      // Main's check of the form (its words on their fields) is said there alone, as a check here would be.
      if (result.error.kind === 'validation' && result.error.problems?.length) return 'invalid';
      this.#answer = { ok: false, text: result.error.message };
    }
    return 'answered';
  };
}
