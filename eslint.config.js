import js from '@eslint/js';
import nextPlugin from '@next/eslint-plugin-next';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The site's rules come from the Next, React Hooks and jsx-a11y plugins directly: the bundled
// eslint-config-next pulls in a resolver whose lockfile entries npm ci rejects.
const site = ['apps/site/**/*.{ts,tsx}'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'apps/site/out/**',
      'apps/site/.next/**',
      'apps/site/next-env.d.ts',
      'data/**',
      '**/gm-service-worker.js',
    ],
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
  { ...nextPlugin.configs['core-web-vitals'], files: site },
  { ...reactHooks.configs.flat.recommended, files: site },
  { ...jsxA11y.flatConfigs.strict, files: site },
  {
    files: site,
    languageOptions: { globals: { ...globals.browser } },
    settings: { next: { rootDir: 'apps/site/' } },
  },
);
