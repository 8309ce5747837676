import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

// Only the Electron shell (main/electron, main/index.ts, preload) may touch Electron; the
// core, the renderer and shared code must run in plain Node and Chromium for our tests.
const noElectron = {
  'no-restricted-imports': [
    'error',
    {
      paths: [
        {
          name: 'electron',
          message: 'Only main/electron, main/index.ts and preload may import electron.',
        },
      ],
      patterns: [
        { group: ['electron/*'], message: 'Only the Electron shell may import electron.' },
      ],
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'release/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  { files: ['main/core/**', 'main/preview/**', 'renderer/**', 'shared/**'], rules: noElectron },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ['test/**', 'build/**', '.ci/**', '*.config.*'], rules: { 'no-console': 'off' } },
  prettier,
);
