import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Layers import downwards only (ARCHITECTURE.md): unattended ← contract ← client ← markdown ← i18n ← session ← editors
// ← react ← widget ← ckeditor5, tiptap, typo3.
// A layer is matched by its folder and by its entry file (`../client` as well as `../client/x`).
const LAYERS = [
  'unattended',
  'contract',
  'client',
  'markdown',
  'i18n',
  'session',
  'editors',
  'react',
  'widget',
  'ckeditor5',
  'tiptap',
  'typo3',
  'mock-backend',
  'demo',
  'stories',
];
const folders = (names) => names.flatMap((name) => [`**/${name}`, `**/${name}/**`]);
const above = (name) => LAYERS.slice(LAYERS.indexOf(name) + 1);
const layer = (files, forbidden) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: forbidden.map((group) => ({
          group: [group],
          message: 'Imports point down the layer list (ARCHITECTURE.md).',
        })),
      },
    ],
  },
});

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.cache/',
      'typo3/Resources/Public/JavaScript/',
      'typo3/vendor/',
      'storybook-static/',
      'node_modules/',
      'coverage/',
      'reports/',
      '.tmp/',
      '.probe/',
      '.stryker-tmp/',
      '.storybook/public/',
      'test/package/**/node_modules/',
      'test/package/react18/.check/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Prettier wraps code at 120 columns; this holds strings, comments and templates to it too.
      'max-len': ['error', { code: 120, ignoreUrls: true, ignoreRegExpLiterals: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'no-console': 'error' },
  },
  layer(['src/unattended/**'], [...folders(above('unattended')), 'zod*', 'react*', '@tanstack/*']),
  layer(['src/contract/**'], [...folders(above('contract')), 'react*', '@tanstack/*']),
  layer(['src/client/**'], [...folders(above('client')), 'react*', 'msw*', '@tanstack/*']),
  // The markdown layer is framework-free and stands alone: no client, no session, no React, no editor.
  layer(['src/markdown/**'], [...folders([...above('markdown'), 'client']), 'react*', 'msw*', '@tanstack/*']),
  // The words stand alone: messages, templates, presets and the locale, framework-free.
  layer(['src/i18n/**'], [...folders(above('i18n')), 'react*', 'msw*', '@tanstack/*']),
  layer(['src/session/**'], [...folders(above('session')), 'react*', 'msw*', '@tanstack/react-query']),
  // The session chooses what to say (message keys); the words are the bindings' to put in: types only.
  {
    files: ['src/session/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../i18n', '../i18n/*'],
              allowTypeImports: true,
              message: 'The session takes only types from the words (src/i18n): the tables belong to the bindings.',
            },
          ],
        },
      ],
    },
  },
  // The editor seam knows editors and the DOM, not the dialog's UI: React, the widget and CKEditor sit above it.
  layer(['src/editors/**'], [...folders(above('editors')), 'react*', 'msw*', '@tanstack/*', '@ckeditor/*']),
  layer(['src/react/**'], [...folders(above('react')), 'msw*']),
  layer(['src/widget/**'], [...folders(above('widget')), 'msw*']),
  layer(['src/ckeditor5/**'], [...folders(above('ckeditor5')), 'msw*', '@tiptap/*']),
  layer(['src/tiptap/**'], [...folders(above('tiptap')), 'msw*', '@ckeditor/*', 'ckeditor5*']),
  // The TYPO3 backend's own modules (FormEngine's field control): the seam and the widget's runtime.
  layer(['src/typo3/**'], [...folders(above('typo3')), 'msw*', '@ckeditor/*', 'ckeditor5*', '@tiptap/*']),
  // Values come from the session's and the client's own modules, never through their barrels: through a
  // barrel the bundler ties what the dialog loads later (the tool list's reader, the run's readers) to the
  // chunk the entry loads first (26.3 kB up front instead of 15.8). Types may come from the barrels.
  {
    files: ['src/react/**', 'src/widget/**', 'src/ckeditor5/**', 'src/tiptap/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['../session', '../client', '../contract'].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'Import values from the module that defines them (the barrel defeats the lazy chunks).',
          })),
        },
      ],
    },
  },
  // The simulated server shares the contract and the rule with the client, and nothing else.
  layer(
    ['src/mock-backend/**'],
    [
      ...folders(['client', 'session', 'markdown', 'editors', 'react', 'widget', 'ckeditor5', 'tiptap', 'demo']),
      ...folders(['stories']),
      'react*',
    ],
  ),
  {
    files: ['src/mock-backend/**', 'src/demo/**', 'scripts/**', 'bench/**', 'test/**'],
    rules: { 'no-console': 'off' },
  },
);
