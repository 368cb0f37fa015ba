// Run from the repository's root: eslint -c tests/js/eslint.config.js cli/src/serve/page src/output/touch.js tests/js
// The workbench's JavaScript (cli/src/serve/page/*.js, ES modules in the browser) and these tests:
// eslint's recommended rules (a name used but never defined, one defined but never used …) and a
// few of the house's (strict equality, no `var`, one way to quote).
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['tests/js/node_modules/**'] },
  js.configs.recommended,
  {
    files: ['cli/src/serve/page/*.js'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: globals.browser },
  },
  {
    files: ['tests/js/*.js', 'tests/js/*.mjs'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: globals.node },
  },
  {
    rules: {
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-var': 'error',
      'prefer-const': 'error',
      'no-use-before-define': ['error', { functions: false, classes: true, variables: true }],
      'no-shadow': 'error',
      'no-implicit-globals': 'error',
      quotes: ['error', 'single', { avoidEscape: true, allowTemplateLiterals: true }],
      'no-unused-vars': ['error', { args: 'after-used', caughtErrors: 'none' }],
    },
  },
  {
    // The interactive figure's script, written into every exported HTML page: a classic script
    // in the style of browsers without modules (`var`, double quotes), held to the recommended
    // rules and strict equality only.
    files: ['src/output/touch.js'],
    languageOptions: { ecmaVersion: 2017, sourceType: 'script', globals: globals.browser },
    rules: { 'no-var': 'off', quotes: 'off', 'prefer-const': 'off', 'no-use-before-define': 'off' },
  },
];
