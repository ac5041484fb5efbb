// The status popover's glance state: every line its first screen shows, derived from main's state and the app's
// clock, and what its buttons do (retry, connect, copy, open a form). StatusView and its parts only lay it out; the
// part below the glance (week fold, cards) has its own state (status-more.svelte.ts), loaded after the first frame.
import { hasData } from '../../../electron/shared/freshness';
import { keySaidApart, readinessLine, type ReadinessLine } from '../../../electron/shared/readiness-text';
import type { AppState, ReadinessCheck } from '../../../electron/shared/view-state';
import type { AccountId } from '../../../electron/shared/account-names';
import { pauseNotes } from '../../../electron/shared/pause-words';
import type { FormatContext } from './format-context';
import { accountToSetUp } from './accounts';
import { askRows, countsText, showingSavedData, type AskRow } from './glance';
import { staleLines } from './stale-lines';
import type { AppClock, Invoke, OpenView } from './ports';
import { asksHeading, coverageBadge, freshnessText, myStateLine, needsOnboarding } from './status-model';
import { formatDayTime } from '../../../electron/shared/format';

/** A length ("1 d 20 h") never breaks across lines. */
const oneLine = (text: string): string => text.replace(/(\d+) (d|h|min|days?)\b/g, '$1\u00a0$2');

/** Why the actions are disabled before setup (their titles; StatusActions' hidden "nav-why" says it as its text). */
export const NOT_YET = 'Available once OnCall Tray is set up.';

/** The readiness line as the popover shows it, with the check whose fix its button offers (worded by main). */
export type ShownReadiness = ReadinessLine & { fix?: ReadinessCheck | undefined };

export interface StatusPorts {
  invoke: Invoke;
  open: OpenView;
}

export class StatusViewState {
  readonly #model: () => AppState;
  readonly #clock: AppClock;
  readonly #ports: StatusPorts;

  retrying = $state(false);
  retryError = $state('');
  /** The hand-off text for chat, copied by main (the page itself may not write the clipboard): lib/more-items. */
  copied = $state.raw<{ ok: boolean; text: string } | null>(null);

  get ctx(): FormatContext {
    return this.#ctx;
  }
  #ctx: FormatContext = $derived.by(() => ({
    nowMs: this.#clock.nowMs,
    locale: this.#clock.locale,
    ...(this.#clock.localZone ? { localZone: this.#clock.localZone } : {}),
  }));
  get me() {
    return this.#me;
  }
  #me = $derived.by(() => myStateLine(this.#model(), this.ctx, this.stales.length > 0));
  /** The detail under it, a length ("1 d 20 h") kept on one line as in the title. */
  get detail() {
    return this.#detail;
  }
  #detail = $derived.by(() => oneLine(this.me.detail));
  // "Ready for your shift at 22:00 ✓" / "Not ready …: the one fix", as the tray menu says it.
  get readiness() {
    return this.#readiness;
  }
  #readiness = $derived.by(() => {
    // A rejected key is its problem line's, said once there with its "Enter new key…" (as the tray does).
    const r = this.stales.some((s) => s.newKey) ? keySaidApart(this.#model().me.readiness) : this.#model().me.readiness;
    if (!r) return undefined;
    const ctx = this.ctx;
    const line = readinessLine(
      r,
      (iso, zone) => formatDayTime(iso, { ...ctx, ...(zone ? { scheduleZone: zone } : {}) }),
      this.#model(),
    );
    // Saved data because the service can't be read: the stale line says it once, with its Retry (as the tray does).
    if (line.problem?.action === 'refresh' && this.stale?.action === 'retry') return undefined;
    // The one fix: the problem's, or else the one main offers (a test notification, core/readiness/fix-label.ts).
    const shown: ShownReadiness = { ...line, fix: line.problem ?? r.checks.find((c) => c.label) };
    return shown;
  });
  // A length ("1 d 20 h") never breaks across lines.
  get title() {
    return this.#title;
  }
  #title = $derived.by(() => oneLine(this.me.title));
  /** Every problem, each once with its own fix, the worst first (one per account in trouble); `stale` the worst. */
  get stales() {
    return this.#stales;
  }
  #stales = $derived.by(() => staleLines(this.#model(), this.ctx));
  get stale() {
    return this.#stale;
  }
  #stale = $derived(this.stales[0]);
  /** Every pause running ("Notifications paused until 14:00", "Acme: reminders paused until 02:25": the tray's
   *  Pause, the app's or an account's), so each is seen until it ends, each with its Resume. */
  get pauses() {
    return this.#pauses;
  }
  #pauses = $derived.by(() => pauseNotes(this.#model(), this.ctx.nowMs, (ms) => formatDayTime(ms, this.ctx)));
  get saved() {
    return this.#saved;
  }
  #saved = $derived.by(() => showingSavedData(this.#model()));
  // When the one stale line already gives the reason for everything (not just some sources), cards stay short.
  get brief() {
    return this.#brief;
  }
  #brief = $derived.by(() => this.#model().sync.kind !== 'ok' && this.#model().sync.kind !== 'partial');
  get empty() {
    return this.#empty;
  }
  #empty = $derived.by(() => needsOnboarding(this.#model()));
  get badge() {
    return this.#badge;
  }
  #badge = $derived.by(() => coverageBadge(this.#model()));
  get asks() {
    return this.#asks;
  }
  #asks = $derived.by(() => askRows(this.#model(), this.ctx));
  /** "Asks you (…)", the one statement every surface words, saved parts scoped to their accounts. */
  get asksHeading() {
    return this.#asksHeading;
  }
  #asksHeading = $derived.by(() => asksHeading(this.#model()));
  get freshness() {
    return this.#freshness;
  }
  #freshness = $derived.by(() => freshnessText(this.#model(), this.ctx));
  get counts() {
    return this.#counts;
  }
  #counts = $derived.by(() =>
    hasData(this.#model().coverage.status) ? countsText(this.#model(), this.ctx) : undefined,
  );

  constructor(model: () => AppState, clock: AppClock, ports: StatusPorts) {
    this.#model = model;
    this.#clock = clock;
    this.#ports = ports;
  }

  /** Asks main to sync now; a second press while it runs does nothing. Resolves when the answer is in. */
  retry = async (): Promise<void> => {
    if (this.retrying) return;
    this.retrying = true;
    this.retryError = '';
    const result = await this.#ports.invoke('sync:refresh', null);
    this.retrying = false;
    if (!result.ok) this.retryError = result.error.message;
  };

  connectLive = async (): Promise<void> => {
    const result = await this.#ports.invoke('app:mode', { mode: 'live' });
    if (!result.ok) this.retryError = result.error.message;
  };

  /** The account that needs setting up (or none yet) goes through onboarding, on that account; otherwise Settings. */
  setUp = (): void => {
    const model = this.#model();
    const id = accountToSetUp(model);
    // Several accounts set up, none needing it: Settings lists them all (onboarding never guesses one).
    if (id === undefined) return void this.#ports.open('settings', undefined);
    const account = model.settings.accounts.find((a) => a.id === id);
    const blank = !account || account.baseUrl === '' || account.schedules.length === 0;
    const keyless = model.accounts.some((a) => a.id === id && !a.hasKey);
    void this.#ports.open(blank || keyless ? 'onboarding' : 'settings', account ? { account: id } : undefined);
  };

  cover = (row: AskRow): void => void this.#ports.open('override', row.params);

  /** Ends a pause: the app's (no account), or that account's. */
  resume = async (accountId?: AccountId): Promise<void> => {
    const patch = accountId === undefined ? { pausedUntil: null } : { account: { id: accountId, pausedUntil: null } };
    const result = await this.#ports.invoke('settings:update', patch);
    if (!result.ok) this.retryError = result.error.message;
  };
}
