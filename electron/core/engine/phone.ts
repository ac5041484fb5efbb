// Phone escalation in the engine (issue 50): the escalator (core/escalation) made from Settings → Phone and the
// secrets in the keychain (SECRET_ACCOUNTS; held in main's memory only), told the alarm's targets and each
// acknowledgement, and made anew when the settings or secrets change. Settings → Phone's intents: save, a new topic,
// and "Send test", which waits (bounded) for the phone's "I'm on it" so the round trip is proven. What it shows
// (PhoneStatus, in the state) names no secret; the subscribe link names the topic, so it is given apart (subscribeLink),
// only to Settings → Phone, for the one person who owns it.
import { recordSignerOf, signerWithin } from '../storage/record-key';
import type { PhoneIntent, PhoneResult, PhoneSecrets, PhoneStatus, StillRing } from '../../shared/phone-intent';
import { missingKeys } from './phone-checks';
import { sendTest } from './phone-send-test';
import type { EscalationSettings } from '../../shared/escalation-settings';
import type { AlarmKnowledge } from '../alarm/alarm-claims';
import type { AlarmRecord, AlarmTarget } from '../alarm/types';
import { phoneWords, type AlarmAbout } from '../alarm/words';
import {
  createEscalator,
  type Escalator,
  type EscalatorOptions,
  type EscalatorStatus,
  type StandingRefusal,
} from '../escalation/escalator';
import { fetchSend, type HttpSend } from '../escalation/http';
import type { HttpStream } from '../escalation/http-stream';
import { withNextTry } from '../escalation/next-try-words';
import { channelIdOf, generateTopic, MAX_TOPIC_LENGTH, redact, secretProblem } from '../escalation/secret';
import { SECRET_ACCOUNTS, type PhoneProvider } from '../escalation/types';
import type { Notice } from '../storage/settings-store';
import { rememberSecret } from '../storage/redact-secrets';
import type { Clock, FileStore, SecretStore } from '../ports';
import { createRateGates, type RateGates } from '../escalation/rate-gate-store';
import {
  channelOf,
  channelSecrets,
  dropRetired,
  loadRetired,
  providerOfChannel,
  saveRetired,
  switchChannel,
  type Channel,
  type ProviderWiring,
} from './phone-channels';
import { bindOnSave, boundChannelLeft, keysFor, loadBinding, normalServer, unboundProblem } from './phone-binding';
import { putBack, readBefore, type KeychainBefore } from './phone-undo';
import {
  bookedOnFile,
  REREAD_MS,
  UNREAD_ANSWER,
  unreadStillRing,
  unreadWords,
  type KeysUnread,
} from './phone-keys-unread';

type Secrets = { [K in keyof typeof SECRET_ACCOUNTS]?: string };

export interface PhoneWiringOptions {
  clock: Clock;
  files: FileStore;
  secrets: SecretStore;
  localZone: () => string;
  log: (message: string) => void;
  settings: () => EscalationSettings;
  /** Saves the settings like the others; answers why not, when it could not. */
  save: (settings: EscalationSettings) => Promise<string | undefined>;
  alarm: (key: string) => AlarmRecord | undefined;
  refreshAlarms: () => Promise<void>;
  /** The phone's "I'm on it" to this alarm, given at `atMs`. */
  phoneAck: (key: string, atMs: number) => void;
  /** Whose a target is and what it rests on (the alarm's): the phone's words say so. */
  about?: (t: AlarmTarget) => AlarmAbout;
  changed: () => void;
  report: (notice: Notice) => void;
  /** The accounts and their watched schedules, that escalations.json entries are checked against. */
  known?: () => readonly AlarmKnowledge[];
  send?: HttpSend;
  stream?: HttpStream;
  pushoverApi?: string;
  testWaitMs?: number;
  /** Each phone server's Retry-After wait, kept across restarts (made here when not given). */
  gates?: RateGates;
}

export interface EnginePhone {
  start(): Promise<void>;
  /** The settings changed (a save from Settings, or the file): the escalator is made anew. */
  settingsChanged(): void;
  setTargets(targets: readonly AlarmTarget[]): void;
  acknowledged(key: string): void;
  /** Reads the phone's answers now (bounded), before an alarm held over a wake or a start may ring late. */
  checkAcks(): Promise<void>;
  /** Woke, or an alarm rang: the escalator plans its send again by the wall clock (ring + N); `woke`: its answer
   *  stream (whose path may have died during the sleep) is replaced. */
  look(woke?: boolean): void;
  intent(intent: PhoneIntent): Promise<PhoneResult>;
  status(): PhoneStatus;
  /** The next instant the phone rings for a start rung and not acknowledged (the alarms read a terminal's
   *  acknowledgement each second before it: alarms-plan.ts ackFilePoll). */
  nextAlertMs(): number | undefined;
  /** ntfy's https link a phone subscribes with (server/topic, no token); null when there is none to give. */
  subscribeLink(): string | null;
  /** What the readiness line reads. */
  /** `hasSecrets` is undefined until the keychain has answered at start (never "missing" before it is known). */
  readiness(): { hasSecrets?: boolean; status: EscalatorStatus | undefined; testedAtMs: number | undefined };
  stop(): void;
  settled(): Promise<void>;
}

function hasSecretsFor(s: EscalationSettings, k: Secrets): boolean {
  if (s.provider === 'ntfy') return !!k.ntfyTopic;
  if (s.provider === 'pushover') return !!k.pushoverApp && !!k.pushoverUser;
  if (s.provider === 'webhook') return !!k.webhookUrl;
  return false;
}

const wiringOf = (o: PhoneWiringOptions): ProviderWiring => ({
  clock: o.clock,
  send: o.send ?? fetchSend,
  stream: o.stream,
  pushoverApi: o.pushoverApi,
  gateFor: o.gates?.gateFor,
});

function providerOf(o: PhoneWiringOptions, s: EscalationSettings, k: Secrets): PhoneProvider | undefined {
  const channel = channelOf(s, k);
  return channel && providerOfChannel(wiringOf(o), channel);
}

/** Why a secret given in Settings is refused (never its value), or undefined. */
function refusal(given: PhoneSecrets): string | undefined {
  const topic = given.ntfyTopic ? secretProblem(given.ntfyTopic, 'The topic', MAX_TOPIC_LENGTH) : undefined;
  if (topic) return topic;
  // The token is checked like the topic (an empty one removes it): a mistyped one would fail every booking later.
  const token = given.ntfyToken ? secretProblem(given.ntfyToken, 'The access token') : undefined;
  if (token) return token;
  if (given.webhookUrl && !/^https:\/\/\S+$/.test(given.webhookUrl))
    return 'The webhook address must start with https://';
  return undefined;
}

/** Reads the keys into `keys`; answers the keychain's refusal, if it refused one (then none is held: unknown). */
async function loadKeys(o: PhoneWiringOptions, keys: Secrets): Promise<string | undefined> {
  for (const [name, account] of Object.entries(SECRET_ACCOUNTS)) {
    const got = await o.secrets.get(account);
    if (!got.ok) {
      for (const k of Object.keys(keys)) Reflect.deleteProperty(keys, k);
      return got.error.message;
    }
    Reflect.set(keys, name, got.value || undefined);
    // Never kept in a backup or shown in a notice, however a file spells it (redact-secrets.ts, adv52 r55 #1).
    rememberSecret(got.value || undefined);
  }
  return undefined;
}

/** What "Send test" and the status share with the escalator's side. */
interface PhoneRun {
  keys: Secrets;
  /** The keychain has answered for the keys (a slow keychain at login: until then they are not known missing). */
  keysRead: boolean;
  testedAtMs: number | undefined;
  /** The last test was refused for good (a 4xx) with this reason: until the settings change or a test goes
   *  through, readiness says the phone won't be reached. */
  testRefused: string | undefined;
  stopped: boolean;
  /** The channel the escalator uses now (undefined: off), and those left that may still hold a booking. */
  current: Channel | undefined;
  retired: Channel[];
  /** The settings and channel the escalator was made from (memory only: it holds the keys). */
  builtFrom: string | undefined;
  /** The escalator has a provider (not only cancelling what channels left still hold). */
  armed: boolean;
  /** The hash of the channel with its keys the escalator sends with (undefined: none): a refusal is of these keys,
   *  so another ntfy token (not part of where bookings live, PhoneProvider.channel) may end it. */
  armedChannel?: string | undefined;
  /** The server the ntfy topic and token were saved for (phone-binding.ts): used with no other. */
  boundTo: string | undefined;
  /** An escalator with a channel was made in this run: the refusal saved before the restart has been read. */
  everArmed: boolean;
  /** The service's last refusal known in this run and the channel (its hash) it was of, kept over an escalator
   *  with phone escalation off: only another channel ends it (a save of the wait alone cures nothing). */
  lastRefusal: (StandingRefusal & { ch: string }) | undefined;
  /** The refusal the last rebuild ended because the channel changed: the save says so, once. */
  refusalEnded: string | undefined;
  /** The keychain refused the keys (phone-keys-unread.ts): no escalator is made until they are read. */
  unread?: KeysUnread | undefined;
}

/** The keys the settings now may use (no ntfy topic or token for a server they were not saved for). */
const usable = (o: PhoneWiringOptions, run: PhoneRun): Secrets => keysFor(o.settings(), run.keys, run.boundTo);

const secretValuesOf = (run: Pick<PhoneRun, 'keys' | 'retired'>) => [
  ...Object.values(run.keys).filter((v): v is string => !!v),
  ...run.retired.flatMap(channelSecrets),
];

/** Each secret given into the keychain (an empty one deletes it) and main's memory; why not, in words (no value). */
async function storeSecrets(o: PhoneWiringOptions, keys: Secrets, given: PhoneSecrets | undefined) {
  for (const [name, value] of Object.entries(given ?? {})) {
    const account: unknown = Reflect.get(SECRET_ACCOUNTS, name);
    if (typeof account !== 'string' || typeof value !== 'string') continue;
    const r = value === '' ? await o.secrets.delete(account) : await o.secrets.set(account, value);
    if (!r.ok) return `The keychain refused it (${r.error.message}): nothing more was saved.`;
    Reflect.set(keys, name, value || undefined);
    rememberSecret(value || undefined);
  }
  return undefined;
}

/** Settings → Phone's answer to a test that came back. */
export { testAnswered } from './phone-send-test';

const serverOf = (s: EscalationSettings) => (s.provider === 'ntfy' ? s.ntfyServer.replace(/\/+$/, '') : null);

/** What is booked on the server as far as the app knows: "booked" only with a booking ahead to show. */
function bookingOf(st: EscalatorStatus | undefined, armed: boolean): PhoneStatus['booking'] {
  if (!st || !armed) return 'off';
  if (st.bookingUnknown) return 'unknown';
  if (!st.booking) return 'sent-by-this-computer';
  return st.nextBookedMs === undefined ? 'none' : 'booked';
}

/** The escalator's problem, else a test refused for good (known before any shift: the phone won't be reached). */
const problemOf = (o: PhoneWiringOptions, run: PhoneRun, st: EscalatorStatus | undefined): string | undefined =>
  (run.unread && unreadWords(run.unread, o.clock.now(), o.localZone())) ??
  st?.problem ??
  unboundProblem(o.settings(), run.keys, run.boundTo) ??
  (run.testRefused ? `the phone won’t be reached: the test was refused (${run.testRefused})` : undefined);

function statusOf(o: PhoneWiringOptions, run: PhoneRun, live: Live): PhoneStatus {
  const s = o.settings();
  const st = live.escalator?.status();
  const unread = run.unread ? unreadStillRing(run.unread, o.clock.now(), live.targets) : [];
  const rings = [...(st?.stillRing?.map(stillRingOf) ?? []), ...unread];
  return {
    provider: s.provider,
    server: serverOf(s),
    hasSecrets: hasSecretsFor(s, usable(o, run)),
    lastTest: run.testedAtMs === undefined ? null : new Date(run.testedAtMs).toISOString(),
    booking: bookingOf(st, run.armed),
    nextBooked: st?.nextBookedMs === undefined ? null : new Date(st.nextBookedMs).toISOString(),
    problem: withNextTry(problemOf(o, run, st), st, o.clock.now(), o.localZone()) ?? null,
    ...(rings.length > 0 ? { stillRing: rings } : {}),
  };
}

/** A booked alert that must not ring and may still, as the state says it (its instant in UTC). */
const stillRingOf = ({ atMs, ...rest }: NonNullable<EscalatorStatus['stillRing']>[number]): StillRing => ({
  ...rest,
  at: new Date(atMs).toISOString(),
});

function subscribeLinkOf(o: PhoneWiringOptions, keys: Secrets): string | null {
  const server = serverOf(o.settings());
  return server && keys.ntfyTopic && server.startsWith('https://') ? `${server}/${keys.ntfyTopic}` : null;
}

/** The channels the app has (the one in use and those left), as escalations.json is checked; undefined (unknown)
 *  when none is in use (off, or its keys not read), as there. */
function knownChannelsOf(o: PhoneWiringOptions, run: PhoneRun): ReadonlySet<string> | undefined {
  const s = o.settings();
  const channel = s.provider === 'off' ? undefined : channelOf(s, usable(o, run));
  if (channel === undefined) return undefined;
  const w = { ...wiringOf(o), gateFor: undefined };
  return new Set([channel, ...run.retired].map((c) => providerOfChannel(w, c).channel));
}

/** The escalator's outside world: its log never carries a secret (each value in the keychain is redacted). */
function escalatorOptions(
  o: PhoneWiringOptions,
  run: PhoneRun,
  provider: PhoneProvider | undefined,
  retiredDone: (channel: string) => void,
): EscalatorOptions {
  const w = wiringOf(o);
  const retired = new Map(run.retired.map((c) => providerOfChannel(w, c)).map((p) => [p.channel, p] as const));
  return {
    clock: o.clock,
    files: o.files,
    provider,
    retired,
    retiredDone,
    afterMs: o.settings().afterMin * 60_000,
    localZone: o.localZone,
    // Only the first escalator with a channel reads the refusal kept from before; a later one for the same channel
    // keeps the one standing (refusalCarried).
    keptRefusal: !run.everArmed,
    carriedRefusal: refusalCarried(run, keysIdOf(run.current)),
    alarm: o.alarm,
    refresh: o.refreshAlarms,
    phoneAck: o.phoneAck,
    changed: () => o.changed(),
    log: (m) => o.log(redact(m, secretValuesOf(run))),
    report: o.report,
    signer: recordKeyOf(o),
    ...(o.known ? { known: o.known } : {}),
  };
}

/** The refusal the escalator being replaced held (none: it went through, or its reset passed), with its channel;
 *  one made with phone escalation off knows none and leaves the last one as it was. */
function noteRefusal(run: PhoneRun, old: Escalator | undefined, oldChannel: string | undefined): void {
  if (old === undefined || oldChannel === undefined) return;
  const standing = old.refusal();
  run.lastRefusal = standing && { ...standing, ch: oldChannel };
}

/** The last refusal, for an escalator on the same channel: it still stands. */
function refusalCarried(run: PhoneRun, keys: string | undefined): StandingRefusal | undefined {
  const last = run.lastRefusal;
  return last !== undefined && keys !== undefined && last.ch === keys ? last : undefined;
}

/** The channel with its keys, hashed (no secret kept in it): what a refusal or a refused test was of. */
const keysIdOf = (c: Channel | undefined): string | undefined => c && channelIdOf(['keys', JSON.stringify(c)]);

/** Another channel (other keys, server or service) ends the last refusal: said by the save (refusalEnded). */
function endRefusal(run: PhoneRun, keys: string | undefined): void {
  if (keys === undefined) return;
  if (run.lastRefusal !== undefined && run.lastRefusal.ch !== keys) run.refusalEnded = run.lastRefusal.why;
  run.lastRefusal = undefined;
  run.everArmed = true;
}

/** What the phone part holds while it runs: the escalator, the one rebuild in progress, the targets last given. */
interface Live {
  escalator: Escalator | undefined;
  building: Promise<void>;
  targets: readonly AlarmTarget[];
  track: (p: Promise<unknown> | undefined) => void;
}

const newRun = (): PhoneRun => ({
  keys: {},
  keysRead: false,
  testedAtMs: undefined,
  testRefused: undefined,
  stopped: false,
  current: undefined,
  retired: [],
  builtFrom: undefined,
  armed: false,
  boundTo: undefined,
  everArmed: false,
  lastRefusal: undefined,
  refusalEnded: undefined,
});

/** The server the topic and token are bound to, while the settings name another: a channel left, so what the app
 *  booked there is cancelled there with its own keys (kept in the keychain until then). */
async function retireBound(o: PhoneWiringOptions, run: PhoneRun): Promise<void> {
  const left = boundChannelLeft(o.settings(), run.keys, run.boundTo);
  const w = { ...wiringOf(o), gateFor: undefined };
  const id = left && providerOfChannel(w, left).channel;
  if (!left || run.retired.some((c) => providerOfChannel(w, c).channel === id)) return;
  run.retired = [...run.retired, left];
  const notKept = await saveRetired(o.secrets, run.retired);
  if (notKept) o.log(`phone escalation: the old server's keys were not kept (${redact(notKept, secretValuesOf(run))})`);
}

/** Made anew only when what it sends with changed (the settings by value, the keys): a quiet-hours save or a Phone
 *  save with nothing changed keeps it. The one replaced is stopped first (its last write done), and what its
 *  channel holds is cancelled by the new one (left-on.ts), also when phone escalation is now off. */
function rebuild(o: PhoneWiringOptions, run: PhoneRun, live: Live): Promise<void> {
  const secretValues = () => secretValuesOf(run);
  const words = (t: AlarmTarget, deliverMs: number) =>
    phoneWords(t, o.settings().afterMin, o.localZone(), o.about?.(t) ?? {}, deliverMs);
  live.building = live.building.then(async () => {
    // Keys the keychain refused are unknown: an escalator without them would take their bookings for left behind.
    if (run.unread !== undefined) return;
    const s = o.settings();
    const channel = run.stopped || s.provider === 'off' ? undefined : channelOf(s, usable(o, run));
    const from = JSON.stringify([s.provider, s.afterMin, channel ?? null, run.boundTo ?? null]);
    if (run.stopped || (live.escalator && from === run.builtFrom)) return;
    const old = live.escalator;
    const wasChannel = run.armedChannel;
    run.refusalEnded = undefined;
    await old?.stop();
    noteRefusal(run, old, wasChannel);
    live.escalator = undefined;
    await retireBound(o, run);
    const notKept = await switchChannel(wiringOf(o), o.secrets, run, channel);
    if (notKept) o.log(`phone escalation: the old channel's keys were not kept (${redact(notKept, secretValues())})`);
    const provider = channel && providerOfChannel(wiringOf(o), channel);
    run.armed = provider !== undefined;
    const retiredDone = (ch: string) => live.track(dropRetired(wiringOf(o), o.secrets, run, ch));
    const escalator = await createEscalator(escalatorOptions(o, run, provider, retiredDone), words);
    const keys = provider && keysIdOf(channel);
    endRefusal(run, keys);
    run.armedChannel = keys;
    live.escalator = escalator;
    run.builtFrom = from;
    // Another channel: a refusal of the old keys says nothing of these (another wait cures nothing).
    if (keys !== wasChannel) run.testRefused = undefined;
    // Not awaited: a save answers at once; a booking that fails (after its bounded tries) shows in readiness.
    live.track(escalator.setTargets(live.targets).then(o.changed));
    o.changed();
  });
  return live.building;
}

async function savePhone(
  o: PhoneWiringOptions,
  run: PhoneRun,
  live: Live,
  settings: EscalationSettings,
  secrets: PhoneSecrets | undefined,
): Promise<PhoneResult> {
  const problems = missingKeys(settings, secrets, run.keys);
  if (problems.length > 0) return { ok: false, message: problems.map((p) => p.message).join(' '), problems };
  // ntfy chosen with no topic yet: the app draws one (≥ 24 random characters), never the user.
  const drawn = settings.provider === 'ntfy' && !run.keys.ntfyTopic && !secrets?.ntfyTopic;
  const drawnGiven = drawn ? { ...secrets, ntfyTopic: generateTopic() } : secrets;
  // Another server chosen with no token typed: the token saved for the old one is not sent to it (phone-binding.ts).
  const server = settings.provider === 'ntfy' ? normalServer(settings.ntfyServer) : undefined;
  const tokenLeft = server !== undefined && server !== run.boundTo && !!run.keys.ntfyToken && !secrets?.ntfyToken;
  const given = tokenLeft ? { ...drawnGiven, ntfyToken: '' } : drawnGiven;
  const refused = given ? refusal(given) : undefined;
  if (refused) return { ok: false, message: `${refused}: nothing was saved.` };
  // What the keychain held, so a settings file that can't be saved leaves it as it was (phone-undo.ts).
  const before = await readBefore(o.secrets, settings, given);
  if (typeof before === 'string')
    return { ok: false, message: `The keychain couldn’t be read (${before}): nothing was saved.` };
  const kept = { keys: { ...run.keys }, boundTo: run.boundTo };
  const notStored = await storeSecrets(o, run.keys, given);
  if (notStored) return { ok: false, message: notStored };
  const notBound = await bindOnSave(o.secrets, settings);
  if (notBound) return { ok: false, message: `The keychain refused it (${notBound}): the phone is not set up.` };
  if (server !== undefined) run.boundTo = server;
  run.refusalEnded = undefined;
  const notSaved = await o.save(settings);
  if (notSaved) return undoSave(o, run, before, kept, notSaved);
  await rebuild(o, run, live);
  const tokenWords =
    ' The access token was for another server and was not sent to this one: enter its own if it needs one.';
  // Said whole by Settings → Phone (it has no words of its own for a save): the token left behind included.
  return { ok: true, message: `Phone settings saved.${tokenLeft ? tokenWords : ''}${endedWords(run)}` };
}

/** The refusal this save's new channel ended (readiness no longer names it), said once. */
function endedWords(run: PhoneRun): string {
  const why = run.refusalEnded;
  run.refusalEnded = undefined;
  return why === undefined
    ? ''
    : ` The phone service’s refusal of the old settings (${why}) no longer stands for these: Send test checks them.`;
}

/** The settings file wasn't saved: the keychain and main's memory are put back, and nothing is booked anew. */
async function undoSave(
  o: PhoneWiringOptions,
  run: PhoneRun,
  before: KeychainBefore,
  kept: Pick<PhoneRun, 'keys' | 'boundTo'>,
  notSaved: string,
): Promise<PhoneResult> {
  const notPutBack = await putBack(o.secrets, before);
  // The escalator keeps the keys it was made with (the old ones) either way: the phone still rings where it did.
  run.keys = kept.keys;
  run.boundTo = kept.boundTo;
  o.changed();
  if (!notPutBack) return { ok: false, message: `The settings could not be saved: ${notSaved}` };
  const why = redact(notPutBack, secretValuesOf(run));
  return {
    ok: false,
    message: `The settings could not be saved to disk, and the keychain could not be put back as it was (${why}): until the app restarts the phone rings as before; after a restart it may use the new keys. Save again once the data folder can be written.`,
  };
}

function phoneIntent(o: PhoneWiringOptions, run: PhoneRun, live: Live, i: PhoneIntent): Promise<PhoneResult> {
  if (i.kind === 'save') return savePhone(o, run, live, i.settings, i.secrets);
  if (i.kind === 'new-topic')
    return savePhone(o, run, live, o.settings(), { ntfyTopic: generateTopic() }).then((r) =>
      r.ok ? { ok: true, message: 'New topic made: subscribe to the new link (the old one no longer rings).' } : r,
    );
  const st = o.settings();
  // Its own provider: its poll of the phone's answers must not move the escalator's.
  const provider = st.provider === 'off' ? undefined : providerOf(o, st, usable(o, run));
  // A booking refused for good is tried again too (the token may have been fixed on the server).
  void live.escalator?.retry();
  return sendTest(o, provider, {
    secrets: () => secretValuesOf(run),
    stopped: () => run.stopped,
    tested: (atMs) =>
      void ((run.testedAtMs = atMs), (run.testRefused = undefined), live.escalator?.tested(), o.changed()),
    refused: (why) => void ((run.testRefused = why), o.changed()),
  });
}

function readinessStatus(
  o: PhoneWiringOptions,
  run: PhoneRun,
  st: EscalatorStatus | undefined,
): EscalatorStatus | undefined {
  const problem = problemOf(o, run, st);
  return problem === undefined ? st : { booking: false, ...st, problem };
}

/** Reads the keys, their server, the channels left and the waits kept; false (and `run.unread` said) while the
 *  keychain refuses them. */
async function readKeys(o: PhoneWiringOptions, run: PhoneRun, gates: RateGates): Promise<boolean> {
  const keys: Secrets = {};
  const refused = await loadKeys(o, keys);
  if (refused !== undefined) {
    const acked = run.unread?.acked ?? new Set<string>();
    run.unread = { booked: new Map(), acked, lastTryMs: o.clock.now() };
    o.log(`phone escalation: the keychain refused the phone keys (${refused})`);
    run.unread.booked = await bookedOnFile(o.files);
    o.changed();
    return false;
  }
  run.unread = undefined;
  run.keys = keys;
  run.boundTo = await loadBinding(o, o.settings(), run.keys);
  run.keysRead = true;
  o.changed();
  run.retired = await loadRetired(o.secrets);
  // Each wait is checked against the channels the app has (adv52 r11 #1): read once the keys are.
  await gates.load(o.report, knownChannelsOf(o, run));
  return true;
}

/** The keys read again after a refusal: the escalator is made, and every ack given meanwhile handed to it. */
async function keysBack(o: PhoneWiringOptions, run: PhoneRun, live: Live, gates: RateGates): Promise<void> {
  const acked = run.unread?.acked ?? new Set<string>();
  if (!(await readKeys(o, run, gates))) return;
  await rebuild(o, run, live);
  for (const key of acked) live.track(live.escalator?.acknowledged(key));
  o.changed();
}

/** The keys the keychain refused, read again: `reread` at most once every REREAD_MS, or now (`force`: an ack, an
 *  intent); `retryLater` does so on its own each REREAD_MS while they are unread (an unlock tells the app nothing). */
function keysRetry(o: PhoneWiringOptions, run: PhoneRun, live: Live, gates: RateGates) {
  let rereading: Promise<void> | undefined;
  let cancel: (() => void) | undefined;
  const retryLater = (): void => {
    cancel?.();
    cancel = undefined;
    if (run.unread === undefined || run.stopped) return;
    cancel = o.clock.setTimer(REREAD_MS, () => void live.track(reread(false)));
  };
  const reread = (force: boolean): Promise<void> => {
    const u = run.unread;
    if (u === undefined || run.stopped) return Promise.resolve();
    if (rereading) return rereading;
    if (!force && o.clock.now() - u.lastTryMs < REREAD_MS) return Promise.resolve();
    u.lastTryMs = o.clock.now();
    rereading = keysBack(o, run, live, gates).finally(() => ((rereading = undefined), retryLater()));
    return rereading;
  };
  return { reread, retryLater, cancelRetry: () => cancel?.() };
}

/** The app's record key for the phone's record files (escalations.json, phone-waits.json), waited for a bounded time. */
const recordKeyOf = (o: Pick<PhoneWiringOptions, 'secrets' | 'report' | 'clock'>) => () =>
  signerWithin(() => recordSignerOf(o.secrets, o.report, () => o.clock.now()), o.clock);

export function createEnginePhone(given: PhoneWiringOptions): EnginePhone {
  // A 429's wait outlives a restart (fix50m #4): read before the first provider is made (start); signed (issue 52).
  const gates = given.gates ?? createRateGates(given.files, given.clock, recordKeyOf(given));
  const o: PhoneWiringOptions = { ...given, gates };
  const run = newRun();
  /** Settled once started (the keys read, the escalator made) or stopped: the phone's answers wait for it. */
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  /** Requests to the phone service started and not yet answered (`settled` waits for them). */
  let work: Promise<unknown> = Promise.resolve();
  const live: Live = {
    escalator: undefined,
    building: Promise.resolve(),
    targets: [],
    track: (p) => {
      work = Promise.all([
        work,
        p?.catch((e: unknown) => o.log(`phone escalation: ${redact(String(e), secretValuesOf(run))}`)),
      ]);
    },
  };
  const after = (f: () => Promise<unknown> | undefined) => live.track(live.building.then(f).then(o.changed));
  const { reread, retryLater, cancelRetry } = keysRetry(o, run, live, gates);
  return {
    async start() {
      try {
        if (await readKeys(o, run, gates)) await rebuild(o, run, live);
        else retryLater();
      } finally {
        markReady();
      }
    },
    settingsChanged: () => (live.track(reread(false)), void rebuild(o, run, live)),
    setTargets(next) {
      live.targets = next;
      live.track(reread(false));
      // What is booked shows in the state (PhoneStatus, readiness) once the server has answered.
      after(() => live.escalator?.setTargets(next));
    },
    acknowledged(key) {
      // Keys unread: kept, and handed to the escalator once they are read (it cancels the booking then).
      if (run.unread === undefined) return after(() => live.escalator?.acknowledged(key));
      run.unread.acked.add(key);
      o.changed();
      live.track(reread(true));
    },
    checkAcks: () =>
      ready
        .then(() => reread(false))
        .then(() => live.building)
        .then(() => live.escalator?.checkAcks()),
    look: (woke) => (live.track(reread(false)), after(() => live.escalator?.look(woke))),
    async intent(i) {
      await reread(true);
      // Nothing sent or saved with keys unknown: a save would draw a new topic over the one the bookings are on.
      if (run.unread !== undefined) return { ok: false, message: UNREAD_ANSWER };
      return phoneIntent(o, run, live, i);
    },
    status: () => statusOf(o, run, live),
    nextAlertMs: () => live.escalator?.nextAlertMs(),
    subscribeLink: () => subscribeLinkOf(o, usable(o, run)),
    readiness: () => ({
      ...(run.keysRead ? { hasSecrets: hasSecretsFor(o.settings(), usable(o, run)) } : {}),
      status: readinessStatus(o, run, live.escalator?.status()),
      testedAtMs: run.testedAtMs,
    }),
    stop() {
      run.stopped = true;
      cancelRetry();
      markReady();
      live.track(live.escalator?.stop());
    },
    settled: async () => {
      await live.building;
      await work;
    },
  };
}
