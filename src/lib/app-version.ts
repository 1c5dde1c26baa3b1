// The build's version: package.json's version plus the build time (vite.config.ts defines
// __APP_VERSION__). Outside a Vite build (vitest, tsx) it is 'dev'.
declare const __APP_VERSION__: string | undefined

export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev'
