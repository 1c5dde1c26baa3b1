// zod's global configuration, set before any schema of the contract is built (index.ts imports this
// module first: ES modules run in import order, and an object schema reads the configuration when it is
// created, not when it parses).
import { z } from 'zod'
import { pt } from 'zod/locales'

// Messages the contract does not name itself (a wrong type, an unknown key) come out in Portuguese.
z.config(pt())

// In the browser the PWA's Content-Security-Policy forbids eval (script-src 'self'): zod's compiled object
// parsers cannot run there, and merely probing for them (`new Function`) leaves a CSP violation in the console,
// which costs the app Lighthouse's best-practices points (bench/journal/2026-11-22-first-day.md, "PWA"). Node
// keeps them.
if (typeof document !== 'undefined') z.config({ jitless: true })
