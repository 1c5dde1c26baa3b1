// What the single server (server/server.ts) and the cluster (cluster.ts, cluster-worker.ts) tell the operator
// at start and how long they give a stop: shared by both, in a module of its own so that neither imports
// the other.
import { ConfigError, redactUrl, type Config } from './config'
import { START_TIMEOUTS } from '../db/client'
import { DataDirInUseError, EmbeddedPostgresError } from '../db/embedded/postgres'
import { TlsSetupError } from '../tls/https-config'

export const SHUTDOWN_TIMEOUT_MS = 10_000

/** A start-up failure as the operator should read it. */
export function describeStartError(error: unknown, config: Config | undefined): string {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirInUseError ||
    error instanceof EmbeddedPostgresError ||
    error instanceof TlsSetupError
  ) {
    return error.message
  }
  const e = error as NodeJS.ErrnoException & { code?: string; syscall?: string }
  const message = e instanceof Error ? e.message : String(error)
  if (e?.syscall === 'listen' || (e?.code === 'EADDRINUSE' && config)) {
    // the HTTP port (PORT) or the HTTPS one (HTTPS_PORT): the error names the port it failed on
    const port = (e as { port?: number }).port ?? config?.port
    const variable = config?.https && port === config.https.port && port !== config.port ? 'HTTPS_PORT' : 'PORT'
    if (e.code === 'EADDRINUSE')
      return `A porta ${port} já está em uso em ${config?.host}. Pare o outro programa ou escolha outra porta com ${variable}=…`
    if (e.code === 'EACCES')
      return `Sem permissão para usar a porta ${port}. Use uma porta acima de 1023 (${variable}=…).`
    if (e.code === 'EADDRNOTAVAIL') return `O endereço HOST=${config?.host} não existe nesta máquina.`
  }
  if (
    config?.databaseUrl &&
    (['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'EAI_AGAIN'].includes(e?.code ?? '') ||
      /^(28|3D|08)/.test(e?.code ?? ''))
  ) {
    return `Não foi possível usar o PostgreSQL em ${redactUrl(config.databaseUrl)}: ${message}`
  }
  // pg's own words when a connection is not accepted in time name no step and no figure
  const cause = e instanceof Error && e.cause instanceof Error ? (e.cause as Error & { code?: string }) : undefined
  if ([message, cause?.message].some((m) => m === 'timeout expired' || /due to connection timeout/.test(m ?? ''))) {
    return `Falha ao iniciar o servidor: o PostgreSQL não aceitou uma conexão em ${START_TIMEOUTS.connectionTimeoutMillis / 1000} s (máquina sobrecarregada, ou o servidor parado ou inacessível).`
  }
  // Drizzle's "Failed query" prints the statement's parameters (the JWT secret at bootstrap): the operator
  // gets PostgreSQL's own reason instead, which the wrapper left in `cause`
  if (e instanceof Error && /^Failed query/.test(e.message) && cause) {
    return `Falha ao iniciar o servidor: o PostgreSQL recusou uma consulta: ${cause.message}${cause.code ? ` (${cause.code})` : ''}`
  }
  return `Falha ao iniciar o servidor: ${e instanceof Error && e.stack ? e.stack : message}`
}

/** The HTTP address on this computer: localhost when listening on every interface. */
export function localUrl(config: Pick<Config, 'host'>, port: number): string {
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host
  return `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`
}
