// ESLint (flat config): the recommended rules of ESLint, typescript-eslint, React and
// React Hooks over the dashboard's sources. make check and make test run it (npm run lint);
// a rule is turned off only with the reason beside it.
import js from '@eslint/js'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  // generated from the API document (npm run api-types), never edited by hand
  { ignores: ['dist', 'coverage', 'src/api/schema.ts'] },
  { settings: { react: { version: 'detect' } } },
  js.configs.recommended,
  tseslint.configs.recommended,
  react.configs.flat.recommended,
  react.configs.flat['jsx-runtime'],
  reactHooks.configs.flat.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // as tsc's noUnusedParameters: a leading underscore names a binding kept on purpose;
      // a property destructured beside ...rest is how an object is copied without it
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['vite.config.ts', 'eslint.config.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // the browser tests run in Node; the callbacks they hand to page.evaluate run in the page
    files: ['e2e/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
)
