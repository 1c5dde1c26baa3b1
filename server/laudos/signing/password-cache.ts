// 'Manter a senha por 8 h nesta sessão' (issue 36 point 5): the certificate's password kept in this
// process's memory only — never written to the database, a log or a file — for one session, until 8 hours
// pass, the session ends (its own expiry) or the doctor logs out. A changed certificate needs the password
// again: the entry is bound to the certificate's serial.
export const PASSWORD_KEEP_MS = 8 * 60 * 60 * 1000

interface Entry {
  password: string
  serial: string
  expiresAt: number
}

export class CertificatePasswordCache {
  private readonly entries = new Map<string, Entry>()

  constructor(private readonly now: () => number = Date.now) {}

  /** Keeps `password` for `sessionId` for 8 h, or until `sessionExpiresAt` if that comes first. */
  keep(sessionId: string, serial: string, password: string, sessionExpiresAt?: Date): void {
    this.sweep()
    const limit = this.now() + PASSWORD_KEEP_MS
    const expiresAt = sessionExpiresAt ? Math.min(limit, sessionExpiresAt.getTime()) : limit
    if (expiresAt <= this.now()) return
    this.entries.set(sessionId, { password, serial, expiresAt })
  }

  /** The kept password for this session and certificate, or undefined. */
  get(sessionId: string, serial: string): string | undefined {
    const entry = this.entries.get(sessionId)
    if (!entry) return undefined
    if (entry.expiresAt <= this.now() || entry.serial !== serial) {
      this.entries.delete(sessionId)
      return undefined
    }
    return entry.password
  }

  /** Logout, or a password that failed: forget this session's password. */
  forget(sessionId: string): void {
    this.entries.delete(sessionId)
  }

  /** A doctor's certificate removed or replaced: forget it in every session. */
  forgetSerial(serial: string): void {
    for (const [session, entry] of this.entries) if (entry.serial === serial) this.entries.delete(session)
  }

  get size(): number {
    this.sweep()
    return this.entries.size
  }

  private sweep(): void {
    const now = this.now()
    for (const [session, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(session)
  }
}

/** The process's one cache: the release route and logout share it. */
export const certificatePasswords = new CertificatePasswordCache()
