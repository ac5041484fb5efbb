// Runs at build time (vite.config.ts, after every chunk is minified): the entry chunk exports each binding under the
// name it already has (`export{li,S,ma}`) instead of a second, unrelated short name (`export{li as $,S as $t}`), and
// each chunk that imports from it asks for those names. The pairs of two random names were the least compressible
// bytes of the entry (the popover's first load) and of the lists that import from it. Only the entry, and only
// because nothing reads its exports by name but the other chunks' static `import{…}` lists: index.html and
// start-after-paint.js load it for its effects. A chunk that reads it any other way (a namespace import, a
// re-export, a dynamic import) stops the build rather than be left asking for names that are gone.

export interface BuiltScript {
  fileName: string;
  code: string;
}

const EXPORT_LIST = /export\{([^{}]*)\};?\s*$/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `a as b` or `a`: [name in the module, name outside it]. */
function pair(spec: string): [string, string] {
  const [inner = '', outer = inner] = spec.trim().split(/\s+as\s+/);
  return [inner, outer];
}

/** The entry's export list as outside name → its own name; the caller rewrites it to `export{own,…}`. */
function exportedNames(entry: BuiltScript): Map<string, string> {
  const list = EXPORT_LIST.exec(entry.code);
  if (!list) throw new Error(`${entry.fileName}: no export list at its end`);
  const names = new Map<string, string>();
  for (const spec of (list[1] ?? '').split(',').filter((s) => s.trim() !== '')) {
    const [own, outside] = pair(spec);
    if (!IDENTIFIER.test(own) || !IDENTIFIER.test(outside) || outside === 'default') {
      throw new Error(`${entry.fileName}: export "${spec}" cannot take its own name`);
    }
    names.set(outside, own);
  }
  if (new Set(names.values()).size !== names.size) throw new Error(`${entry.fileName} exports one binding twice`);
  return names;
}

const escaped = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Rewrites one importer's `import{…}from"./entry"` lists to the entry's own names. */
function renameImports(chunk: BuiltScript, entryFile: string, names: Map<string, string>): string {
  const base = escaped(entryFile.split('/').pop() ?? entryFile);
  const path = `["'\`][^"'\`]*${base}["'\`]`;
  const other = new RegExp(`import\\s*\\*[^;]*?from\\s*${path}|export\\s*(\\*|\\{[^}]*\\})[^;]*?from\\s*${path}|import\\s*\\(\\s*${path}`);
  if (other.test(chunk.code)) throw new Error(`${chunk.fileName} reads ${entryFile} other than by import{…}`);
  const list = new RegExp(`import\\{([^{}]*)\\}from(["'])\\./${base}\\2`, 'g');
  return chunk.code.replace(list, (_all, specs: string, quote: string) => {
    const renamed = specs
      .split(',')
      .filter((s) => s.trim() !== '')
      .map((spec) => {
        const [outside, local] = pair(spec);
        const own = names.get(outside);
        if (own === undefined) throw new Error(`${chunk.fileName} imports "${outside}", which ${entryFile} does not export`);
        return own === local ? own : `${own} as ${local}`;
      });
    return `import{${renamed.join(',')}}from${quote}./${entryFile.split('/').pop() ?? entryFile}${quote}`;
  });
}

/** The scripts with the entry's exports under their own names; the others' code changes only in its import lists. */
export function entryExportsUnderOwnNames(entryFile: string, scripts: readonly BuiltScript[]): BuiltScript[] {
  const entry = scripts.find((s) => s.fileName === entryFile);
  if (!entry) throw new Error(`no chunk ${entryFile}`);
  const names = exportedNames(entry);
  const ownList = `export{${[...names.values()].join(',')}};`;
  return scripts.map((s) =>
    s === entry
      ? { fileName: s.fileName, code: s.code.replace(EXPORT_LIST, names.size > 0 ? ownList : '') }
      : { fileName: s.fileName, code: renameImports(s, entryFile, names) },
  );
}
