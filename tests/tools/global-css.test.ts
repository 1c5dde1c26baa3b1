// Feature styles live beside their features (docs/decisions.md, "Feature styles beside their features"):
// src/styles/global.css keeps tokens, base elements, the shell and the classes of shared components. A class
// it styles that only one feature's files name belongs in that feature's stylesheet, which ships with the
// feature's lazy chunk. Who names a class is read from the code, not from a list of prefixes, so a new
// feature needs nothing here; the static shell (index.html, public/) counts as shared, since it paints
// before any feature's chunk and its CSS arrive.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))
const GLOBAL_CSS = 'src/styles/global.css'

/** The class names global.css styles: its selectors' `.name` parts, comments and url()s left out. */
function styledClasses(css: string): string[] {
  const rules = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/url\([^)]*\)/g, '')
  const names = new Set<string>()
  // a selector is what stands before a `{`; declarations (after `{` up to `}`) hold no class names
  for (const [, selector] of rules.matchAll(/(?<=^|[{};])([^{};]*)\{/g)) {
    if (selector!.trim().startsWith('@')) continue
    for (const [, name] of selector!.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) names.add(name!)
  }
  return [...names].sort()
}

/** Where a file belongs: its feature's name, or 'shared' for everything outside src/features/. */
function owner(file: string): string {
  return /^src\/features\/([^/]+)\//.exec(file)?.[1] ?? 'shared'
}

/** Utility classes any screen may use, though one feature happens to be the only one today. */
const UTILITIES = new Set(['nowrap'])

/** The single feature whose files name `name`, or undefined when shared code or several features name it. */
function soleFeature(name: string, files: { path: string; text: string }[]): string | undefined {
  const token = new RegExp(`(?<![\\w-])${name.replace(/-/g, '\\-')}(?![\\w-])`)
  const owners = new Set(files.filter((file) => token.test(file.text)).map((file) => owner(file.path)))
  return owners.size === 1 && !owners.has('shared') ? [...owners][0] : undefined
}

/**
 * The classes that only one feature's files name, with that feature. An element or modifier of a shared
 * block (`admin-grid__wide` of `admin-grid`) stays with its block.
 */
function featureOnlyClasses(classes: string[], files: { path: string; text: string }[]): string[] {
  const found: string[] = []
  for (const name of classes) {
    if (UTILITIES.has(name)) continue
    const feature = soleFeature(name, files)
    const block = name.split(/__|--/)[0]!
    if (feature && (block === name || soleFeature(block, files) === feature))
      found.push(`.${name} (only src/features/${feature}/)`)
  }
  return found
}

function codeFiles(): { path: string; text: string }[] {
  const out = execFileSync('git', ['ls-files', '-z', '--', 'src', 'index.html', 'public'], {
    cwd: root,
    encoding: 'utf8',
  })
  return out
    .split('\0')
    .filter((path) => /\.(tsx?|html|m?js)$/.test(path) && existsSync(root + path))
    .map((path) => ({ path, text: readFileSync(root + path, 'utf8') }))
}

describe('global.css holds no feature styles', () => {
  it('reads the classes of selectors, not of comments, urls or declarations', () => {
    const css = `/* .in-a-comment */ .a, .b > li:hover { color: red } @media (max-width: 40rem) { .c .d { background: url('/x.svg') } }`
    expect(styledClasses(css)).toEqual(['a', 'b', 'c', 'd'])
  })

  it('flags a class only one feature names, not one named by two features or by shared code', () => {
    const files = [
      { path: 'src/features/patients/components/wizard.tsx', text: '<ol className="wizard-steps">' },
      { path: 'src/features/home/components/board.tsx', text: '<span className="status-badge" />' },
      { path: 'src/features/appointments/components/table.tsx', text: '<span className="status-badge" />' },
      { path: 'src/components/dialog.tsx', text: '<dialog className="dialog">' },
      { path: 'src/features/home/components/x.tsx', text: '<div className="dialog__footer wizard-steps-x">' },
      { path: 'index.html', text: '<main class="login-page">' },
      { path: 'src/features/auth/components/login.tsx', text: '<main className="login-page">' },
      { path: 'src/features/admin/components/admin.tsx', text: '<div className="admin-grid admin-grid__wide">' },
      { path: 'src/features/equipment/components/x.tsx', text: '<div className="admin-grid">' },
    ]
    expect(
      featureOnlyClasses(['wizard-steps', 'status-badge', 'dialog', 'login-page', 'admin-grid__wide'], files),
    ).toEqual(['.wizard-steps (only src/features/patients/)'])
  })

  it(`${GLOBAL_CSS} styles no class that only one feature names`, () => {
    const classes = styledClasses(readFileSync(root + GLOBAL_CSS, 'utf8'))
    expect(classes.length).toBeGreaterThan(20)
    expect(featureOnlyClasses(classes, codeFiles())).toEqual([])
  })
})
