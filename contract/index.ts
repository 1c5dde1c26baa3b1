// The contract: zod schemas of every call, the entities and the Portuguese messages.
// Imported by the server, the PWA and the msw handlers. No DOM or Node imports here.
// First: zod's configuration (Portuguese messages; no eval in the browser) before any schema is built.
import './zod-setup'

export * from './agenda'
export * from './agenda-calls'
export * from './api'
export * from './audit'
export * from './clinic-time'
export * from './entities'
export * from './errors'
export * from './fields'
export * from './front-desk'
export * from './limits'
export * from './free-slots'
export * from './messages'
export * from './modalities'
export * from './openapi'
export * from './requests'
export * from './status'
