// The contract: zod schemas of every call, the entities and the Portuguese messages.
// Imported by the server, the PWA and the msw handlers. No DOM or Node imports here.
import { z } from 'zod'
import { pt } from 'zod/locales'

// Messages the contract does not name itself (a wrong type, an unknown key) come out in Portuguese.
z.config(pt())

export * from './api'
export * from './clinic-time'
export * from './entities'
export * from './errors'
export * from './fields'
export * from './messages'
export * from './requests'
