// `npm test` starts here: the end-to-end suites drive Debian's Chromium, and some suites run other Debian
// tools (TEST_PACKAGES); finding one missing after ten minutes of other suites helps no one. Found → go on. Missing → install Debian's package when this user can (root, or sudo without
// a password), else stop at once with the one command that fixes it.
import { spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'

export const DEBIAN_CHROMIUM = '/usr/bin/chromium'
export const FIX_COMMAND = 'sudo apt-get install -y chromium'
/** Debian's packages whose tools some suites run, with those tools. */
export const TEST_PACKAGES = [
  // findscu and dcmdump: the third-party DICOM worklist client (tests/dicom, issue 19)
  { pkg: 'dcmtk', tools: ['/usr/bin/findscu', '/usr/bin/dcmdump'] },
  // certutil: the HTTPS test makes Chromium trust the server's local authority (tests/e2e/https.spec.ts)
  { pkg: 'libnss3-tools', tools: ['/usr/bin/certutil'] },
  // pdftotext and pdfinfo: the printouts' test reads Chromium's PDFs back (tests/e2e/desk-paper.spec.ts)
  { pkg: 'poppler-utils', tools: ['/usr/bin/pdftotext', '/usr/bin/pdfinfo'] },
  // faketime: `npm test` runs the API's suites again at chosen dates and hours (scripts/test-dates.ts)
  { pkg: 'faketime', tools: ['/usr/bin/faketime'] },
  // xmllint: the TISS batches checked against the official XSDs by a tool not ours (tests/server/tiss, docs/tiss.md)
  { pkg: 'libxml2-utils', tools: ['/usr/bin/xmllint'] },
]

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
  const installed = installDebianPackage(host, ['chromium'], [DEBIAN_CHROMIUM])
  if (installed === 'cannot')
    return {
      ok: false,
      message: `O Chromium do Debian não foi encontrado em ${DEBIAN_CHROMIUM}. Instale-o com:\n  ${FIX_COMMAND}\n(ou aponte CHROMIUM_PATH para outro Chromium) e rode os testes de novo.`,
    }
  if (installed === 'failed')
    return {
      ok: false,
      message: `A instalação do Chromium falhou. Instale-o com:\n  ${FIX_COMMAND}\ne rode os testes de novo.`,
    }
  return { ok: true, path: DEBIAN_CHROMIUM }
}

/** The Debian packages of TEST_PACKAGES that are missing, installed in one go (or the command that does it). */
export function ensureTestPackages(host: Host): Outcome {
  const missing = TEST_PACKAGES.filter(({ tools }) => !tools.every((tool) => host.isExecutable(tool)))
  if (missing.length === 0) return { ok: true, path: TEST_PACKAGES[0]!.tools[0]! }
  const pkgs = missing.map(({ pkg }) => pkg)
  const fix = `sudo apt-get install -y ${pkgs.join(' ')}`
  const installed = installDebianPackage(
    host,
    pkgs,
    missing.flatMap(({ tools }) => tools),
  )
  if (installed === 'cannot')
    return {
      ok: false,
      message: `Faltam ferramentas do Debian que os testes usam (${pkgs.join(', ')}). Instale-as com:\n  ${fix}\ne rode os testes de novo.`,
    }
  if (installed === 'failed')
    return {
      ok: false,
      message: `A instalação de ${pkgs.join(', ')} falhou. Instale-os com:\n  ${fix}\ne rode os testes de novo.`,
    }
  return { ok: true, path: TEST_PACKAGES[0]!.tools[0]! }
}

/**
 * Installs Debian packages with apt as root or through sudo without a password: 'cannot' when this user
 * cannot, 'failed' when apt failed or the packages did not bring `expected`.
 */
function installDebianPackage(host: Host, pkgs: string[], expected: string[]): 'installed' | 'cannot' | 'failed' {
  const asRoot = host.isRoot() ? [] : host.hasPasswordlessSudo() ? ['sudo'] : null
  if (!host.hasApt() || asRoot === null) return 'cannot'
  host.log(`${pkgs.join(', ')} não encontrado: instalando do Debian…`)
  const apt = (...args: string[]) => {
    const [command, ...rest] = [...asRoot, 'apt-get', ...args]
    return host.run(command!, rest)
  }
  if (
    !apt('update', '-qq') ||
    !apt('install', '-y', '-qq', '--no-install-recommends', ...pkgs) ||
    !expected.every((path) => host.isExecutable(path))
  )
    return 'failed'
  return 'installed'
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
  for (const ensure of [ensureChromium, ensureTestPackages]) {
    const outcome = ensure(realHost)
    if (!outcome.ok) {
      console.error(outcome.message)
      process.exit(1)
    }
  }
}
