// Types for scripts/security-review.mjs (the judgement of `npm run lint:security`).

export interface Finding {
  id: string;
  severity: string;
  file: string;
}

export const REVIEWED: Record<string, Record<string, string>>;
export const RANK: Record<string, number>;
/** A reported file as a project path with `/` (relative to root when under it). */
export function projectPath(file: string, root: string): string;
/** Why a reviewed finding is acceptable, or undefined when it was never reviewed. */
export function reviewedWhy(finding: Pick<Finding, 'id' | 'file'>, root: string): string | undefined;
export function failing(finding: Finding, root: string): boolean;
export function mustRead(file: string, root: string): boolean;
