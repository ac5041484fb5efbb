// Where the quick override form acts: the schedule it is on (its people, my e-mail on its account, its name among the
// options, a schedule a coverage request names that this app doesn't watch included), the request it answers and the
// zone its times are read in. Apart from override-form.svelte.ts (the values, their checks and sending), which extends
// it, so the form's markup reads these as the form's own.
import type { AppState, ScheduleView } from '../../../electron/shared/view-state';
import { myEmailFor } from '../../../electron/shared/people-names';
import { app } from './app-state.svelte';
import { withAccount } from './accounts';
import { formZoneNote } from './form-zone';
import type { OverrideFormValues } from './override-values';
import { answeredRequest } from './override-request';
import { suggestions } from './people';
import { dayOptions, uses24h } from './time-input';
import { zonedWindow } from './zoned-window';

export abstract class OverrideFormPlace {
  /** The app's zone when the form opened, by name: the custom window's times are read in it, the preview is worded in
   *  it and it is named beside them, until the form closes (a zone change meanwhile is said, not followed). */
  readonly localZone = app.zoneName;
  readonly h24 = uses24h(app.locale);
  protected readonly model: () => AppState;
  protected readonly params: () => Record<string, string>;
  /** The form's values as typed: the schedule and days chosen. */
  protected abstract formValues(): OverrideFormValues;

  constructor(model: () => AppState, params: () => Record<string, string>) {
    this.model = model;
    this.params = params;
  }

  // $derived.by: these read what the constructor sets (values, model, params), so their first read comes later.
  /** My e-mail on the account of the schedule chosen (schedules of other accounts know me by another). */
  get myEmail(): string {
    return myEmailFor(this.model(), this.formValues().scheduleId);
  }
  get schedule(): ScheduleView | undefined {
    return this.model().schedules.find((s) => s.id === this.formValues().scheduleId);
  }
  /** The schedule's people, for names and the picker. */
  get known() {
    return this.#known;
  }
  #known = $derived(suggestions(this.schedule));
  /** The note under the time fields (read with the clock's tick, so a zone change shows within a tick). */
  get zoneNote(): string {
    void app.nowMs;
    return formZoneNote(this.localZone, app.zoneName);
  }
  /** A schedule named by a coverage request that this app does not watch: still offered, under the given name. */
  readonly #unwatched = $derived.by(() =>
    this.formValues().scheduleId !== '' && !this.schedule
      ? { id: this.formValues().scheduleId, name: this.params().scheduleName ?? this.formValues().scheduleId }
      : null,
  );
  get scheduleName(): string {
    const s = this.schedule;
    return s ? withAccount(this.model(), s.accountId, s.name) : (this.#unwatched?.name ?? this.formValues().scheduleId);
  }
  /** With several accounts each option names its account: the form acts on that account's schedule. */
  get scheduleOptions() {
    return this.#scheduleOptions;
  }
  #scheduleOptions = $derived.by(() => [
    ...this.model().schedules.map((s) => ({ value: s.id, label: withAccount(this.model(), s.accountId, s.name) })),
    ...(this.#unwatched ? [{ value: this.#unwatched.id, label: this.#unwatched.name }] : []),
  ]);
  get days() {
    return this.#days;
  }
  #days = $derived.by(() =>
    dayOptions(app.nowMs, app.locale, this.localZone, [this.formValues().startDay, this.formValues().endDay]),
  );
  /** The coverage request this form answers, shown above it. */
  get request() {
    return answeredRequest(this.model(), this.params());
  }

  windowText = (start: string, end: string): string => zonedWindow(start, end, this.schedule?.timeZone, this.localZone);
}
