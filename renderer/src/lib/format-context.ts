// How the renderer formats times: now, the locale and (in tests) the zone. Its own module, so the glance and the
// status model (which use each other's helpers) don't import each other for it.
export interface FormatContext {
  nowMs: number;
  locale: string;
  /** Omitted in the app (the system zone); tests name one. */
  localZone?: string;
}
