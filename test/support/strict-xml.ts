// A strict reader of the small XML documents the app writes (Windows toast XML): elements, attributes in double or
// single quotes, text, and the five predefined entities plus numeric ones. Anything else (an unescaped & or <,
// a stray >, a mismatched or unclosed tag, a duplicate attribute, text outside the root) throws, so a test that
// reads a document back proves it is well-formed and that escaping kept every character.
export interface XmlElement {
  tag: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME = /^[A-Za-z_][\w.:-]*/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string, at: number): string {
  if (/[<>]/.test(raw)) throw new Error(`unescaped < or > near ${at}`);
  return raw.replace(/&([^;]*);?/g, (whole, name: string) => {
    if (!whole.endsWith(';')) throw new Error(`bare & near ${at}`);
    const num = /^#(x[0-9a-fA-F]+|\d+)$/.exec(name);
    if (num?.[1]) return String.fromCodePoint(Number(num[1].startsWith('x') ? `0${num[1]}` : num[1]));
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
