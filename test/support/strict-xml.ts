// A strict reader of the small XML documents the app writes (Windows toast XML): elements, attributes in double or
// single quotes, text, and the five predefined entities plus numeric ones. Anything else (an unescaped & or <,
// a stray >, a mismatched or unclosed tag, a duplicate attribute, text outside the root, a character XML 1.0's Char
// production forbids, written or as a reference: U+000B, U+0008, U+FFFE, a lone surrogate) throws, so a test that
// reads a document back proves it is well-formed and that escaping kept every character.
export interface XmlElement {
  tag: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME = /^[A-Za-z_][\w.:-]*/;
/** Outside XML 1.0's Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]. */
const NOT_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string, at: number): string {
  if (/[<>]/.test(raw)) throw new Error(`unescaped < or > near ${at}`);
  return raw.replace(/&([^;]*);?/g, (whole, name: string) => {
    if (!whole.endsWith(';')) throw new Error(`bare & near ${at}`);
    const num = /^#(x[0-9a-fA-F]+|\d+)$/.exec(name);
    const code = num?.[1] === undefined ? undefined : Number(num[1].startsWith('x') ? `0${num[1]}` : num[1]);
    if (code !== undefined) {
      const c = code <= 0x10ffff ? String.fromCodePoint(code) : '\u0000';
      if (NOT_CHAR.test(c)) throw new Error(`reference to a character XML forbids (&${name};) near ${at}`);
      return c;
    }
    const known = ENTITIES[name];
    if (known === undefined) throw new Error(`unknown entity &${name}; near ${at}`);
    return known;
  });
}

export function parseStrictXml(xml: string): XmlElement {
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`${why} at ${i}: ${xml.slice(i, i + 30)}`);
  };
  const skipSpace = (): void => void (i += /^\s*/.exec(xml.slice(i))?.[0].length ?? 0);

  function element(): XmlElement {
    if (xml[i] !== '<') fail('expected <');
    i++;
    const tag = NAME.exec(xml.slice(i))?.[0] ?? fail('expected a tag name');
    i += tag.length;
    const el: XmlElement = { tag, attributes: {}, children: [], text: '' };
    for (;;) {
      const before = i;
      skipSpace();
      if (xml.startsWith('/>', i)) return ((i += 2), el);
      if (xml[i] === '>') break;
      if (i === before) fail('expected space before an attribute');
      const m = /^([A-Za-z_][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/.exec(xml.slice(i)) ?? fail('bad attribute');
      const [whole, name = '', , dq, sq] = m;
      if (Object.hasOwn(el.attributes, name)) fail(`duplicate attribute ${name}`);
      el.attributes[name] = decode(dq ?? sq ?? '', i);
      i += whole.length;
    }
    i++;
    for (;;) {
      const next = xml.indexOf('<', i);
      if (next < 0) fail(`unclosed <${tag}>`);
      el.text += decode(xml.slice(i, next), i);
      i = next;
      if (xml.startsWith('</', i)) {
        const close = `</${tag}>`;
        if (!xml.startsWith(close, i)) fail(`expected ${close}`);
        i += close.length;
        return el;
      }
      el.children.push(element());
    }
  }

  const bad = NOT_CHAR.exec(xml);
  if (bad) throw new Error(`a character XML forbids (U+${bad[0].codePointAt(0)?.toString(16)}) at ${bad.index}`);
  skipSpace();
  if (xml.startsWith('<?xml', i)) {
    const end = xml.indexOf('?>', i);
    if (end < 0) fail('unclosed declaration');
    i = end + 2;
  }
  skipSpace();
  const root = element();
  skipSpace();
  if (i !== xml.length) fail('content after the root element');
  return root;
}

/** Every element named `tag` under `el` (depth first, `el` included). */
export function elementsNamed(el: XmlElement, tag: string): XmlElement[] {
  return [...(el.tag === tag ? [el] : []), ...el.children.flatMap((c) => elementsNamed(c, tag))];
}
