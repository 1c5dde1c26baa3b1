// jsdom ships no types, and the one use outside the `web` project (tests/server/openapi.test.ts parses the
// /api/docs page) needs only this: a constructor from HTML and its window.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string)
    readonly window: Window & typeof globalThis
  }
}
