// Phone escalation: when a shift start is not acknowledged within N minutes, the phone rings at top priority with an
// "I'm on it" that reaches the app. Settings (no secrets: the topic and tokens live in the keychain), the provider
// port each service implements (ntfy, Pushover, a webhook), and the outcome of one request.
export {
  DEFAULT_ESCALATE_AFTER_MIN,
  DEFAULT_NTFY_SERVER,
  EscalationSettingsSchema,
  type EscalationSettings,
} from '../../shared/escalation-settings';

/** Keychain entries (the `account` of SecretStore) of each secret. */
export const SECRET_ACCOUNTS = {
  ntfyTopic: 'phone-escalation:ntfy-topic',
  ntfyToken: 'phone-escalation:ntfy-token',
  pushoverApp: 'phone-escalation:pushover-app-token',
  pushoverUser: 'phone-escalation:pushover-user-key',
  webhookUrl: 'phone-escalation:webhook-url',
} as const;

export interface PhoneAlert {
  /** Stable per shift start, safe to show: the ntfy sequence id, the webhook's idempotency key. */
  id: string;
  title: string;
  body: string;
  /** Settings → Phone's "Send test", not an unanswered start: a webhook says so in its `event` (a receiver acting on
   *  the event must not take it for a real one). */
  test?: boolean;
}

/** An error text never carries a topic, token or URL (the caller words it for readiness). `unknown`: the request
 *  may have landed all the same (no answer in time, a proxy's 504): "outcome unknown", never "not sent". */
export type Outcome<T = null> =
  | { ok: true; value: T }
  | {
      ok: false;
      error: string;
      unknown?: boolean;
      /** Refused for good (a 4xx but 429: a bad token, a webhook unauthorised): not tried again. */
      refused?: boolean;
      /** The server asked to wait until then (a 429's Retry-After): nothing goes to it before. */
      waitUntilMs?: number;
      /** Refused until then (Pushover's monthly message limit): no alert goes before it, but a Send test. */
      limitedUntilMs?: number;
    };

/** The phone's "I'm on it" to one alert, and when it was given (the service's time). */
export interface PhoneAck {
  id: string;
  atMs: number;
}

export interface AckWatch {
  sinceMs: number;
  onAcks(acks: PhoneAck[]): void;
  /** A failure (worded without the address), or undefined once the server opened the stream again. */
  onProblem(problem: string | undefined): void;
  /** Streaming doesn't work here: the server refuses it (404/405 on /json), or a proxy holds or empties the stream
   *  (no line at all), or streams keep ending at once. The caller polls (and may try streaming at the next alarm). */
  onRefused(): void;
  /** The stream ended or failed and is being opened again: read once now, and poll while it isn't live. */
  onGap(): void;
  /** Whether the stream can be vouched for changed (`AckStream.unchecked`): read once now, and poll while not. */
  onUnchecked?(): void;
}

export interface AckStream {
  /** The current connection delivered a line (ntfy's `open`): answers are heard on it, no poll is needed. */
  live(): boolean;
  /** No probe may check the stream today (ntfy-probe.ts): live or not, the answers are polled beside it. */
  unchecked?(): boolean;
  /** While unchecked because the server didn't take the last probe: why, worded (undefined: none may go today). */
  uncheckedWhy?(): string | undefined;
  close(): void;
}

export interface PhoneProvider {
  readonly kind: 'ntfy' | 'pushover' | 'webhook';
  /** Where its bookings and receipts live (ntfy's server and topic; Pushover's app and user), named by a hash that
   *  holds no secret: kept with each booking on disk, so one left on a channel no longer used is still cancelled. */
  readonly channel: string;
  /** The host its bookings live on (ntfy's server, without path or user info: no secret), kept with each booking in
   *  escalations.json so one left there is named by it ("your phone may still ring … from <host>"). */
  readonly host?: string;
  /** A sent alert repeats on the phone this long unless acknowledged or cancelled (Pushover's emergency): a cancel
   *  that fails is tried again until then. Absent: it rings once (ntfy, a webhook). */
  readonly repeatsMs?: number;
  /** Books the alert on the server to ring at `atMs` even if this computer is asleep (ntfy's scheduled delivery);
   *  booking the same id again replaces it. Absent: the app sends it itself at that time. */
  book?(alert: PhoneAlert, atMs: number): Promise<Outcome>;
  /** Cancels a booked alert (or stops a sent one ringing on); `handle` is what `send` answered for it (none: by
   *  the alert's id, which Pushover's emergency carries as its tag). */
  cancel?(alertId: string, handle?: string): Promise<Outcome>;
  /** Sends it now; answers what must be kept to cancel it or read its answer (Pushover's receipt), or null.
   *  `stillWanted` is asked before each try (an acknowledgement stops them). A failure with `unknown` may have
   *  reached the phone: it is not sent again. */
  send(alert: PhoneAlert, stillWanted?: () => boolean): Promise<Outcome<string | null>>;
  /** The phone's "I'm on it" to these alerts, looked for from `sinceMs` on (outbound polling only); `handles`: each
   *  alert's id → what `send` answered for it. */
  pollAcks?(q: { sinceMs: number; handles: ReadonlyMap<string, string> }): Promise<Outcome<PhoneAck[]>>;
  /** Hears the phone's "I'm on it" over one long-lived subscription until closed (ntfy's JSON stream); absent, or
   *  refused by the server: `pollAcks` is used. */
  streamAcks?(watch: AckWatch): AckStream;
  /** Until when the server asked to wait (a 429's Retry-After), while that runs. */
  waitingUntilMs?(): number | undefined;
  /** The wait was read back from before a restart (phone-waits.json), not asked in this run. */
  waitKept?(): boolean;
}
