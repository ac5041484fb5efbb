// The words a reader would see in an error body written as markup: a 4xx from the service as '<p>…</p>', or a
// whole HTML error page from a proxy in front of it. The tags are dropped (never rendered: the text is shown as
// text), what a browser wouldn't show (head, scripts, styles, comments) is left out, and the common entities are
// read; the caller bounds the result like any other message of the service (one line, ≤300 chars, no controls).

/** A tag as markup writes it ("<p>", "</b>", "<br/>", "<a href=…>"); "a < b" or "<3" is not one. */
const TAG = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/i;

/** Whether a body is markup: declared so, or text that carries tags. */
export function isMarkup(body: string, contentType: string | undefined): boolean {
  return /html|xml/i.test(contentType ?? '') || TAG.test(body);
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

/** Text with every tag dropped (a tag a word apart from the next), entities read. */
function textOf(markup: string): string {
  return decodeEntities(markup.replace(/<[^>]*>/g, ' ').replace(/</g, ' '));
}

const HIDDEN = /<(script|style|head|title|template|noscript)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;

/** The visible text of a markup body, else its <title>; undefined when it shows nothing. */
export function visibleText(markup: string): string | undefined {
  const noComments = markup.replace(/<!--[\s\S]*?(?:-->|$)/g, ' ').replace(/<!doctype[^>]*>/gi, ' ');
  const title = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(noComments)?.[1];
  const shown = textOf(noComments.replace(HIDDEN, ' ')).replace(/\s+/g, ' ').trim();
  if (shown !== '') return shown;
  const titled = title === undefined ? '' : textOf(title).replace(/\s+/g, ' ').trim();
  return titled === '' ? undefined : titled;
}
