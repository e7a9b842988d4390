import js from '@eslint/js';
import nextVitals from 'eslint-config-next/core-web-vitals';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'apps/site/out/**', 'apps/site/.next/**', 'apps/site/next-env.d.ts', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  ...nextVitals.map((config) => ({ ...config, files: ['apps/site/**/*.{ts,tsx}'] })),
  {
    files: ['apps/site/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    settings: { next: { rootDir: 'apps/site/' } },
  },
);
