// Where the embedded PostgreSQL keeps its files in DATA_DIR, and how to reach its application database.
//
// Layout of DATA_DIR:
//   pg/                the cluster (owned by the OS user `postgres` when the API runs as root)
//   pg-password        the superuser's password (0600), generated once, applied at initdb
//   clinica.lock       the PID of the Clínica process using this folder (one at a time)
//   postgresql.log     PostgreSQL's own log (0600; rotated to .1 past 10 MB)
//   pg-init-*          a cluster being created; renamed to pg/ when complete, removed if abandoned
import { join, resolve } from 'node:path'

export const PG_SUPERUSER = 'postgres'
export const PG_DATABASE = 'clinica'

export interface EmbeddedLayout {
  dataDir: string
  clusterDir: string
  passwordFile: string
  logFile: string
}

export function embeddedLayout(dataDir: string): EmbeddedLayout {
  const dir = resolve(dataDir)
  return {
    dataDir: dir,
    clusterDir: join(dir, 'pg'),
    passwordFile: join(dir, 'pg-password'),
    logFile: join(dir, 'postgresql.log'),
  }
}

export function connectionUrl(password: string, port: number, database: string): string {
  return `postgres://${PG_SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`
}
