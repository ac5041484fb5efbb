// Keeps the calendar feed server in line with the settings (off by default; port and token from settings) and
// renders the exported calendar. The engine calls apply() after start-up and after every settings change.
import { randomBytes } from 'node:crypto';
import type { CalendarFeedSettings, Settings } from '../../shared/settings';
import type { FileStore } from '../ports';
import type { Notice } from '../storage/settings-store';
import type { RecordSigner } from '../storage/record-key';
import { startFeedServer, type RunningFeed } from './feed-server';
import { createCalendarPublisher, EXPORT_RECORD, FEED_RECORD, type CalendarService } from './publisher';

export const FEED_NOTICE_ID = 'calendar-feed';
const UNSAVED_NOTICE: Notice = {
  id: FEED_NOTICE_ID,
  message:
    'The calendar feed has a new address, which could not be saved: it changes again at the next start unless ' +
    'the data folder can be written. A calendar app subscribed to an earlier address must use the one in Settings.',
};

/** 32 random bytes, base64url: 256 bits, far beyond guessing over loopback. */
export function newFeedToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface FeedControlOptions {
  /** Every account's data and settings (the calendar covers them all). */
  services: () => readonly CalendarService[];
  settings: () => Settings;
  now: () => number;
  localZone: () => string;
  files: FileStore;
  /** Stores a newly issued token in the settings (which then calls apply() again); false when it could not be
   *  saved, and the settings then hold it in memory only. */
  issueToken: (token: string) => Promise<boolean>;
  /** Told when notices() changed, so the state shown can be updated. */
  changed: () => void;
  /** False for the status command: it must never take the port from the running app. */
  serve: boolean;
  log: (message: string) => void;
  /** Told once when a calendar record read back held what the app did not publish. */
  report?: (notice: Notice) => void;
  /** The app's record key (storage/record-key.ts): the calendar records are signed with it. */
  signer?: () => Promise<RecordSigner | undefined>;
}

export interface FeedControl {
  apply(): Promise<void>;
  /** Why the feed that settings turn on is not running, while that lasts. */
  notices(): Notice[];
  stop(): Promise<void>;
  /** The calendar for an export (its own record of what was published), `days` ahead. */
  exportCalendar(days: number): Promise<string>;
}

export function createFeedControl(o: FeedControlOptions): FeedControl {
  const feedPublisher = createCalendarPublisher(o.files, FEED_RECORD, o.report, o.signer);
  const exportPublisher = createCalendarPublisher(o.files, EXPORT_RECORD, o.report, o.signer);
  const input = () => ({ services: o.services(), nowMs: o.now(), localZone: o.localZone() });
  let running: { feed: RunningFeed; port: number; token: string } | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let notice: Notice | undefined;
  const setNotice = (next: Notice | undefined): void => {
    if (next?.message === notice?.message) return;
    notice = next;
    o.changed();
  };

  async function close(): Promise<void> {
    const was = running;
    running = undefined;
    if (was) await was.feed.close();
  }

  async function reconcile(wanted: CalendarFeedSettings | undefined): Promise<void> {
    if (!wanted?.enabled) {
      setNotice(undefined);
      return close();
    }
    if (wanted.token === '') return void o.issueToken(newFeedToken()).then((saved) => saved || unsaved(wanted.port));
    if (running && running.port === wanted.port && running.token === wanted.token) return setNotice(unsavedNotice());
    await close();
    const started = await startFeedServer({
      port: wanted.port,
      token: wanted.token,
      render: () => feedPublisher.render(input()),
    });
    if (!started.ok) {
      o.log(`calendar feed: ${started.error.kind}`);
      setNotice({
        id: FEED_NOTICE_ID,
        message: `The calendar feed is not running: ${started.error.message} Choose another port in Settings.`,
      });
      return;
    }
    running = { feed: started.feed, port: wanted.port, token: wanted.token };
    setNotice(unsavedNotice());
  }

  // A token that could not be saved (a read-only folder): the feed still runs, at an address held for this run, so a
  // calendar can subscribe now; said, since the address changes again at the next start. Lasts until a save works.
  let unsavedToken = '';
  const unsavedNotice = (): Notice | undefined =>
    unsavedToken !== '' && o.settings().calendarFeed.token === unsavedToken ? UNSAVED_NOTICE : undefined;
  function unsaved(port: number): void {
    const token = o.settings().calendarFeed.token;
    if (token === '' || o.settings().calendarFeed.port !== port) return;
    unsavedToken = token;
    void apply();
  }

  const serialized = (task: () => Promise<void>): Promise<void> => {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  };

  const apply = () => serialized(() => reconcile(o.serve ? o.settings().calendarFeed : undefined));
  return {
    apply,
    notices: () => (notice === undefined ? [] : [notice]),
    stop: () => serialized(close),
    exportCalendar: (days) => exportPublisher.render({ ...input(), days }),
  };
}
