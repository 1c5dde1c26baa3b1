import { describe, expect, it } from 'vitest'
import {
  DEBIAN_CHROMIUM,
  ensureChromium,
  ensureTestPackages,
  FIX_COMMAND,
  type Host,
  TEST_PACKAGES,
} from '../../scripts/ensure-test-tools'

function host(overrides: Partial<Host> & { installed?: Set<string> } = {}) {
  const installed = overrides.installed ?? new Set<string>()
  const runs: string[] = []
  const h: Host = {
    env: {},
    isExecutable: (path) => installed.has(path),
    isRoot: () => false,
    hasPasswordlessSudo: () => false,
    hasApt: () => true,
    run: (command, args) => {
      runs.push([command, ...args].join(' '))
      if (args.includes('chromium')) installed.add(DEBIAN_CHROMIUM)
      for (const { pkg, tools } of TEST_PACKAGES) if (args.includes(pkg)) tools.forEach((tool) => installed.add(tool))
      return true
    },
    log: () => {},
    ...overrides,
  }
  return { h, runs }
}

describe('npm test finds Chromium before any suite runs', () => {
  it("goes on with Debian's Chromium when it is there, installing nothing", () => {
    const { h, runs } = host({ installed: new Set([DEBIAN_CHROMIUM]) })
    expect(ensureChromium(h)).toEqual({ ok: true, path: DEBIAN_CHROMIUM })
    expect(runs).toEqual([])
  })

  it('uses CHROMIUM_PATH when it points to a browser', () => {
    const { h } = host({ env: { CHROMIUM_PATH: '/opt/chromium/chrome' }, installed: new Set(['/opt/chromium/chrome']) })
    expect(ensureChromium(h)).toEqual({ ok: true, path: '/opt/chromium/chrome' })
  })

  it("installs Debian's package as root when it is missing", () => {
    const { h, runs } = host({ isRoot: () => true })
    expect(ensureChromium(h)).toEqual({ ok: true, path: DEBIAN_CHROMIUM })
    expect(runs).toEqual(['apt-get update -qq', 'apt-get install -y -qq --no-install-recommends chromium'])
  })

  it('installs through sudo when sudo needs no password', () => {
    const { h, runs } = host({ hasPasswordlessSudo: () => true })
    expect(ensureChromium(h).ok).toBe(true)
    expect(runs[1]).toBe('sudo apt-get install -y -qq --no-install-recommends chromium')
  })

  it('stops at once with the command that fixes it when it cannot install', () => {
    const { h, runs } = host()
    const outcome = ensureChromium(h)
    expect(outcome.ok).toBe(false)
    expect(!outcome.ok && outcome.message).toContain(FIX_COMMAND)
    expect(runs).toEqual([])
  })

  it('stops with the command when there is no apt (another system)', () => {
    const { h } = host({ isRoot: () => true, hasApt: () => false })
    const outcome = ensureChromium(h)
    expect(!outcome.ok && outcome.message).toContain(FIX_COMMAND)
  })

  it('says so when the installation fails', () => {
    const { h } = host({ isRoot: () => true, run: () => false })
    const outcome = ensureChromium(h)
    expect(!outcome.ok && outcome.message).toMatch(/falhou[\s\S]*apt-get install -y chromium/)
  })

  it('never installs over a CHROMIUM_PATH that points nowhere', () => {
    const { h, runs } = host({ isRoot: () => true, env: { CHROMIUM_PATH: '/nowhere/chrome' } })
    const outcome = ensureChromium(h)
    expect(!outcome.ok && outcome.message).toContain('CHROMIUM_PATH=/nowhere/chrome')
    expect(runs).toEqual([])
  })
})

const ALL_TOOLS = TEST_PACKAGES.flatMap(({ tools }) => tools)

describe("npm test finds the suites' other Debian tools (dcmtk, certutil, poppler, faketime, xmllint) before any suite runs", () => {
  it('goes on when every tool is there, installing nothing', () => {
    const { h, runs } = host({ installed: new Set(ALL_TOOLS) })
    expect(ensureTestPackages(h).ok).toBe(true)
    expect(runs).toEqual([])
  })

  it('installs only the missing packages, in one apt call, as root', () => {
    const { h, runs } = host({
      isRoot: () => true,
      installed: new Set(['/usr/bin/findscu', '/usr/bin/certutil', '/usr/bin/faketime', '/usr/bin/xmllint']),
    })
    expect(ensureTestPackages(h).ok).toBe(true)
    expect(runs).toEqual(['apt-get update -qq', 'apt-get install -y -qq --no-install-recommends dcmtk poppler-utils'])
  })

  it('stops at once with the command that fixes it when it cannot install', () => {
    const { h, runs } = host({ installed: new Set(ALL_TOOLS.filter((tool) => !tool.endsWith('certutil'))) })
    const outcome = ensureTestPackages(h)
    expect(!outcome.ok && outcome.message).toContain('sudo apt-get install -y libnss3-tools')
    expect(runs).toEqual([])
  })

  it('says so when the installation fails', () => {
    const { h } = host({ isRoot: () => true, run: () => false })
    const outcome = ensureTestPackages(h)
    expect(!outcome.ok && outcome.message).toMatch(
      /falhou[\s\S]*apt-get install -y dcmtk libnss3-tools poppler-utils faketime libxml2-utils/,
    )
  })
})
