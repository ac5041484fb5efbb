// Every benchmark section `npm run bench` runs, in order. To add one: write a module exporting a Section (see
// ./types) and append it here. Each section's figures go to bench/reports/<section.report>.json.
import { CORE_SECTIONS } from './core-sections';
import { IDLE_SECTIONS } from './idle-sections';
import { FAILURE_SECTIONS } from './failure-sections';
import { RENDERER_SECTIONS } from './renderer';
import { ACCOUNTS_SECTIONS } from './accounts-sections';
import { DERIVE_SECTIONS } from './derive-sections';
import type { Section } from './types';

export const SECTIONS: Section[] = [
  ...CORE_SECTIONS,
  ...ACCOUNTS_SECTIONS,
  ...DERIVE_SECTIONS,
  ...IDLE_SECTIONS,
  ...FAILURE_SECTIONS,
  ...RENDERER_SECTIONS,
];
