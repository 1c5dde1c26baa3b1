// Limits the API enforces and the msw mock mirrors, so that both refuse the same requests at the same
// point (docs/decisions.md, "Calls" and "Sign-in").

/** Bodies over this size are refused with 413 (100 kB). */
export const BODY_LIMIT_BYTES = 100 * 1024

/** Failed sign-ins for one e-mail from one address allowed within the window; the next is refused (429). */
export const LOGIN_MAX_FAILURES = 5

/** The login throttle's window, in seconds. */
export const LOGIN_WINDOW_SECONDS = 60
