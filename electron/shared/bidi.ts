// A user-provided name (schedule, account, person) set among times and words: a right-to-left one would carry the
// digits beside it into its run ("11 · 12:23–00:23 · <Hebrew name> h left": times reversed). Wrapped in Unicode
// first-strong isolates (FSI … PDI), it stays one unit and the times keep their order, in the popover's text as in
// the strings the OS renders (tray menu, tooltip, notifications). A name with no right-to-left letter can't reorder
// anything in a left-to-right line, so it is left as it is (no invisible characters where none are needed).
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe]|\ud802[\udc00-\udfff]|\ud83a[\udc00-\udfff]/;

/** The name isolated (FSI … PDI) where it holds a right-to-left letter; unchanged otherwise. */
export function isolate(name: string): string {
  return RTL.test(name) ? `\u2068${name}\u2069` : name;
}
