import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

const SERVER_IMPORTS = { group: ['**/server/**', '@/server/*'], message: 'The client never imports server code.' };
const features = readdirSync(new URL('./src/client/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'drizzle', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/require-await': 'off',
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='process'][property.name='env']", message: 'Read configuration in src/server/config.ts only.' },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [SERVER_IMPORTS] }],
    },
  },
  // Features never import each other: what two features share lives in components/, hooks/ or lib/.
  ...features.map((feature) => ({
    files: [`src/client/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            SERVER_IMPORTS,
            {
              group: ['@/client/features/*', `!@/client/features/${feature}`, `!@/client/features/${feature}/**`, '**/../../*/**', `!**/../../${feature}/**`, '!**/../../../**'],
              message: 'A feature never imports another feature: move what they share to src/client/components, hooks or lib.',
            },
          ],
        },
      ],
    },
  })),
  {
    // The config reader, the test rig and scripts are where the environment is read.
    files: ['src/server/config.ts', 'src/server/test/**', '**/*.test.ts', 'e2e/**', 'scripts/**', '*.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // expect.any() and asymmetric matchers are typed as any.
    files: ['**/*.test.ts', 'e2e/**'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
