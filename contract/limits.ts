// Limits the API enforces and the msw mock mirrors, so that both refuse the same requests at the same
// point (docs/decisions.md, "Calls" and "Sign-in").

/** Bodies over this size are refused with 413 (100 kB). */
export const BODY_LIMIT_BYTES = 100 * 1024

/** Failed sign-ins for one e-mail from one address allowed within the window; the next is refused (429). */
export const LOGIN_MAX_FAILURES = 5

/** The login throttle's window, in seconds. */
export const LOGIN_WINDOW_SECONDS = 60

/**
 * Failed sign-ins from one address, whatever the e-mails, allowed within LOGIN_ADDRESS_WINDOW_SECONDS;
 * the next sign-in from that address is refused (429) until the oldest of them leaves the window.
 * Stops password spraying (one address, many e-mails) without touching the per-e-mail rule above.
 */
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 30
export const LOGIN_ADDRESS_WINDOW_SECONDS = 15 * 60

/** Failed sign-ins across every address within LOGIN_WINDOW_SECONDS before every sign-in waits (429). */
export const LOGIN_MAX_FAILURES_GLOBAL = 300

/** Appointments may be booked at most this many years ahead of the clinic's today. */
export const MAX_BOOKING_YEARS_AHEAD = 2
