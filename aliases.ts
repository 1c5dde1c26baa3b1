import { fileURLToPath } from 'node:url'

/**
 * The project's import aliases, one list for Vite and vitest. tsc and tsx read the same names from
 * tsconfig.json's `paths`; ESLint's layer rule (eslint.config.js) resolves them the same way.
 * - `@contract`: the contract (zod schemas, messages, clinic time) shared by the PWA, the API and the mock.
 * - `@contract/<module>`: one module of it, for the PWA's first screen, which must not load the whole
 *   contract (bench/journal/2026-11-24-issue-18-floor.md, "Size budget"): messages, clinic-time, session.
 * - `@/…`: a file under `src/` (the PWA).
 */
export const aliases = [
  { find: /^@contract$/, replacement: fileURLToPath(new URL('./contract/index.ts', import.meta.url)) },
  { find: /^@contract\/([\w-]+)$/, replacement: fileURLToPath(new URL('./contract/$1.ts', import.meta.url)) },
  { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
]
