// The typed surface of the service client (spec section 4). The core depends on this interface only,
// so it can be driven by the real client against the simulator in tests.
import type { Result } from './errors';
import type {
  ChatUserGroup,
  ChatUserGroupInput,
  CoverageList,
  CoverageRequestsPage,
  CreateOverrideInput,
  ListShiftsParams,
  Override,
  PageParams,
  Schedule,
  ShiftList,
  ShiftsPage,
  Team,
  UpdateTeamInput,
} from './schemas';

export interface ClientOptions {
  /** https://…, or http:// only for loopback hosts (127.0.0.1, ::1, localhost). */
  baseUrl: string;
  /**
   * Read once, when the client is made: a client is bound to one (address, key) pair for its life, so a key that
   * changes later is never sent to this address (make a new client for it, and close this one). Never logged or echoed.
   */
  getApiKey: () => string | undefined | Promise<string | undefined>;
  timeoutMs?: number; // default 10_000
  maxTries?: number; // reads only; default 3
  /** Injected for tests: backoff sleeps and jitter. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** The app's clock, which a Retry-After HTTP date is read against (the engine's, so every caller reads a date
   *  alike: adv47 r35 #1). Default Date.now. */
  now?: () => number;
  /** Observes each HTTP attempt (method, path without query, status or error kind). For benchmarks and tests. */
  onRequest?: (event: { method: string; path: string; outcome: number | string }) => void;
}

export interface OncallClient {
  getSchedule(scheduleId: string): Promise<Result<Schedule>>;
  listShifts(scheduleId: string, params: ListShiftsParams): Promise<Result<ShiftsPage>>;
  /** Walks every page (per_page 100), bounded by maxPages (default 50) so a bad server cannot loop it.
   * `onPage` is called before each page is asked for, so a caller can budget by the walk's cost. Shifts that
   * can't be read leave holes (unknown time) instead of failing the whole list. */
  listAllShifts(
    scheduleId: string,
    params: Omit<ListShiftsParams, 'page' | 'per_page'>,
    maxPages?: number,
    onPage?: () => void,
  ): Promise<Result<ShiftList>>;
  createOverride(scheduleId: string, input: CreateOverrideInput): Promise<Result<Override>>;
  getOverride(scheduleId: string, overrideId: string): Promise<Result<Override>>;
  listCoverageRequests(params?: PageParams): Promise<Result<CoverageRequestsPage>>;
  /** The readable requests, and the pending ones that couldn't be read (one never hides the others). */
  listAllCoverageRequests(maxPages?: number, onPage?: () => void): Promise<Result<CoverageList>>;
  putChatUserGroup(scheduleId: string, input: ChatUserGroupInput): Promise<Result<ChatUserGroup>>;
  updateTeam(teamId: string, input: UpdateTeamInput): Promise<Result<Team>>;
  /** Ends the client at once: requests in flight are dropped (a page walk asks for no further page), retry waits
   *  are cut short, later calls send nothing, and kept-alive connections are closed. */
  close(): void;
}
