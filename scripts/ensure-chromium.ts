// `npm test` starts here: the end-to-end suites drive Debian's Chromium, and finding it missing after ten
// minutes of other suites helps no one. Found → go on. Missing → install Debian's package when this user
// can (root, or sudo without a password), else stop at once with the one command that fixes it.
import { spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'

export const DEBIAN_CHROMIUM = '/usr/bin/chromium'
export const FIX_COMMAND = 'sudo apt-get install -y chromium'

export interface Host {
  env: NodeJS.ProcessEnv
  isExecutable(path: string): boolean
  isRoot(): boolean
  /** sudo that will not ask for a password (no terminal in CI). */
  hasPasswordlessSudo(): boolean
  hasApt(): boolean
  run(command: string, args: string[]): boolean
  log(line: string): void
}

export type Outcome = { ok: true; path: string } | { ok: false; message: string }

/** The browser the end-to-end suites will launch: CHROMIUM_PATH when set, else Debian's. */
export function chromiumPath(env: NodeJS.ProcessEnv): string {
  return env.CHROMIUM_PATH || DEBIAN_CHROMIUM
}

export function ensureChromium(host: Host): Outcome {
  const path = chromiumPath(host.env)
  if (host.isExecutable(path)) return { ok: true, path }
  if (host.env.CHROMIUM_PATH && path !== DEBIAN_CHROMIUM) {
    // An explicit path is the user's choice: installing Debian's package would not put anything there.
    return {
      ok: false,
      message: `CHROMIUM_PATH=${path} não é um executável. Corrija o caminho ou remova a variável para usar ${DEBIAN_CHROMIUM} (${FIX_COMMAND}).`,
    }
  }
  const asRoot = host.isRoot() ? [] : host.hasPasswordlessSudo() ? ['sudo'] : null
  if (!host.hasApt() || asRoot === null) {
    return {
      ok: false,
      message: `O Chromium do Debian não foi encontrado em ${DEBIAN_CHROMIUM}. Instale-o com:\n  ${FIX_COMMAND}\n(ou aponte CHROMIUM_PATH para outro Chromium) e rode os testes de novo.`,
    }
  }
  host.log(`Chromium não encontrado: instalando o pacote do Debian (${DEBIAN_CHROMIUM})…`)
  const apt = (...args: string[]) => {
    const [command, ...rest] = [...asRoot, 'apt-get', ...args]
    return host.run(command!, rest)
  }
  if (
    !apt('update', '-qq') ||
    !apt('install', '-y', '-qq', '--no-install-recommends', 'chromium') ||
    !host.isExecutable(DEBIAN_CHROMIUM)
  ) {
    return {
      ok: false,
      message: `A instalação do Chromium falhou. Instale-o com:\n  ${FIX_COMMAND}\ne rode os testes de novo.`,
    }
  }
  return { ok: true, path: DEBIAN_CHROMIUM }
}

const realHost: Host = {
  env: process.env,
  isExecutable(path) {
    try {
      accessSync(path, constants.X_OK)
      return true
    } catch {
      return false
    }
  },
  isRoot: () => process.getuid?.() === 0,
  hasPasswordlessSudo: () => spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0,
  hasApt: () => spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0,
  run: (command, args) =>
    spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
      .status === 0,
  log: (line) => console.log(line),
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outcome = ensureChromium(realHost)
  if (!outcome.ok) {
    console.error(outcome.message)
    process.exit(1)
  }
}
