// The session's localStorage key, alone in a module without dependencies: src/app/early-start.ts reads
// it before the rest of the app's code (zod, the contract) has been evaluated.
export const SESSION_STORAGE_KEY = 'clinica.session'
