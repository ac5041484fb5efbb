// What each tray item does, in one table with a handler for every item (TypeScript refuses a missing one): open a
// window, refresh, take over / hand back (after one confirmation, Enter = yes), pause and resume notifications,
// copy the hand-off text, export my shifts, open the new release's page, quit. Results go through the engine's
// handlers, so the same truthful write path as the forms applies: an unknown outcome is said as such, never
// "try again".
import { writeFile } from 'node:fs/promises';
import { clipboard, dialog } from 'electron';
import type { Engine } from '../core/engine/types';
import type { Clock } from '../core/ports';
import { pauseUntil, type PauseChoice, type TrayActionId, type TrayParams } from '../core/state/tray-menu';
import type { RequestOf, ViewName } from '../shared/ipc-contract';
import type { AccountId } from '../shared/accounts';
import type { AccountChanges } from '../shared/account-settings';
import type { Failure } from '../shared/failure';

type Say = (message: string, detail?: string) => void;

async function confirm(message: string, yes: string): Promise<boolean> {
  const answer = await dialog.showMessageBox({
    type: 'question',
    buttons: [yes, 'Cancel'],
    defaultId: 0,
    cancelId: 1,
    message,
  });
  return answer.response === 0;
}

async function takeOver(engine: Engine, params: TrayParams, handBack: boolean, say: Say): Promise<void> {
  const schedule = engine.getState().schedules.find((s) => s.id === params.scheduleId);
  if (!schedule || !params.scheduleId) return;
  const options = schedule.takeOverOptions;
  const who = handBack
    ? options?.handBack?.to.map((p) => p.name).join(', ')
    : options?.takeOver?.from.find((p) => p.email === params.fromEmail)?.name;
  const question = handBack
    ? `Hand ${schedule.name} back to ${who ?? 'them'}?`
    : `Take over ${schedule.name} from ${who ?? 'them'} now?`;
  if (!(await confirm(question, handBack ? 'Hand back' : 'Take over'))) return;
  const result = handBack
    ? await engine.handlers['take-over:hand-back']({
        scheduleId: params.scheduleId,
        // What the menu offered: main writes only while the hand back is still that, else says what changed.
        ...(options?.handBack
          ? { seen: { to: options.handBack.to.map((p) => p.email), until: options.handBack.until } }
          : {}),
      })
    : await engine.handlers['take-over:now']({
        scheduleId: params.scheduleId,
        ...(params.fromEmail ? { fromEmail: params.fromEmail } : {}),
        // What the menu offered: main writes only while the schedule still holds it, else says what changed.
        ...(options?.takeOver
          ? { seen: { onCall: options.takeOver.from.map((p) => p.email), until: options.takeOver.until } }
          : {}),
      });
  if (!result.ok) return say(result.error.message);
  const outcome = result.value.outcome;
  if (outcome.status !== 'created') say(handBack ? 'Hand back' : 'Take over', outcome.message);
}

/** A text the engine writes, onto the clipboard: "copied" only once it has landed; returns it. */
async function copyText(
  source: Promise<{ ok: true; value: string } | Failure>,
  what: string,
): Promise<{ ok: true; value: string } | Failure> {
  const made = await source;
  if (!made.ok) return made;
  // Electron's clipboard write is asynchronous (the W3C Clipboard API's shape, since 44): awaited, its failure told.
  try {
    await clipboard.writeText(made.value);
  } catch (cause) {
    const why = cause instanceof Error ? `: ${cause.message}` : '';
    return { ok: false, error: { kind: 'internal', message: `The ${what} could not be put on the clipboard${why}.` } };
  }
  return made;
}

/** The hand-off text onto the clipboard (the tray item and the popover's "Copy on-call summary"); returns it. */
export const copySummary = (engine: Engine) => copyText(engine.handlers['summary:get'](null), 'summary');

/** The "Ask for cover" message onto the clipboard (Away mode and the swap form); returns it. */
export const copyAskCover = (engine: Engine, request: RequestOf<'cover:copy'>) =>
  copyText(engine.handlers['cover:ask-text'](request), 'message');

/** Settings → Phone's subscribe link onto the clipboard (the page may not write it); returns it. */
export const copySubscribeLink = (engine: Engine) => {
  const link = engine.phoneLink();
  const none = {
    ok: false as const,
    error: { kind: 'not_found' as const, message: 'There is no subscribe link yet.' },
  };
  return copyText(Promise.resolve(link ? { ok: true, value: link } : none), 'link');
};

export type TrayHandler = (params: TrayParams | undefined) => Promise<void>;

export interface TrayCommandParts {
  engine: Engine;
  clock: Clock;
  /** The zone a pause "until tomorrow" is counted in (the one the tray shows times in). */
  localZone: () => string;
  /** Opens a view's window (by the tray icon, where there is one). */
  open: (view: ViewName, params?: Record<string, string>) => void;
  /** The new release's page, when the tray offers one. */
  updatePage: () => string | undefined;
  /** The checked opener from external.ts (the one place links leave the app). */
  openCheckedLink: (url: string) => Promise<unknown>;
  quit: () => void;
}

/** "Export my shifts…": what sync holds, the horizon of "My shifts" (the status command's --ics reads further ahead). */
async function exportCalendar(engine: Engine, say: Say): Promise<void> {
  const days = engine.getState().settings.horizonDays;
  const target = await dialog.showSaveDialog({
    title: 'Export my shifts',
    defaultPath: 'on-call.ics',
    filters: [{ name: 'Calendar', extensions: ['ics'] }],
  });
  if (target.canceled || !target.filePath) return;
  try {
    await writeFile(target.filePath, await engine.calendar(days), 'utf8');
  } catch (cause) {
    say('The calendar could not be saved.', cause instanceof Error ? cause.message : undefined);
  }
}

/** The account an item is about, as a window's parameter (Settings or onboarding opened on it). */
const accountParam = (params?: TrayParams) => (params?.accountId ? { account: params.accountId } : undefined);

/** Settings' view params for an item's fix: the section, the account and the schedule it names. */
function settingsPlace(params?: TrayParams): Record<string, string> | undefined {
  const { section, scheduleId } = params ?? {};
  const place = {
    ...accountParam(params),
    ...(section ? { section } : {}),
    ...(scheduleId ? { schedule: scheduleId } : {}),
  };
  return Object.keys(place).length > 0 ? place : undefined;
}

/** The handler of every tray item. */
export function trayCommands(parts: TrayCommandParts): Record<TrayActionId, TrayHandler> {
  const { engine } = parts;
  const say: Say = (message, detail) =>
    void dialog.showMessageBox({ type: 'info', buttons: ['OK'], message, ...(detail ? { detail } : {}) });
  const open =
    (view: ViewName): TrayHandler =>
    async () =>
      parts.open(view);
  const pause =
    (choice: PauseChoice): TrayHandler =>
    async () =>
      void (await engine.handlers['settings:update']({
        pausedUntil: pauseUntil(choice, parts.clock.now(), parts.localZone()),
      }));
  // One account's mute or pause: the item names its account; an id no account has changes nothing.
  const account =
    (changes: (accountId: AccountId) => Omit<AccountChanges, 'id'> | undefined): TrayHandler =>
    async (params) => {
      const known = engine.getState().settings.accounts.find((a) => a.id === params?.accountId);
      const patch = known ? changes(known.id) : undefined;
      if (known && patch) await engine.handlers['settings:update']({ account: { id: known.id, ...patch } });
    };
  const mutedNow = (id: AccountId): boolean =>
    engine.getState().settings.accounts.find((a) => a.id === id)?.muted === true;
  return {
    'mute-account': account((id) => ({ muted: !mutedNow(id) })),
    'pause-account-1h': account(() => ({ pausedUntil: pauseUntil('1h', parts.clock.now(), parts.localZone()) })),
    'pause-account-tomorrow': account(() => ({
      pausedUntil: pauseUntil('tomorrow', parts.clock.now(), parts.localZone()),
    })),
    'resume-account': account(() => ({ pausedUntil: null })),
    'open-status': open('status'),
    // Onboarding on the account that needs it (the item names it), never on "the first".
    'open-onboarding': async (params) => parts.open('onboarding', accountParam(params)),
    'open-coverage': open('coverage'),
    'open-override': open('override'),
    'open-away': open('away'),
    'open-swap': async (params) => {
      const { scheduleId, start, end } = params ?? {};
      if (scheduleId && start && end) parts.open('swap', { scheduleId, start, end });
    },
    'open-team': open('team'),
    // The tray's "I'm on it": acknowledges the alarm that is ringing (from the tray, as its source says).
    'alarm-ack': async (params) => {
      if (!params?.alarmKey) return;
      const acked = await engine.alarmIntent({ kind: 'ack', key: params.alarmKey }, 'tray');
      // A refusal, or done with a caveat (acknowledged, but not saved): said either way.
      if (acked.message !== undefined) say(acked.message);
    },
    'open-chat-group': open('chat-group'),
    // Settings at the part the item's fix is in: Phone ("Your phone may still ring…"), an account (its key), or an
    // account's schedule reminders or mute and pause (a readiness problem's fix).
    'open-settings': async (params) => parts.open('settings', settingsPlace(params)),
    refresh: async () => void (await engine.handlers['sync:refresh'](null)),
    'toggle-start-at-login': async () =>
      void (await engine.handlers['settings:update']({ startAtLogin: !engine.getState().settings.startAtLogin })),
    'open-update': async () => {
      const page = parts.updatePage();
      if (page) await parts.openCheckedLink(page);
    },
    'take-over': (params) => takeOver(engine, params ?? {}, false, say),
    'hand-back': (params) => takeOver(engine, params ?? {}, true, say),
    'pause-1h': pause('1h'),
    'pause-tomorrow': pause('tomorrow'),
    resume: async () => void (await engine.handlers['settings:update']({ pausedUntil: null })),
    'copy-summary': async () => {
      const summary = await copySummary(engine);
      if (!summary.ok) say(summary.error.message);
    },
    'export-calendar': () => exportCalendar(engine, say),
    quit: async () => parts.quit(),
  };
}
