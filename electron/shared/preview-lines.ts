// The quick override's preview in words, made by main as it answers the form (core/engine/preview-words.ts;
// PreviewBox.svelte shows them, the text registry reads them): who covers, the window, and what the form states
// about who is on call in it (whom it replaces, "already on call", the drop).
// Each of those statements carries its basis in the one wording every surface uses ("saved data from 09:00",
// shared/basis.ts): the form is where a write is decided, and a read that failed may have missed a change (issue 47,
// round 12 #1: "Replaces nobody: no one is on call then." was said from saved data). "No one is on call" is said
// plainly only from fresh data; over time not known it is never said.
import { basisMark } from './basis';
import { formatDuration, joinNames as list } from './format';
import { savedMark } from './knowledge';
import type { OverridePreview, OverrideView } from './ipc-contract';
import type { Person } from './view-state';
import { alreadyOnCallText, beVerb, nothingToDo } from './preview-text';

export interface PreviewWords {
  /** The schedule, with its account when there are several ("Acme · Platform"). */
  scheduleName: string;
  /** Names for e-mails, in order, with the people the preview carries as `also`. */
  names: (emails: readonly string[], also?: readonly Person[]) => string[];
  windowText: (start: string, end: string) => string;
  /** An instant as every surface words it (a day and time in the local zone). */
  time: (iso: string) => string;
}

export interface PreviewLines {
  /** "Bob Stone" and "covers Platform" (the names are shown strong). */
  who: string;
  covers: string;
  /** "Tue 13:00 – 14:00 · 1 h". */
  window: string;
  /** "Already on call" warning, when the covering people are (as far as known) on call for all of it. */
  already?: string;
  /** Whom it replaces; absent when `already` says it all. */
  replaces?: string;
  /** "On call drops from 2 people to 1 for this window." */
  drop?: string;
  /** Nothing to change, by fresh data (preview-text.ts): the form then holds Create back. */
  nothingToDo: boolean;
  /** Whom it replaces as the result restates what was asked ("Dan Brown and Carol Lee", "nobody"). */
  replaced: string;
}

/** The result's words for the override read back: "Dan Brown covers Platform" and its window with its length. */
export interface ResultLines {
  headline: string;
  window: string;
}

const UNKNOWN = "Replaces: unknown. Who is on call then isn't known (not loaded, or shifts that couldn't be read).";
const people = (n: number): string => (n === 1 ? '1 person' : `${n} people`);

function replacesText(p: OverridePreview, covering: readonly string[], w: PreviewWords): string {
  // Where part of the window is unknown, that is said in words; the rest may still rest on saved data.
  const mark = p.unknownOnCall ? savedMark(p.basis, w.time) : basisMark(p.basis, w.time);
  if (p.replaces.length > 0) {
    // "Carol Lee (you)" for me; the person's own name when the schedule does not list them, else the e-mail.
    const named = p.replaces.map((r) => w.names([r.email], [r])[0] ?? r.email);
    const rest = p.unknownOnCall ? ', and whoever else is on call in the time not known' : '';
    return `Replaces ${list(named)}${mark}${rest}`;
  }
  if (p.unknownOnCall) return UNKNOWN;
  if (p.onCallBefore === 0) {
    switch (p.basis.kind) {
      case 'fresh':
        return 'Replaces nobody: no one is on call then.';
      case 'saved':
        return `Replaces nobody${mark}: no one was on call then when it was read, but that may have changed since.`;
      default:
        return UNKNOWN;
    }
  }
  return `Replaces nobody else${mark}: ${list(covering)} ${beVerb(covering)} on call for part of it already.`;
}

/** Whom it replaces, as the result (OverrideResult) restates what was asked: who was on call in part of the window
 *  and isn't known is never "nobody". */
function replacedText(p: OverridePreview, w: PreviewWords): string {
  const named = p.replaces.map((r) => w.names([r.email], p.replaces)[0] ?? r.email);
  if (named.length > 0) return `${list(named)}${p.unknownOnCall ? ' (and anyone not known)' : ''}`;
  return p.unknownOnCall ? 'whoever is on call (not known here)' : 'nobody';
}

/** The override as the service read it back, as the result says it; its people are named by the names it carries. */
export function resultLines(view: OverrideView, w: PreviewWords): ResultLines {
  const who = w.names(
    view.users.map((u) => u.email),
    view.users,
  );
  return {
    headline: `${list(who)} ${view.users.length === 1 ? 'covers' : 'cover'} ${w.scheduleName}`,
    window: windowLine(w.windowText, view.start, view.end),
  };
}

/** "Sun 17:35 – Tue 13:35 · 44 h": a window and its length, as the preview and the result (OverrideResult) say it. */
export function windowLine(windowText: (start: string, end: string) => string, start: string, end: string): string {
  return `${windowText(start, end)} · ${formatDuration(Date.parse(end) - Date.parse(start))}`;
}

/** The preview's lines, each statement about who is on call worded with its basis. */
export function previewLines(p: OverridePreview, w: PreviewWords): PreviewLines {
  // One person, one way: by name when the schedule's people or those it replaces know it, else by e-mail.
  const covering = w.names(p.covering, p.replaces);
  const already = alreadyOnCallText(p, covering, w.time);
  const drops = !p.unknownOnCall && p.onCallBefore !== undefined && p.covering.length < p.onCallBefore;
  const drop =
    drops && !nothingToDo(p) && p.onCallBefore !== undefined
      ? `On call drops from ${people(p.onCallBefore)} to ${p.covering.length} for this window${basisMark(p.basis, w.time)}.`
      : undefined;
  return {
    who: list(covering),
    covers: `${beVerb(covering) === 'is' ? 'covers' : 'cover'} ${w.scheduleName}`,
    window: windowLine(w.windowText, p.start, p.end),
    ...(already === undefined ? {} : { already }),
    ...(p.alreadyOnCall ? {} : { replaces: replacesText(p, covering, w) }),
    ...(drop === undefined ? {} : { drop }),
    nothingToDo: nothingToDo(p),
    replaced: replacedText(p, w),
  };
}
