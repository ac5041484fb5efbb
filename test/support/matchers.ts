// Vitest's asymmetric matchers are typed `any`, which spreads into the objects a test compares and hides them from
// the type checker. These hand the same matchers back as `unknown`: accepted wherever toEqual takes a value.
import { expect } from 'vitest';

/** A string matching `pattern`. */
export const textMatching = (pattern: RegExp): unknown => expect.stringMatching(pattern);
/** A string containing `part`. */
export const textContaining = (part: string): unknown => expect.stringContaining(part);
/** Any string. */
export const anyText = (): unknown => expect.any(String);
