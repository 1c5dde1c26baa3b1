// The day boards' live channel on one API process (docs/decisions.md, "The day board's live channel"): the
// open Server-Sent Events streams of the signed-in boards, and one dedicated PostgreSQL connection
// LISTENing on DIA_CHANNEL. The NOTIFY is sent by triggers on agendamentos, chamadas and pagamentos (migration
// 0036) and on a laudo's change of state (0038), so every write path through any process is heard, once
// committed. A lost LISTEN connection closes every stream: each board falls back to its poll, reconnects by
// itself and reloads what it missed.
import pg from 'pg'
import { DiaEvento } from '@contract'
import type { Db } from '../db/client'
import * as sessionsRepo from '../repositories/sessions'

export const DIA_CHANNEL = 'clinica_dia'

export interface DaySubscriber {
  /** The session the stream was opened with: a signed-out or deactivated one is closed at the next beat. */
  session: { jti: string; userId: string }
  send: (event: DiaEvento) => void
  /** A comment line: keeps proxies from closing an idle stream. */
  ping: () => void
  close: () => void
}

/** Every this often a stream gets a comment and its session is checked again. */
const HEARTBEAT_MS = 25_000

export class DayHub {
  readonly #subscribers = new Set<DaySubscriber>()
  #listener: Promise<pg.Client> | undefined
  #heartbeat: NodeJS.Timeout | undefined
  #closed = false

  constructor(private readonly db: Db) {}

  /** Resolves once LISTEN is in place: every change committed after that reaches the subscriber. */
  async subscribe(subscriber: DaySubscriber): Promise<() => void> {
    if (this.#closed) throw new Error('day hub closed')
    await this.#listen()
    this.#subscribers.add(subscriber)
    this.#heartbeat ??= setInterval(() => void this.#beat(), HEARTBEAT_MS).unref()
    return () => this.#remove(subscriber)
  }

  /** Ends every stream and the LISTEN connection (the app is closing). */
  async close(): Promise<void> {
    this.#closed = true
    for (const subscriber of [...this.#subscribers]) this.#end(subscriber)
    const listener = this.#listener
    this.#listener = undefined
    clearInterval(this.#heartbeat)
    const client = await listener?.catch(() => undefined)
    await client?.end().catch(() => {})
  }

  #remove(subscriber: DaySubscriber): void {
    this.#subscribers.delete(subscriber)
    if (this.#subscribers.size === 0) {
      clearInterval(this.#heartbeat)
      this.#heartbeat = undefined
    }
  }

  #end(subscriber: DaySubscriber): void {
    this.#remove(subscriber)
    subscriber.close()
  }

  #listen(): Promise<pg.Client> {
    this.#listener ??= (async () => {
      // a connection of its own: a pooled one would go back to the pool and stop listening
      const client = new pg.Client({ ...this.db.$client.options, keepAlive: true })
      client.on('error', () => void this.#lost(client))
      client.on('end', () => void this.#lost(client))
      client.on('notification', (message) => {
        if (message.channel === DIA_CHANNEL) this.#onEvent(message.payload)
      })
      try {
        await client.connect()
        await client.query(`LISTEN ${DIA_CHANNEL}`)
      } catch (error) {
        this.#listener = undefined
        await client.end().catch(() => {})
        throw error
      }
      return client
    })()
    return this.#listener
  }

  async #lost(client: pg.Client): Promise<void> {
    const current = await this.#listener?.catch(() => undefined)
    if (current !== client) return
    this.#listener = undefined
    for (const subscriber of [...this.#subscribers]) this.#end(subscriber)
    await client.end().catch(() => {})
  }

  #onEvent(payload: string | undefined): void {
    let event: DiaEvento
    try {
      event = DiaEvento.parse(JSON.parse(payload ?? ''))
    } catch {
      return
    }
    for (const subscriber of this.#subscribers) subscriber.send(event)
  }

  /** A comment on each stream; a stream whose session ended meanwhile (Sair, deactivated) is closed. */
  async #beat(): Promise<void> {
    for (const subscriber of [...this.#subscribers]) {
      try {
        const { jti, userId } = subscriber.session
        if (await sessionsRepo.isActive(this.db, jti, userId)) subscriber.ping()
        else this.#end(subscriber)
      } catch {
        // the database is away: the next beat checks again; a lost LISTEN connection closes the streams
      }
    }
  }
}
