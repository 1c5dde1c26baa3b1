// Running PostgreSQL when the API runs as root: initdb and postgres refuse root, so they run as the OS
// user `postgres`, created here when missing. That user must own the cluster folder and be able to enter
// every folder above it and above the PostgreSQL binaries (node_modules).
import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, lchownSync, lstatSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'

export const PG_OS_USER = 'postgres'

export interface RunAs {
  uid: number
  gid: number
  name: string
}

export class EmbeddedPostgresError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'EmbeddedPostgresError'
  }
}

export function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0
}

function lookupUser(name: string): RunAs | null {
  try {
    const uid = Number(
      execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(),
    )
    const gid = Number(
      execFileSync('id', ['-g', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(),
    )
    if (!Number.isInteger(uid) || !Number.isInteger(gid)) return null
    return { uid, gid, name }
  } catch {
    return null
  }
}

/** The `postgres` OS user, created (as a system user without a login shell) when missing. */
export function ensurePostgresOsUser(log: (message: string) => void): RunAs {
  const existing = lookupUser(PG_OS_USER)
  if (existing) return existing
  const attempts: [string, string[]][] = [
    [
      'useradd',
      [
        '--system',
        '--user-group',
        '--no-create-home',
        '--home-dir',
        '/nonexistent',
        '--shell',
        '/usr/sbin/nologin',
        PG_OS_USER,
      ],
    ],
    ['adduser', ['-S', '-D', '-H', '-h', '/nonexistent', '-s', '/sbin/nologin', PG_OS_USER]], // BusyBox (Alpine)
  ]
  for (const [command, args] of attempts) {
    const result = spawnSync(command, args, { stdio: 'ignore' })
    // Another process may have created it at the same time: look again whatever the exit code.
    const created = lookupUser(PG_OS_USER)
    if (created) {
      if (result.status === 0) log(`Usuário do sistema '${PG_OS_USER}' criado para executar o PostgreSQL embutido.`)
      return created
    }
  }
  throw new EmbeddedPostgresError(
    `O servidor roda como root, e o PostgreSQL não aceita rodar como root: ele precisa do usuário do sistema '${PG_OS_USER}', ` +
      `que não existe e não pôde ser criado. Crie-o (ex.: useradd --system ${PG_OS_USER}) ou rode a Clínica com um usuário comum.`,
  )
}

function canEnter(dir: string, runAs: RunAs): boolean {
  const result = spawnSync('/bin/sh', ['-c', 'test -x "$1" && test -r "$1"', 'sh', dir], {
    uid: runAs.uid,
    gid: runAs.gid,
    stdio: 'ignore',
  })
  return result.status === 0
}

/** The first folder on the way to `dir` (inclusive) that `runAs` cannot enter, or null. */
export function firstBlockedFolder(dir: string, runAs: RunAs): string | null {
  if (canEnter(dir, runAs)) return null
  const chain: string[] = []
  for (let d = dir; ; d = dirname(d)) {
    chain.unshift(d)
    if (dirname(d) === d) break
  }
  for (const d of chain) {
    if (!canEnter(d, runAs)) return d
  }
  return dir
}

function modeOf(path: string): string {
  try {
    return (statSync(path).mode & 0o777).toString(8)
  } catch {
    return '?'
  }
}

/**
 * Makes sure the `postgres` user can reach the binaries and the data folder. The data folder itself is
 * ours and is opened up for traversal (o+x) when needed; a folder above it is reported, not changed.
 */
export function checkAccessForPostgresUser(runAs: RunAs, dataDir: string, binDir: string): void {
  const st = statSync(dataDir)
  if ((st.mode & 0o001) === 0 && st.uid === process.getuid?.()) chmodSync(dataDir, (st.mode & 0o777) | 0o011)
  for (const [what, target] of [
    ['dos programas do PostgreSQL', binDir],
    ['de dados', dataDir],
  ] as const) {
    const blocked = firstBlockedFolder(target, runAs)
    if (blocked) {
      throw new EmbeddedPostgresError(
        `O PostgreSQL embutido roda como o usuário do sistema '${runAs.name}' (o servidor está rodando como root), ` +
          `e esse usuário não consegue entrar na pasta ${blocked} (permissões ${modeOf(blocked)}), no caminho da pasta ${what} ${target}.\n` +
          `Para resolver, escolha uma: (1) libere a passagem: chmod o+x ${blocked}; ` +
          `(2) instale o projeto e a DATA_DIR fora dela (ex.: /srv/clinica); ` +
          `(3) rode a Clínica com um usuário comum, não root; ` +
          `(4) use um PostgreSQL externo com DATABASE_URL.`,
      )
    }
  }
}

/** chown -R, without following symbolic links. */
export function chownTree(path: string, uid: number, gid: number): void {
  lchownSync(path, uid, gid)
  const st = lstatSync(path)
  if (st.isDirectory()) {
    for (const entry of readdirSync(path)) chownTree(join(path, entry), uid, gid)
  }
}
