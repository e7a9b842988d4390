import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The site's rules: React Hooks and jsx-a11y on the components, and Astro's own rules with
// jsx-a11y on the .astro pages and layouts (which `astro check` also type-checks).
const site = ['apps/site/**/*.{ts,tsx}'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'apps/site/dist/**',
      'apps/site/dist-server/**',
      'apps/site/.astro/**',
      'data/**',
      '**/gm-service-worker.js',
      'apps/site/public/team/alerts-worker.js',
      // Copies of the site that a running build test or publisher keeps beside it (.gitignore).
      'apps/.content-check-*/**',
      'apps/.publisher-test-*/**',
      'apps/.publish-*/**',
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
  { ...reactHooks.configs.flat.recommended, files: site },
  { ...jsxA11y.flatConfigs.strict, files: [...site, 'apps/site/**/*.astro'] },
  {
    files: site,
    languageOptions: { globals: { ...globals.browser } },
  },
  ...astro.configs.recommended,
  {
    // Issue 12: a request's body, query or params is typed by its route's schema (or read by a
    // schema's parse), never taken as a type on trust: neither `request.body as T` nor
    // `(request.body ?? {}) as T`.
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['TSAsExpression', 'TSTypeAssertion'].flatMap((cast) =>
          [
            `${cast} > MemberExpression.expression`,
            `${cast} > LogicalExpression.expression > MemberExpression.left`,
          ].map((read) => ({
            selector: `${read}[object.name=/^(request|req)$/][property.name=/^(body|query|params)$/]`,
            message:
              'No request casts: give the route a zod schema (the ZodTypeProvider types it), or read the value with a schema’s parse.',
          })),
        ),
      ],
    },
  },
);
