// Issue 47, one formatter: no module words a date, a time, a duration or a zone itself. Each way of doing so
// (the runtime's toLocale*String, an Intl date formatter, luxon's toFormat, a two-digit pad of hours and minutes,
// the browser's own date/time inputs) may appear only in the formatter (shared/format.ts over shared/wall-clock.ts)
// or in a file listed below with why it words nothing a user reads. A new one fails here: route it through
// shared/format.ts instead. Failed before: the timeline's ticks and "since" day, the override form's day list and
// its "7:15 PM", the calendar header's "2026-03-11 (UTC)", and the forms' <input type="time"/"date">; away's refusal
// "Nothing was sent: 2026-03-24T08:00:00Z – … is not a shift of yours" (issue 48).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../support/project-path';

const root = process.cwd();

/** `${x.start}`, `${x.end}` or `${new Date(ms).toISOString()}`: an instant as the wire has it. */
const INSTANT = String.raw`\$\{\s*(?:[\w.?!]+\.(?:start|end)|new Date\([^()\`]*\)\.toISOString\(\))\s*\}`;

const WAYS: readonly [string, RegExp][] = [
  ['toLocale*String', /\.toLocale(?:Date|Time)?String\(/],
  ['an Intl date formatter', /Intl\.DateTimeFormat\((?!\)\.resolvedOptions\(\)\.timeZone)/],
  ['Intl relative time or duration', /Intl\.(?:RelativeTimeFormat|DurationFormat)/],
  ["luxon's toFormat / toLocaleString", /\.toFormat\(|\.toRelative\(|DateTime\.[A-Z_]+\b(?!\))/],
  ['a two-digit pad (a clock or date by hand)', /padStart\(\s*(?:2|width)/],
  ['a Date read by hand', /\.get(?:UTC)?(?:Hours|Minutes|Date|Day|Month|FullYear)\(\)/],
  ['a day cut from an ISO string', /toISOString\(\)\.slice\(/],
  ["the browser's own date/time input", /type=["'](?:time|date|datetime-local|month|week)["']/],
  // One clock on every surface (issue 47, round 2): the tray and the popover took the system's locale ("09:00 AM")
  // while notifications, the hand-off, the .ics and `status` have none ("09:00"). Every surface uses DISPLAY_LOCALE.
  ["the system's locale", /app\.getLocale\(\)|navigator\.languages?\b/],
  // An instant put into a sentence as it is (issue 48: away's refusal said "2026-03-24T08:00:00Z – …"): a
  // ${x.start}, ${x.end} or ${new Date(ms).toISOString()} in a template with a space (a text, not a key).
  ['an instant in a sentence', new RegExp(`\`[^\`]*(?: [^\`]*${INSTANT}|${INSTANT}[^\`]* )[^\`]*\``)],
];

const PAD = 'a two-digit pad (a clock or date by hand)';
const ISO_DAY = 'a day cut from an ISO string';
const INTL = 'an Intl date formatter';
const BY_HAND = 'a Date read by hand';
/** Files that may, and which ways, each with why it words nothing a user reads. */
const ALLOWED: Record<string, { ways: string[]; why: string }> = {
  'electron/shared/format.ts': { ways: WAYS.map(([w]) => w), why: 'the formatter' },
  'electron/shared/wall-clock.ts': {
    ways: [INTL, PAD, BY_HAND],
    why: "the formatter's wall-clock readings and their text",
  },
  'electron/shared/repeated-hour.ts': {
    ways: [INTL],
    why: 'the formatter\'s zone name for a time in autumn\'s repeated hour ("02:10 CEST")',
  },
  'electron/core/platform/local-zone.ts': { ways: [INTL], why: 'asks Intl whether a zone name is valid' },
  'electron/core/state/load.ts': {
    ways: ["luxon's toFormat / toLocaleString"],
    why: "the month's key 'yyyy-LL' in the state (data, as `status --json` gives it)",
  },
  'renderer/src/lib/local-input.ts': {
    ways: [PAD, BY_HAND],
    why: 'builds "YYYY-MM-DDTHH:MM" values for forms to read',
  },
  'electron/core/reminders/quiet.ts': {
    ways: [ISO_DAY],
    why: 'the UTC date as a key of its cache of quiet-hours stretches (never shown)',
  },
  'renderer/src/lib/time-input.ts': { ways: [PAD, ISO_DAY], why: 'builds "HH:MM" and "YYYY-MM-DD" values' },
  'electron/shared/typed-window.ts': {
    ways: [PAD, BY_HAND],
    why: "reads the form's typed day and time (moved from local-input.ts): checks a typed date is real, words nothing",
  },
  'electron/core/storage/redact-secrets.ts': {
    ways: [PAD],
    why: 'spells a key\'s bytes percent-encoded ("%0a") to mask them in a backup: no date or time',
  },
  'renderer/src/lib/away.svelte.ts': {
    ways: [PAD, BY_HAND],
    why: 'builds the default range\'s "YYYY-MM-DD" values (shown through the formatter)',
  },
};

function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(root, dir, name);
    if (statSync(path).isDirectory()) return filesUnder(projectPath(root, path));
    return /\.(ts|svelte)$/.test(name) && !name.endsWith('.d.ts') ? [projectPath(root, path)] : [];
  });
}

describe('issue 47: one formatter, and no other', () => {
  const files = [...filesUnder('electron'), ...filesUnder('renderer/src')];

  it('no module outside the formatter words a date, time, duration or zone itself', () => {
    const found = files.flatMap((f) =>
      readFileSync(join(root, f), 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          WAYS.filter(([way, re]) => re.test(line) && !ALLOWED[f]?.ways.includes(way)).map(
            ([way]) => `${f}:${i + 1} ${way}: ${line.trim()}`,
          ),
        ),
    );
    expect(found).toEqual([]);
  });

  // A day word of its own ("03:00 tonight", "tomorrow 09:00") names a day the formatter would word otherwise ("Wed
  // 03:00"): the heads-up said "On call at 09:00 tonight" for a Wed 09:00 start (issue 47, round 7). Only the
  // formatter words a day; no text in code (comments aside) holds "today", "tonight", "tomorrow" or "yesterday".
  it('no text outside the formatter words a relative day ("tonight", "tomorrow") itself', () => {
    const DAY = '(?:today|tonight|tomorrow|yesterday)\\b';
    // In a text after a space ("03:00 tonight"), or opening one ("Tomorrow 09:00"); a key alone ('tomorrow') is no text.
    const RELATIVE_DAY = new RegExp(`['"\`][^'"\`\\n]*[\\s(]${DAY}|['"\`]${DAY}(?!['"\`])`, 'i');
    const comment = /^\s*(?:\/\/|\*|\/\*|<!--)/;
    const found = files
      .filter((f) => f !== 'electron/shared/format.ts')
      .flatMap((f) =>
        readFileSync(join(root, f), 'utf8')
          .split('\n')
          .flatMap((line, i) =>
            !comment.test(line) && RELATIVE_DAY.test(line) ? [`${f}:${i + 1} ${line.trim()}`] : [],
          ),
      );
    expect(found).toEqual([]);
  });

  it('each allowed file still does what it is allowed for (the list holds no stale entry)', () => {
    const stale = Object.entries(ALLOWED).flatMap(([f, { ways }]) => {
      if (!files.includes(f)) return [f];
      const text = readFileSync(join(root, f), 'utf8');
      return WAYS.some(([way, re]) => ways.includes(way) && re.test(text)) ? [] : [f];
    });
    expect(stale).toEqual([]);
  });
});
