// The settings window's state: the editable copy of the settings (one save model: every change waits until "Save
// settings"), the problems of the last save by field and section, whether the OS took the shortcut, and the save.
import type { AppState } from '../../../electron/shared/view-state';
import type { FieldErrors } from './limits';
import type { AppClock, Invoke } from './ports';
import { checkSettings, peopleOf, sectionErrors, valuesFrom, type SettingsSection } from './settings-form';
import { formatDayTime } from '../../../electron/shared/format';

export class SettingsEdit {
  readonly #model: () => AppState;
  readonly #invoke: Invoke;
  readonly #clock: AppClock;
  readonly #mac: boolean;
  /** Deep $state, made in the constructor. */
  values;
  errors = $state<FieldErrors>({});
  saving = $state(false);
  answer = $state.raw<{ ok: boolean; text: string } | null>(null);
  /** Why the OS refused the saved shortcut (main registers it once settings are saved), or null. */
  shortcutProblem = $state<string | null>(null);

  readonly people = $derived.by(() => peopleOf(this.#model().schedules));
  readonly scheduleNames = $derived.by(() => Object.fromEntries(this.#model().schedules.map((s) => [s.id, s.name])));
  readonly pausedText = $derived.by(() => {
    const until = this.#model().settings.pausedUntil;
    const nowMs = this.#clock.nowMs;
    return until !== null && Date.parse(until) > nowMs ? formatDayTime(until, { nowMs }) : undefined;
  });
  readonly dirty = $derived.by(
    () => JSON.stringify(this.values) !== JSON.stringify(valuesFrom(this.#model().settings)),
  );
  readonly shortcutUnavailable = $derived.by(
    () => this.shortcutProblem !== null && this.values.globalShortcut === this.#model().settings.globalShortcut,
  );

  constructor(model: () => AppState, ports: { invoke: Invoke; clock: AppClock; mac: boolean }) {
    this.#model = model;
    this.#invoke = ports.invoke;
    this.#clock = ports.clock;
    this.#mac = ports.mac;
    this.values = $state(valuesFrom(model().settings));
  }

  checkShortcut = async (): Promise<void> => {
    const status = await this.#invoke('shortcut:status', null);
    this.shortcutProblem = status.ok ? status.value.problem : null;
  };

  shortcutChanged = (): void => {
    this.answer = null;
    this.errors = Object.fromEntries(Object.entries(this.errors).filter(([key]) => key !== 'globalShortcut'));
  };

  discard = (): void => {
    this.values = valuesFrom(this.#model().settings);
    this.errors = {};
    this.answer = null;
  };

  sectionProblems = (section: SettingsSection): string[] => sectionErrors(this.errors, section);

  /** The id of a fieldset's problem text, for aria-describedby, when it has one. */
  problemId = (section: SettingsSection): string | undefined =>
    this.sectionProblems(section).length > 0 ? `settings-${section}-error` : undefined;

  /** Saves what checks out; the service's problems land on their fields. 'invalid' when a problem is shown. */
  save = async (): Promise<'busy' | 'invalid' | 'answered'> => {
    if (this.saving) return 'busy';
    const checked = checkSettings(this.values, this.#model().settings, this.#mac);
    this.answer = null;
    if (!checked.ok) {
      this.errors = checked.errors;
      return 'invalid';
    }
    this.errors = {};
    this.saving = true;
    const result = await this.#invoke('settings:update', checked.patch);
    this.saving = false;
    if (result.ok) {
      this.values = valuesFrom(result.value);
      this.answer = { ok: true, text: 'Settings saved.' };
      await this.checkShortcut();
    } else {
      for (const p of result.error.problems ?? []) {
        const key = p.field.split('.')[0] ?? 'form';
        this.errors[key] = this.errors[key] ? `${this.errors[key]} ${p.message}` : p.message;
      }
      this.answer = { ok: false, text: result.error.message };
    }
    return 'answered';
  };
}
