// Types for scripts/function-lengths.mjs (the function-length measure test/layers-size.test.ts holds electron/ to).

export interface FunctionLength {
  /** The file, relative to the root it was read from, with `/`. */
  file: string;
  /** Its own name, or the variable, property or method it is bound to; `(anonymous)` otherwise. */
  name: string;
  /** The line it starts on (1-based). */
  line: number;
  /** End line − start line + 1. */
  lines: number;
}

/** Every function in one source text (declarations, expressions, arrows, methods, accessors), nested ones included. */
export function functionLengths(file: string, text: string): FunctionLength[];
/** Every function in the .ts files under `dir` (a folder or one file, relative to `root`), longest first. */
export function functionLengthsUnder(root: string, dir: string): FunctionLength[];
