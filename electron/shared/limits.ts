// How long each text the app accepts may be, and how many entries each list may hold: declared once here for
// the IPC contract, the settings schema, the API client's input checks and the forms. Plain data and messages,
// no zod, so the renderer's bundle may import it. Lengths count Unicode code points, as zod does.

/** Longest text per field, in characters. */
export const FIELD_LIMITS = {
  /** A service id (sch_…, tea_…, ovr_…, usr_…): a prefix and an opaque token. */
  id: 128,
  /** An e-mail address (RFC 5321 caps a forward path at 254). */
  email: 254,
  /** Team and chat group names (spec section 8). */
  name: 60,
  /** Chat group handle (spec section 8). */
  handle: 60,
  /** Chat group description (spec section 8). */
  chatGroupDescription: 140,
  /** Team description (spec section 8). */
  teamDescription: 200,
  /** A schedule's name as last seen on the service, kept in settings for menus. */
  scheduleName: 200,
  /** An ISO 8601 instant ("2026-03-01T09:00:00.000Z" is 24; room for an offset and more digits). */
  instant: 40,
  /** The service address. */
  baseUrl: 500,
  /** A link: one opened in the browser, or pasted to find a schedule. */
  url: 2048,
  /** The API key (it only ever goes in). */
  apiKey: 500,
  /** A global shortcut such as CommandOrControl+Shift+O. */
  shortcut: 60,
  /** A clock time such as 22:00. */
  clockTime: 5,
  /** A time, day or length as the quick override form's fields hold it while typed ("7:15 pm", "2026-03-02"). */
  typedTime: 100,
  /** The calendar feed's secret token. */
  feedToken: 128,
  /** A view's parameter name and value (window:open, navigate). */
  viewParamName: 40,
  viewParamValue: 200,
  /** An IANA time zone name (America/Argentina/ComodRivadavia is 32). */
  timeZone: 64,
  /** An account's id (work, acme-eu). */
  accountId: 32,
  /** An account's name as the user calls it. */
  accountLabel: 40,
  /** A schedule named across accounts: `acme:sch_…` (an account id, a colon, a schedule id). */
  scheduleRef: 161,
  /** The shift-start alarm's key: `alarm:<service>:<schedule id>:<start ISO>`. */
  alarmKey: 400,
  /** A readiness fix's button words, worded in main ("Turn on Start at login"). */
  readinessFix: 40,
  /** Phone escalation: the ntfy server's address. */
  ntfyServer: 300,
  /** Phone escalation: a topic, token or user key (they only ever go in). */
  phoneSecret: 500,
} as const;

/** Most entries per list. */
export const COUNT_LIMITS = {
  /** People covering one override (spec section 8). */
  coveringPeople: 4,
  /** Stretches of a previewed window carried back with Create (window-before.ts keeps as many). */
  heldStretches: 200,
  watchedSchedules: 100,
  leadTimes: 6,
  quietDays: 7,
  viewParams: 8,
  accounts: 10,
} as const;

/** "Name is too long: at most 60 characters." */
export function tooLong(label: string, max: number): string {
  return `${label} is too long: at most ${max} characters.`;
}

/** "Too many watched schedules: at most 100." */
export function tooMany(what: string, max: number): string {
  return `Too many ${what}: at most ${max}.`;
}
