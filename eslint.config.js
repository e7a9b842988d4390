import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The site's rules: React Hooks and jsx-a11y. Astro's route shells are not linted by ESLint;
// `astro check` is not needed either, since they hold no logic beyond composing components.
const site = ['apps/site/**/*.{ts,tsx}'];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', 'apps/site/dist/**', 'apps/site/.astro/**', 'data/**', '**/gm-service-worker.js'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { ...reactHooks.configs.flat.recommended, files: site },
  { ...jsxA11y.flatConfigs.strict, files: site },
  {
    files: site,
    languageOptions: { globals: { ...globals.browser } },
  },
);
