// How long each function in a folder is (lines from its first to its last, both counted), measured with the
// TypeScript compiler's own parser so that a brace in a string or a regex can't fool it. test/layers-size.test.ts
// holds electron/ to the house's hard maximum with it; run `node scripts/function-lengths.mjs [folder] [min]` to see
// the longest (default: electron/, 41 lines and over, the house's "aim under ~40").
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** A function's name as a reader would look for it: its own, or the variable, property or method it is bound to. */
function nameOf(node) {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (
    parent &&
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
  )
    return parent.name.getText();
  if (parent && ts.isBinaryExpression(parent)) return parent.left.getText();
  return '(anonymous)';
}

const FUNCTION_KINDS = [
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.FunctionExpression,
  ts.SyntaxKind.ArrowFunction,
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.Constructor,
  ts.SyntaxKind.GetAccessor,
  ts.SyntaxKind.SetAccessor,
];

/** Every function in one source text, nested ones included (each counted whole, as a reader meets it). */
export function functionLengths(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found = [];
  const visit = (node) => {
    // A declaration without a body (an overload, an interface's method) is a signature, not code to read.
    if (FUNCTION_KINDS.includes(node.kind) && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ file, name: nameOf(node), line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The .ts files under a folder, or the file itself (declaration files left out), named relative to `root` with `/`. */
function tsFilesUnder(root, dir) {
  const names = statSync(join(root, dir)).isDirectory() ? readdirSync(join(root, dir)) : [];
  if (names.length === 0) return dir.endsWith('.ts') && !dir.endsWith('.d.ts') ? [dir.split(sep).join('/')] : [];
  return names.flatMap((name) => tsFilesUnder(root, join(dir, name)));
}

/** Every function under `dir` (a folder or a file, relative to `root`), longest first. */
export function functionLengthsUnder(root, dir) {
  return tsFilesUnder(root, dir)
    .flatMap((file) => functionLengths(file, readFileSync(join(root, file), 'utf8')))
    .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? 'electron';
  const min = Number(process.argv[3] ?? 41);
  for (const f of functionLengthsUnder(process.cwd(), dir).filter((f) => f.lines >= min))
    console.log(`${String(f.lines).padStart(4)}  ${f.file}:${f.line}  ${f.name}`);
}
