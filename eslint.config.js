// ESLint flat config: typescript-eslint's type-checked recommended set plus the project's rules on the app, the tests,
// the benches and the Svelte components, and the Svelte plugin on the renderer. `npm run lint` runs it with
// --max-warnings 0. Import cycles and the layer table are checked by test/layers.test.ts (one table, every file, type
// imports included).
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import svelteParser from 'svelte-eslint-parser';
import globals from 'globals';

const projectRules = {
  '@typescript-eslint/no-floating-promises': 'error',
  '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
  '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
  // `import('x').T` in a type position stays allowed: declaration files and lazy test types use it on purpose.
  '@typescript-eslint/consistent-type-imports': [
    'error',
    { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
  ],
  // Ports (Notifier, SecretStore, FileStore, the IPC and tray handler tables) are async by contract, and `async` is
  // how an implementation with a synchronous body (and every test fake of one) keeps a throw a rejection: callers
  // gather them with Promise.all (reminders/delivery.ts) or fire them with `void` (the tray). Rewriting those as
  // `() => Promise.resolve(...)` would make such throws synchronous, so the rule stays off.
  '@typescript-eslint/require-await': 'off',
  // `const { dropped: _dropped, ...rest } = x` is how a field is left out of a copy.
  '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'release/**',
      'test-results/**',
      'bench/reports/**',
      'docs/**',
      'build/**',
      'scripts/**/*.cjs',
    ],
  },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: projectRules,
  },
  ...svelte.configs['flat/recommended'],
  {
    files: ['renderer/**/*.svelte'],
    // The same type-checked set on components; the Svelte parser stays the outer parser and hands scripts to
    // typescript-eslint's.
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parser: svelteParser },
    rules: {
      ...projectRules,
      // Core prefer-const asks for `const { … } = $props()`, which Svelte forbids; its own rule knows runes.
      'prefer-const': 'off',
      'svelte/prefer-const': 'error',
    },
  },
  {
    files: ['renderer/**/*.svelte', 'renderer/**/*.svelte.ts', 'test/**/*.svelte.ts'],
    // `{' '}` keeps a space between inline elements that markup formatting would otherwise drop.
    rules: { 'svelte/no-useless-mustaches': 'off' },
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
        extraFileExtensions: ['.svelte'],
        parser: tseslint.parser,
      },
      globals: { ...globals.browser },
    },
  },
);
