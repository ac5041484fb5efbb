// ESLint flat config: typescript-eslint with type-aware rules on the app, the tests and the benches, and the Svelte
// plugin on the renderer. `npm run lint` runs it with --max-warnings 0. Import cycles and the layer table are checked
// by test/layers.test.ts (one table, every file, type imports included).
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';

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
    extends: [tseslint.configs.base],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { arguments: false, attributes: false } },
      ],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // `import('x').T` in a type position stays allowed: declaration files and lazy test types use it on purpose.
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  ...svelte.configs['flat/recommended'],
  {
    files: ['renderer/**/*.svelte', 'renderer/**/*.svelte.ts', 'test/**/*.svelte.ts'],
    // `{' '}` keeps a space between inline elements that markup formatting would otherwise drop.
    rules: { 'svelte/no-useless-mustaches': 'off' },
    languageOptions: {
      parserOptions: { projectService: true, extraFileExtensions: ['.svelte'], parser: tseslint.parser },
      globals: { ...globals.browser },
    },
  },
);
