// The panels' live channel on one API process (docs/decisions.md, "The waiting room's panel"): the open
// Server-Sent Events streams of the paired TVs, and one dedicated PostgreSQL connection LISTENing on
// PAINEL_CHANNEL, so a call made through any process (its NOTIFY is sent in the call's own transaction,
// hence only once it is committed) reaches the TVs connected here. A lost LISTEN connection closes every
// stream: each TV reconnects by itself and reads the feed afresh, so nothing said meanwhile is missed.
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { clinicToday, type PainelFeed } from '@contract'
import type { Db } from '../db/client'
import type { Executor } from '../repositories/executor'
import * as paineisRepo from '../repositories/paineis'

export const PAINEL_CHANNEL = 'clinica_painel'

/** What a NOTIFY on PAINEL_CHANNEL says: a new call or display choice (every panel), or a panel's end. */
export type PainelEvent = { tipo: 'chamadas' } | { tipo: 'revogado'; id: string }

/** Sent inside the writer's transaction: PostgreSQL delivers it at commit, never for a rollback. */
export async function notifyPaineis(tx: Executor, event: PainelEvent): Promise<void> {
  await tx.execute(sql`select pg_notify(${PAINEL_CHANNEL}, ${JSON.stringify(event)})`)
}

interface Subscriber {
  painel: { id: string; nome: string }
  credencialHash: string
  send: (feed: PainelFeed) => void
  /** A comment line: keeps proxies from closing an idle stream. */
  ping: () => void
  close: () => void
}

/** Every this often a stream gets a comment (proxies keep it open) and its credential is checked again. */
const HEARTBEAT_MS = 25_000

export class PainelHub {
  readonly #subscribers = new Set<Subscriber>()
  #listener: Promise<pg.Client> | undefined
  #heartbeat: NodeJS.Timeout | undefined
  #closed = false

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** The feed of one panel now. */
  async feed(painel: { id: string; nome: string }): Promise<PainelFeed> {
    const exibicao = await paineisRepo.exibicao(this.db)
    return { painel, chamadas: await paineisRepo.feedCalls(this.db, clinicToday(this.now()), exibicao) }
  }

  /** Listens first, then sends the feed: a call committed in between is sent again, never missed. */
  async subscribe(subscriber: Subscriber): Promise<() => void> {
    if (this.#closed) throw new Error('painel hub closed')
    await this.#listen()
    this.#subscribers.add(subscriber)
    this.#heartbeat ??= setInterval(() => void this.#beat(), HEARTBEAT_MS).unref()
    subscriber.send(await this.feed(subscriber.painel))
    return () => this.#remove(subscriber)
  }

  /** Ends every stream and the LISTEN connection (the app is closing). */
  async close(): Promise<void> {
    this.#closed = true
    for (const subscriber of [...this.#subscribers]) this.#end(subscriber)
    await this.#dropListener()
  }

  #remove(subscriber: Subscriber): void {
    this.#subscribers.delete(subscriber)
    if (this.#subscribers.size === 0) {
      clearInterval(this.#heartbeat)
      this.#heartbeat = undefined
    }
  }

  #end(subscriber: Subscriber): void {
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
        if (message.channel === PAINEL_CHANNEL) void this.#onEvent(message.payload)
      })
      try {
        await client.connect()
        await client.query(`LISTEN ${PAINEL_CHANNEL}`)
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

  async #dropListener(): Promise<void> {
    const listener = this.#listener
    this.#listener = undefined
    clearInterval(this.#heartbeat)
    const client = await listener?.catch(() => undefined)
    await client?.end().catch(() => {})
  }

  async #onEvent(payload: string | undefined): Promise<void> {
    let event: PainelEvent
    try {
      event = JSON.parse(payload ?? '') as PainelEvent
    } catch {
      return
    }
    if (event.tipo === 'revogado') {
      for (const subscriber of [...this.#subscribers]) if (subscriber.painel.id === event.id) this.#end(subscriber)
      return
    }
    if (this.#subscribers.size === 0) return
    try {
      // one read for every panel of this process: only the panel's own name differs
      const { chamadas } = await this.feed({ id: '', nome: '' })
      for (const subscriber of this.#subscribers) subscriber.send({ painel: subscriber.painel, chamadas })
    } catch {
      // the database is away: the streams close, the TVs reconnect and read the feed again
      for (const subscriber of [...this.#subscribers]) this.#end(subscriber)
    }
  }

  /** A comment on each stream; a stream whose credential was replaced or revoked meanwhile is closed. */
  async #beat(): Promise<void> {
    const subscribers = [...this.#subscribers]
    try {
      const live = await paineisRepo.liveCredentials(
        this.db,
        subscribers.map((s) => s.credencialHash),
      )
      for (const subscriber of subscribers) {
        if (live.has(subscriber.credencialHash)) subscriber.ping()
        else this.#end(subscriber)
      }
    } catch {
      // the next beat checks again; a lost LISTEN connection closes the streams by itself
    }
  }
}
