// ntfy (docs/publish.md, docs/subscribe/api.md): a message published to a topic rings every phone subscribed to it.
// Priority 5 ("max/urgent") rings through Do Not Disturb where the phone lets it. Scheduled delivery (`At:` a Unix
// time, 10 s to 3 days ahead) books the alert on the server — the dead-man's switch: it rings even if this computer
// is asleep. Publishing to `/<topic>/<sequence id>` again replaces a scheduled message (a moved shift), and
// `DELETE /<topic>/<sequence id>` cancels it (ntfy ≥ 2.16). "I'm on it" is an http action that posts
// `ack <id>` to `<topic>-ack`, which the app hears over one streaming subscription while an answer is awaited
// (`GET /<topic>-ack/json?since=…`, ntfy-stream.ts), polled (`?poll=1&since=…`) beside it while the phone may answer,
// after a wake or where the server refuses streaming: outbound only, no port opened here.
import type { Clock } from '../ports';
import { call, describe, mayHaveLanded, type HttpSend } from './http';
import { fetchStream, type HttpStream } from './http-stream';
import { ackLineOf, acksOf, openAckStream, type AckStreamOptions } from './ntfy-stream';
import { rateGate, waitingUntil, type RateGate } from './rate-gate';
import { channelIdOf } from './secret';
import { countPublish, probeLedger, type ProbeLedger } from './probe-ledger';
import type { Outcome, PhoneAlert, PhoneProvider } from './types';

/** ntfy refuses a delay shorter than this (the default message-delay-limit range is 10 s – 3 days). */
export const NTFY_MIN_DELAY_MS = 10_000;
export const NTFY_MAX_DELAY_MS = 3 * 24 * 60 * 60_000;

export interface NtfyOptions {
  server: string;
  topic: string;
  token?: string;
  clock: Clock;
  send: HttpSend;
  /** The streaming subscription for the phone's answers (none given: fetch's). */
  stream?: HttpStream;
  /** The reconnect backoff's jitter (tests fix it). */
  random?: () => number;
  /** The channel's Retry-After wait, kept across restarts (rate-gate-store.ts); none: in memory. */
  gateFor?: (channel: string) => RateGate;
}

/** A header value in ASCII: non-ASCII text (a schedule's name, "—") as RFC 2047, which ntfy decodes. */
export function headerText(text: string): string {
  return /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}

/** The phone's "I'm on it": an http action the ntfy app runs with only the headers given in it (docs/publish.md,
 *  "Send HTTP request": `headers.Authorization=…`). With a token (a protected server) it carries the token, as the
 *  app's own requests do: the action is stored with the message on this same server and posts to this same server
 *  (`<topic>-ack`), so the token goes to no other host; it is seen only by the topic's subscribers, who hold it
 *  already. Before, it carried none and a protected server refused the phone's answer. A value with a comma or a
 *  semicolon is quoted (the simple format's rule). */
export function ntfyActions(o: Pick<NtfyOptions, 'server' | 'topic' | 'token'>, alertId: string): string {
  const action = `http, I'm on it, ${o.server.replace(/\/+$/, '')}/${o.topic}-ack, method=POST, body=ack ${alertId}, clear=true`;
  if (!o.token) return action;
  const bearer = `Bearer ${o.token}`;
  return `${action}, headers.Authorization=${/[,;]/.test(bearer) ? `"${bearer}"` : bearer}`;
}

/** Where ntfy bookings live: the server and the topic (a token changes who may book, not where). */
export const ntfyChannelOf = (o: Pick<NtfyOptions, 'server' | 'topic'>): string =>
  channelIdOf(['ntfy', o.server.replace(/\/+$/, ''), o.topic]);

/** The server's host (a name and port; no path or user info), when it is a web address. */
function hostPart(server: string): { host?: string } {
  try {
    const host = new URL(server).host;
    return host ? { host } : {};
  } catch {
    return {};
  }
}

/** A probe's failure for a person: an answer refusing it as the server's refusal of the app's check ("HTTP 503");
 *  one that may have landed (no answer in time) as unknown, never as not sent; else (no connection, a wait the
 *  server asked for) as not sent. */
function probeFailure(error: string, unknown: boolean | undefined): string {
  const answered = /^the server answered (\d+)(.*)$/.exec(error);
  if (unknown) return `its check's outcome is unknown: ${error}`;
  if (!answered) return `its check couldn't be sent: ${error}`;
  const status = answered[1] ?? '';
  return `the server refused its check: HTTP ${status}${answered[2] || (status === '429' ? ' (too many requests)' : '')}`;
}

/** The answer stream's subscription (`<topic>-ack/json?since=…`) and its probe (ntfy-probe.ts): a plain message to
 *  the -ack topic, tried once (a lost one is probed again later, never taken as the stream's failure). */
const streamOf = (
  o: NtfyOptions,
  base: string,
  auth: Record<string, string>,
  gate: RateGate,
  ledger: ProbeLedger,
): Omit<AckStreamOptions, 'cursor'> => ({
  clock: o.clock,
  open: o.stream ?? fetchStream,
  gate,
  url: (from) => `${base}-ack/json?since=${from}`,
  headers: auth,
  probe: (text) =>
    call(
      { clock: o.clock, send: o.send, gate, retry: false },
      { method: 'POST', url: `${base}-ack`, headers: auth, body: text },
    ).then((r) => (r.ok ? true : { why: probeFailure(r.error, r.unknown), ...(r.unknown ? { unknown: true } : {}) })),
  ledger,
  ...(o.random ? { random: o.random } : {}),
});

/** Two cursors on the -ack topic: the poll's (the last id a poll returned) and the stream's. The poll is also the read
 *  beside the stream that catches what a faulty stream drops, so the stream never moves the poll's cursor: a proxy
 *  that dropped the phone's "ack" lines but passed the app's probe published seconds after made the poll ask from the
 *  probe's id and skip the answer for the rest of the shift (adv50 r35). The stream starts from where the poll read
 *  up to (all before it was read); an answer read by both settles once (escalator-stream.ts, takeAcks). */
function cursors() {
  let polled: string | undefined;
  let streamed: string | undefined;
  return {
    poll: { get: () => polled, set: (id: string) => void (polled = id) },
    stream: { get: () => streamed ?? polled, set: (id: string) => void (streamed = id) },
  };
}

export function createNtfy(given: NtfyOptions): PhoneProvider {
  const gate = given.gateFor?.(ntfyChannelOf(given)) ?? rateGate();
  const ledger = gate.ledger ?? probeLedger();
  // Every POST that may have landed is a message ntfy may count against the day's quota: probes stop first. One
  // the server answered with a refusal (a 4xx, a 503: http.ts mayHaveLanded) stored nothing and spends nothing.
  const send: HttpSend = async (req, t) => {
    if (req.method !== 'POST') return given.send(req, t);
    const res = await given.send(req, t).catch((e: unknown) => {
      if (describe(e).unknown) countPublish(ledger, given.clock.now());
      throw e;
    });
    if ((res.status >= 200 && res.status < 300) || mayHaveLanded(res.status)) countPublish(ledger, given.clock.now());
    return res;
  };
  const o: NtfyOptions = { ...given, send };
  const base = `${o.server.replace(/\/+$/, '')}/${o.topic}`;
  const auth: Record<string, string> = o.token ? { Authorization: `Bearer ${o.token}` } : {};
  const cursor = cursors();
  // A booking (`At:`) repeated under its sequence id replaces the stored one: idempotent. An immediate publish is
  // delivered each time: after a try that may have landed, it is not repeated.
  const publish = (
    alert: PhoneAlert,
    extra: Record<string, string>,
    tries: { idempotent: boolean; stillWanted?: () => boolean },
  ): Promise<Outcome> =>
    call(
      { clock: o.clock, send: o.send, gate, retry: true, ...tries },
      {
        method: 'POST',
        url: `${base}/${alert.id}`,
        headers: {
          ...auth,
          Title: headerText(alert.title),
          Priority: '5',
          Tags: 'rotating_light',
          Actions: ntfyActions(o, alert.id),
          ...extra,
        },
        body: alert.body,
      },
    ).then((r) => (r.ok ? { ok: true, value: null } : r));
  return {
    kind: 'ntfy',
    channel: ntfyChannelOf(o),
    ...hostPart(o.server),
    waitingUntilMs: () => waitingUntil(gate, o.clock),
    waitKept: () => gate.kept === true,
    // Each try re-checks ntfy's minimum delay: a repeat after a slow try must not carry an `At:` it refuses (400).
    book: (alert, atMs) =>
      publish(
        alert,
        { At: String(Math.round(atMs / 1000)) },
        { idempotent: true, stillWanted: () => atMs - o.clock.now() >= NTFY_MIN_DELAY_MS },
      ),
    send: (alert, stillWanted) => publish(alert, {}, { idempotent: false, ...(stillWanted ? { stillWanted } : {}) }),
    async cancel(alertId) {
      const r = await call(
        { clock: o.clock, send: o.send, gate, retry: true, idempotent: true },
        { method: 'DELETE', url: `${base}/${alertId}`, headers: auth },
      );
      return r.ok ? { ok: true, value: null } : r;
    },
    async pollAcks(q) {
      // First poll: all that came since the alarm began (an "I'm on it" given while this computer slept or the app
      // wasn't running is still there); then what came since the last message a poll returned.
      const from = cursor.poll.get() ?? String(Math.floor(Math.min(q.sinceMs, o.clock.now() - 60_000) / 1000));
      const r = await call(
        { clock: o.clock, send: o.send, gate, retry: false },
        { method: 'GET', url: `${base}-ack/json?poll=1&since=${from}`, headers: auth },
      );
      if (!r.ok) return r;
      const lines = r.value.text.split('\n').flatMap((l) => ackLineOf(l) ?? []);
      const last = lines[lines.length - 1];
      cursor.poll.set(last?.id ?? cursor.poll.get() ?? from);
      return { ok: true, value: acksOf(lines, o.clock.now()) };
    },
    // The same answers, heard as they come, on a cursor of the stream's own (cursors()).
    streamAcks: (watch) => openAckStream({ ...streamOf(o, base, auth, gate, ledger), cursor: cursor.stream }, watch),
  };
}
