// Away mode's state: the range, the plan main made for it (my blocks, and what can't be read as mine), who covers
// each block (one person for all, or per block from the ranked candidates), Create all, per-block outcomes and
// Retry, and the "Ask for cover" text. Only main decides what is mine and what landed; this shows its answers.
import type { Candidate } from '../../../electron/shared/ipc-contract';
import type { HandoffPlan, HandoffRow, HandoffStatus } from '../../../electron/shared/handoff';
import type { AppState } from '../../../electron/shared/view-state';
import { invoke } from './bridge';
import { Settling } from './settling.svelte';

/** How often the form asks main about items still being checked. */
export const POLL_MS = 2_000;
/** The local calendar day `days` after today: counted in days, not 24-hour steps, which a clock change shifts. */
const localDay = (days: number): string => {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
/** A block by its schedule and end: a block already begun is planned from now on, so its start moves with each
 *  plan; its end does not, and the person chosen for it (and its ranking) stays with it. */
export const rowKey = (r: Pick<HandoffRow, 'scheduleId' | 'end'>): string => `${r.scheduleId}|${r.end}`;

/** `shown`: the hand-off's status as main last told it. */
export class AwayState extends Settling<HandoffStatus> {
  from = $state(localDay(0));
  to = $state(localDay(6));
  #plan = $state<HandoffPlan | null>(null);
  get plan() {
    return this.#plan;
  }
  #loading = $state(false);
  get loading() {
    return this.#loading;
  }
  /** The person for all (PeoplePicker binds a list; at most one here). */
  forAll = $state<string[]>([]);
  suggested = $state(false);
  query = $state('');
  /** Per block: '' follows the person for all. */
  #perRow = $state<Record<string, string>>({});
  get perRow() {
    return this.#perRow;
  }
  #candidates = $state<Record<string, Candidate[]>>({});
  get candidates() {
    return this.#candidates;
  }
  #model: () => AppState;
  #seq = 0;
  /** The range (as asked) the shown plan is of. */
  #planned = '';

  constructor(model: () => AppState) {
    super(POLL_MS);
    this.#model = model;
  }

  get people() {
    // Plain arrays: a list derived for this read, not reactive state of its own.
    const me = this.#model().accounts.map((a) => a.email.toLowerCase());
    const ids = this.plan?.rows.map((r) => r.scheduleId) ?? [];
    const all = this.#model()
      .schedules.filter((s) => ids.includes(s.id))
      .flatMap((s) => s.users)
      .filter((u) => !me.includes(u.email.toLowerCase()));
    return all.filter((u, i) => all.findIndex((x) => x.email === u.email) === i);
  }

  /** Who covers a block: its own choice, else the person for all ('' = nobody chosen). */
  coverOf(row: HandoffRow): string {
    return this.perRow[rowKey(row)] || this.forAll[0] || '';
  }

  /** The chosen person's ranking line for a block: free, on call elsewhere, asleep then, or unknown. */
  detailOf(row: HandoffRow): Candidate | undefined {
    const email = this.coverOf(row).toLowerCase();
    return this.candidates[rowKey(row)]?.find((c) => c.email.toLowerCase() === email);
  }

  /** `quiet`: a re-plan because main's data changed, from that data (no re-read, no "Reading…" line). Only the newest request's answer is
   *  shown: an older one (another range, older data) that arrives late never replaces it. */
  async load(quiet = false): Promise<void> {
    const seq = ++this.#seq;
    if (!quiet) this.#loading = true;
    const range = { from: this.from, to: this.to };
    const [plan, status] = await Promise.all([
      invoke('handoff:plan', { range, reread: !quiet }),
      invoke('handoff:get', null),
    ]);
    if (seq !== this.#seq) return;
    this.#loading = false;
    this.problem = '';
    if (status.ok) this.show(status.value);
    if (!plan.ok) {
      this.problem = plan.error.message;
      // The blocks of another range are not these days': never listed (nor created) under them.
      if (this.#planned !== `${range.from}|${range.to}`) this.#plan = null;
      return;
    }
    this.#plan = plan.value;
    this.#planned = `${range.from}|${range.to}`;
    for (const row of plan.value.rows) void this.rank(row);
  }

  async rank(row: HandoffRow): Promise<void> {
    const answer = await invoke('override:candidates', {
      scheduleId: row.scheduleId,
      window: { kind: 'custom', start: row.start, end: row.end },
    });
    if (answer.ok) this.#candidates = { ...this.candidates, [rowKey(row)]: answer.value };
  }

  /** The chosen cover is already on call with me over the block: main refuses it, as a swap does (one rule). */
  clashes(row: HandoffRow): boolean {
    return this.coverOf(row) !== '' && row.others.includes(this.coverOf(row).toLowerCase());
  }

  get ready(): boolean {
    const rows = this.plan?.rows ?? [];
    return rows.length > 0 && rows.every((r) => this.coverOf(r) !== '' && !this.clashes(r)) && !this.busy;
  }

  async createAll(): Promise<void> {
    const rows = this.plan?.rows ?? [];
    await this.answer(
      invoke('handoff:create', {
        items: rows.map((r) => ({ scheduleId: r.scheduleId, start: r.start, end: r.end, email: this.coverOf(r) })),
        ...(this.plan ? { range: { from: this.plan.from, to: this.plan.to } } : {}),
      }),
    );
  }

  async retry(): Promise<void> {
    await this.answer(invoke('handoff:retry', null));
  }

  async dismiss(): Promise<void> {
    if (await this.answer(invoke('handoff:dismiss', null), false)) await this.load();
  }

  /** An item whose outcome is unknown (or being sent): main looks at it again; this asks main every few seconds
   *  what it knows now, until every item is settled. */
  get checking(): boolean {
    return this.shown?.run?.items.some((i) => i.state === 'unknown' || i.state === 'sending') ?? false;
  }

  protected look(): Promise<void> {
    return this.lookAt(invoke('handoff:get', null));
  }
}
