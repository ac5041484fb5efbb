// The judgement `npm run lint:security` (scripts/lint-security.mjs) passes on electronegativity's findings, apart from
// running it, so it can be tested on findings as each OS reports them: electronegativity names files with the
// system's separator (`electron\adapters\external.ts` on Windows), while the reviewed list is written with `/`.

/** Findings that only ask for a human review, reviewed: check id → file → why it is acceptable. */
export const REVIEWED = {
  OPEN_EXTERNAL_JS_CHECK: {
    'electron/adapters/external.ts':
      'the single openExternal choke point: https links to the service host or our release pages only',
  },
  PRELOAD_JS_CHECK: {
    'electron/adapters/windows.ts': 'our preload exposes exactly the typed IPC contract (electron/preload.ts)',
  },
};

export const RANK = { INFORMATIONAL: 0, LOW: 1, MEDIUM: 2, HIGH: 3, CRITICAL: 4 };

/**
 * A reported file as a project path with `/`: relative to root when it is under it, backslashes turned into `/`.
 * @param {string} file @param {string} root
 */
export function projectPath(file, root) {
  const slashed = (p) => p.replaceAll('\\', '/');
  const base = slashed(root).replace(/\/?$/, '/');
  const path = slashed(file);
  return path.startsWith(base) ? path.slice(base.length) : path.replace(/^\.\//, '');
}

/** @param {{ id: string, file: string }} finding @param {string} root */
export function reviewedWhy(finding, root) {
  return REVIEWED[finding.id]?.[projectPath(finding.file, root)];
}

/** Fails the lint: above LOW and not reviewed (an unknown severity counts as CRITICAL). */
export function failing(finding, root) {
  return (RANK[finding.severity] ?? RANK.CRITICAL) > RANK.LOW && reviewedWhy(finding, root) === undefined;
}

/** An unreadable file of ours under electron/ fails the lint; renderer code cannot reach Electron APIs. */
export function mustRead(file, root) {
  return /(^|\/)electron\//.test(projectPath(file, root));
}
