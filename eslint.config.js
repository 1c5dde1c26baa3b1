import { dirname, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

const root = dirname(fileURLToPath(import.meta.url))

/** The folder an import lands in, relative to the repository ('contract/…', 'src/…'), or null for a package. */
function importTarget(specifier, filename) {
  if (specifier === '@contract') return 'contract/index.ts'
  if (specifier.startsWith('@contract/')) return `contract/${specifier.slice(10)}.ts`
  if (specifier.startsWith('@/')) return `src/${specifier.slice(2)}`
  if (specifier.startsWith('.'))
    return relative(root, resolve(dirname(filename), specifier))
      .split(sep)
      .join('/')
  return null
}

/** The layer a repository path belongs to: contract, server, a feature ('feature:home'), shared PWA code, or the app. */
function layerOf(file) {
  const path = `${file}/`
  if (path.startsWith('contract/')) return 'contract'
  if (path.startsWith('server/')) return 'server'
  const feature = /^src\/features\/([^/]+)\//.exec(path)
  if (feature) return `feature:${feature[1]}`
  if (/^src\/(lib|components|styles)\//.test(path)) return 'shared'
  if (path.startsWith('src/')) return 'app'
  return 'other'
}

/**
 * Layers (docs/decisions.md, "Code layout"): the contract imports nothing of ours; the server never
 * imports the PWA; in the PWA imports flow shared → features → app, and a feature never imports another.
 */
function refusal(from, to) {
  if (from === 'contract' && to !== 'contract') return 'the contract imports nothing of ours'
  if (from === 'server' && (to.startsWith('feature:') || to === 'shared' || to === 'app'))
    return 'the server never imports src/'
  if (from === 'shared' && (to.startsWith('feature:') || to === 'app'))
    return 'shared code never imports features or the app'
  if (from.startsWith('feature:') && to === 'app') return 'a feature never imports the app'
  if (from.startsWith('feature:') && to.startsWith('feature:') && from !== to) return 'features never import each other'
  if (from !== 'server' && from !== 'other' && to === 'server') return 'the PWA never imports the server'
  return null
}

const layers = {
  rules: {
    boundaries: {
      meta: { type: 'problem', schema: [], messages: { layer: 'Layer rule: {{why}} ({{specifier}}).' } },
      create(context) {
        const from = layerOf(relative(root, context.filename).split(sep).join('/'))
        const check = (node) => {
          const specifier = node.source && typeof node.source.value === 'string' ? node.source.value : null
          if (!specifier) return
          const target = importTarget(specifier, context.filename)
          const why = target ? refusal(from, layerOf(target)) : null
          if (why) context.report({ node: node.source, messageId: 'layer', data: { why, specifier } })
        }
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        }
      },
    },
  },
}

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'data/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      'public/mockServiceWorker.js',
      'demo/mockServiceWorker.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, layers },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'layers/boundaries': 'error',
    },
  },
  {
    // The contract is shared by the browser and Node: neither's APIs, no React.
    files: ['contract/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'react', 'react-*'] }],
    },
  },
  {
    // Today's board paints from the offline cache before anything needs a schema: its code imports the
    // contract's plain modules (status, clinic-time, messages…), types only from the barrel, and no zod
    // (docs/decisions.md, "Performance": the first screen holds no zod; scripts/check-size.ts checks the build).
    files: ['src/features/home/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@contract', allowTypeImports: true, message: "values from '@contract/<module>' without zod" },
            { name: 'zod', allowTypeImports: true, message: 'the board paints before zod loads' },
          ],
          patterns: [
            {
              group: [
                '@contract/*',
                '!@contract/status',
                '!@contract/clinic-time',
                '!@contract/messages',
                '!@contract/limits',
                '!@contract/session',
                '!@contract/whatsapp',
                '!@contract/opening-hours',
                // zod-free (issue 38: the board's legal priorities)
                '!@contract/priorities',
                // zod-free (issue 38 point 6: the board's live channel)
                '!@contract/day-feed-path',
              ],
              allowTypeImports: true,
              message: 'a contract module with schemas would bring zod before the board paints',
            },
          ],
        },
      ],
    },
  },
)
