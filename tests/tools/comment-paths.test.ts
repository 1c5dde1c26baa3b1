// Paths named in comments exist (docs/decisions.md, "Documentation"): a comment that sends the reader to a file
// such as `server/db/ping.ts` or `docs/dicom.md` must name a file or folder of the repository, or the pointer is
// a dead end that nothing else would catch when a file is renamed or moved.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))

/** Tracked files that are present, repository-relative. */
function trackedFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  return out.split('\0').filter((file) => file !== '' && existsSync(root + file))
}

/** The folders whose files comments cite; a path is checked when it starts with one of them. */
const TOP_FOLDERS = ['server', 'src', 'contract', 'demo', 'scripts', 'tests', 'bench', 'docs', 'public']
const SCANNED = /^(?:(?:server|src|contract|demo|scripts|tests|bench|public)\/.*|[^/]+)\.(ts|tsx|js|mjs|cjs|css|sql)$/

/** The text of every comment of a TypeScript or JavaScript file, found by the compiler's own scanner. */
function scriptComments(file: string, text: string): string[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind)
  const seen = new Set<number>()
  const comments: string[] = []
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue
      seen.add(range.pos)
      comments.push(text.slice(range.pos, range.end))
    }
  }
  const visit = (node: ts.Node) => {
    // JSX text is not trivia: what looks like a comment there is shown to the user.
    if (!ts.isJsxText(node)) {
      collect(ts.getLeadingCommentRanges(text, node.pos))
      collect(ts.getTrailingCommentRanges(text, node.end))
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  collect(ts.getLeadingCommentRanges(text, source.endOfFileToken.pos))
  return comments
}

/** `/* … *\/` comments of CSS, and `--` and `/* … *\/` comments of SQL (string literals set aside). */
function otherComments(file: string, text: string): string[] {
  const comments = [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((match) => match[0])
  if (file.endsWith('.sql')) {
    for (const line of text.split('\n')) {
      const code = line.replace(/'(?:[^']|'')*'/g, "''")
      const at = code.indexOf('--')
      if (at >= 0) comments.push(code.slice(at))
    }
  }
  return comments
}

function comments(file: string, text: string): string[] {
  // Parsing is the slow part: a file that names no such path anywhere has none in its comments either.
  if (!new RegExp(`(?:${TOP_FOLDERS.join('|')})/`).test(text)) return []
  return /\.(ts|tsx|js|mjs|cjs)$/.test(file) ? scriptComments(file, text) : otherComments(file, text)
}

/**
 * Repository paths a comment names: `server/db/ping.ts`, `docs/decisions.md`, `tests/e2e/`. Not a
 * path of its own: one inside another (`node_modules/msw/lib`, `@/lib/x`, `../src`), and a pattern with a
 * placeholder (`src/features/<name>`, `server/db/migrations/NNNN_name.sql`, `DIR/*.data`).
 */
function namedPaths(comment: string): string[] {
  const pattern = new RegExp(`(?<![\\w./@$-])(?:${TOP_FOLDERS.join('|')})/[\\w./*<>{}-]*`, 'g')
  return [...comment.matchAll(pattern)]
    .map((match) => match[0].replace(/[.]+$/, ''))
    .filter((path) => !/[*<>{}]|\bN{2,}|\bX{2,}\b|\.\.\//.test(path))
}

/** Whether `path` is a tracked file, or a folder holding one. */
function exists(path: string, tracked: ReadonlySet<string>, folders: ReadonlySet<string>): boolean {
  return tracked.has(path) || folders.has(path.replace(/\/$/, ''))
}

/** `file: path` for every path named in a comment of `file` that the repository does not hold. */
function missingPaths(
  file: string,
  text: string,
  tracked: ReadonlySet<string>,
  folders: ReadonlySet<string>,
): string[] {
  return comments(file, text).flatMap((comment) =>
    namedPaths(comment)
      .filter((path) => !exists(path, tracked, folders))
      .map((path) => `${file}: ${path}`),
  )
}

const files = trackedFiles()
const tracked = new Set(files)
const folders = new Set(
  files.flatMap((file) =>
    file
      .split('/')
      .slice(0, -1)
      .map((_, index, parts) => parts.slice(0, index + 1).join('/')),
  ),
)

describe('paths named in comments', () => {
  it('every repository path a comment of the code, its tests, benches, scripts and configuration names exists', () => {
    const scanned = files.filter((file) => SCANNED.test(file))
    expect(scanned.length).toBeGreaterThan(100)
    const missing = scanned.flatMap((file) => missingPaths(file, readFileSync(root + file, 'utf8'), tracked, folders))
    expect(missing).toEqual([])
  })
})

describe('the check itself', () => {
  const set = new Set(['server/db/ping.ts', 'docs/decisions.md', 'tests/e2e/journeys/a.spec.ts'])
  const dirs = new Set(['server', 'server/db', 'docs', 'tests', 'tests/e2e', 'tests/e2e/journeys'])
  // Built from pieces, so that the samples are not comments of this file.
  const slash = '/'

  it('reads comments, not code: strings, templates, regular expressions and JSX text are left alone', () => {
    const sample = [
      `const url = 'https:${slash}${slash}x/server/gone.ts' ${slash}${slash} see server/db/ping.ts.`,
      `const re = /server\\/also-gone.ts/ ${slash}* and docs/missing.md *${slash}`,
      'const t = `server/nope.ts ${1}`',
      `const el = <p>${slash}${slash} src/shown-to-users.ts</p>`,
    ].join('\n')
    expect(missingPaths('src/x.tsx', sample, set, dirs)).toEqual(['src/x.tsx: docs/missing.md'])
  })

  it('flags a file or folder that does not exist and lets through placeholders and paths inside others', () => {
    const sample = [
      `${slash}${slash} server/db/ping.ts, server/db/, tests/e2e/journeys/ and docs/decisions.md, "Calls".`,
      `${slash}${slash} server/db/gone.ts and tests/nowhere/ are not there`,
      `${slash}${slash} src/features/<name>, server/db/migrations/NNNN_name.sql, node_modules/msw/lib, @/lib/x, ../src/y`,
    ].join('\n')
    expect(missingPaths('server/x.ts', sample, set, dirs)).toEqual([
      'server/x.ts: server/db/gone.ts',
      'server/x.ts: tests/nowhere/',
    ])
  })

  it('reads CSS and SQL comments', () => {
    expect(
      missingPaths('src/a.css', `a { content: 'server/x.ts' } ${slash}* server/gone.ts *${slash}`, set, dirs),
    ).toEqual(['src/a.css: server/gone.ts'])
    const sql = [`select 'docs/gone.md' -- keeps server/db/ping.ts`, `-- and docs/missing.md`].join('\n')
    expect(missingPaths('server/db/migrations/0001_a.sql', sql, set, dirs)).toEqual([
      'server/db/migrations/0001_a.sql: docs/missing.md',
    ])
  })
})
