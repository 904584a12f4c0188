import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Layers import downwards only (DESIGN.md): unattended ← contract ← client ← react ← widget.
const layer = (files, forbidden) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: forbidden.map((group) => ({
          group: [group],
          message: 'Imports point down the layer list (DESIGN.md).',
        })),
      },
    ],
  },
});

export default tseslint.config(
  { ignores: ['dist/', 'storybook-static/', 'node_modules/', 'coverage/', '.tmp/', '.storybook/public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'no-console': 'error' },
  },
  layer(
    ['src/unattended/**'],
    ['**/contract/**', '**/client/**', '**/react/**', '**/widget/**', '**/mock-backend/**', 'zod*', 'react*'],
  ),
  layer(['src/contract/**'], ['**/client/**', '**/react/**', '**/widget/**', '**/mock-backend/**', 'react*']),
  layer(['src/client/**'], ['**/react/**', '**/widget/**', '**/mock-backend/**', 'react*', 'msw*']),
  layer(['src/react/**'], ['**/widget/**', '**/mock-backend/**', 'msw*']),
  layer(['src/mock-backend/**'], ['**/client/**', '**/react/**', '**/widget/**']),
  {
    files: ['src/mock-backend/**', 'src/demo/**', 'scripts/**', 'bench/**', 'test/**'],
    rules: { 'no-console': 'off' },
  },
);
