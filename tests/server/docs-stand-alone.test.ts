// Docs that stand alone (docs/decisions.md, "Documentation"): nothing in the repository points to a
// document outside it, the Markdown links of README.md and docs/ lead to files in it, and the sections
// that comments cite exist. A reader with only a clone must be able to follow every pointer.
import { execFileSync } from 'node:child_process'
import { existsSync, lstatSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { posix } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))

/** Tracked files that are present (a file deleted but not yet staged is left out), repository-relative. */
function trackedFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  return out.split('\0').filter((file) => file !== '' && existsSync(root + file))
}

/** The file's text, or null for a binary file (a NUL byte in its first 8 KB, as git decides), a symlink or a submodule. */
function readText(file: string): string | null {
  if (!lstatSync(root + file).isFile()) return null
  const bytes = readFileSync(root + file)
  if (bytes.subarray(0, 8192).includes(0)) return null
  return bytes.toString('utf8')
}

// The names are built from pieces so that this file does not match itself.
const SPEC = ['SP', 'EC'].join('')
const SHARED_FOLDER = `../${['sha', 'red'].join('')}`
const OUTSIDE_DOCS = [
  ['DES', 'IGN'],
  ['TOOL', 'CHAIN'],
].map((pieces) => `${pieces.join('')}.md`)
const MACHINE_FOLDER = `/${['wo', 'rk'].join('')}/`
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
const OUTSIDE_POINTERS: { name: string; pattern: RegExp }[] = [
  { name: `${SPEC} §`, pattern: new RegExp(`\\b${SPEC} §`) },
  { name: `${SPEC}.md`, pattern: new RegExp(`\\b${SPEC}\\.md\\b`) },
  ...OUTSIDE_DOCS.map((name) => ({ name, pattern: new RegExp(`\\b${escape(name)}\\b`) })),
  { name: SHARED_FOLDER, pattern: new RegExp(`${escape(SHARED_FOLDER)}\\b`) },
  { name: MACHINE_FOLDER, pattern: new RegExp(escape(MACHINE_FOLDER)) },
]

/** `file:line: what` for every line of `text` that points outside the repository. */
function outsidePointers(file: string, text: string): string[] {
  const found: string[] = []
  text.split('\n').forEach((line, index) => {
    for (const { name, pattern } of OUTSIDE_POINTERS) {
      if (pattern.test(line)) found.push(`${file}:${index + 1}: ${name}`)
    }
  })
  return found
}

/** Markdown without fenced code blocks and inline code: links there are examples, not links. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '')
}

/** The targets of inline links and images `[text](target "title")` and of definitions `[id]: target`. */
function markdownLinkTargets(markdown: string): string[] {
  const text = withoutCode(markdown)
  const targets: string[] = []
  for (const match of text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)/g)) targets.push(match[1]!)
  for (const match of text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$/gm)) targets.push(match[1]!)
  return targets
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/**
 * `file: target` for every relative link of `file` that does not lead to a tracked file or folder
 * (anchors and queries aside). Links with a scheme (https:, mailto:) and bare anchors are not files.
 */
function brokenLinks(file: string, markdown: string, tracked: ReadonlySet<string>): string[] {
  const broken: string[] = []
  for (const target of markdownLinkTargets(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue
    const path = safeDecode(target.replace(/[#?].*$/, ''))
    const resolved = path.startsWith('/') ? posix.normalize(path.slice(1)) : posix.join(posix.dirname(file), path)
    const inside = !resolved.startsWith('../') && resolved !== '..'
    const folder = resolved.replace(/\/$/, '')
    const exists = tracked.has(resolved) || [...tracked].some((tracked) => tracked.startsWith(`${folder}/`))
    if (!inside || !exists) broken.push(`${file}: ${target}`)
  }
  return broken
}

/** Section numbers cited as `docs/product.md §4`, `docs/product.md §7, §9`, `docs/product.md §5 and §8`. */
function productCitations(text: string): string[] {
  const cited: string[] = []
  for (const match of text.matchAll(/docs\/product\.md((?:(?:,\s*|\s+and\s+|\s+)§\d+(?:\.\d+)?)+)/g)) {
    for (const number of match[1]!.matchAll(/§(\d+(?:\.\d+)?)/g)) cited.push(number[1]!)
  }
  return cited
}

/** Section titles cited as `docs/decisions.md, "Calls" and "Sign-in"` (straight or curly quotes). */
function decisionCitations(text: string): string[] {
  const cited: string[] = []
  const quoted = /["“]([^"”\n]+)["”]/g
  for (const match of text.matchAll(
    /docs\/decisions\.md`?,?\s*\(?((?:["“][^"”\n]+["”](?:,\s*|\s+and\s+|\s+or\s+)?)+)/g,
  )) {
    // `"<section>"` is how the docs write the form itself, not a citation.
    for (const title of match[1]!.matchAll(quoted)) if (!title[1]!.startsWith('<')) cited.push(title[1]!)
  }
  return cited
}

/**
 * Sections cited by title in the performance docs: `docs/performance.md, "Targets"`,
 * `bench/journal/2026-11-24-agenda-tail.md, "The kept answer"` — `[file, title]` pairs.
 */
function benchCitations(text: string): [string, string][] {
  const cited: [string, string][] = []
  const quoted = /["“]([^"”\n]+)["”]/g
  for (const match of text.matchAll(
    /((?:docs\/performance|bench\/journal\/[\w.-]+)\.md)`?,?\s*\(?((?:["“][^"”\n]+["”](?:,\s*|\s+and\s+|\s+or\s+)?)+)/g,
  )) {
    for (const title of match[2]!.matchAll(quoted)) if (!title[1]!.startsWith('<')) cited.push([match[1]!, title[1]!])
  }
  return cited
}

/** Whether `title` is a heading of `markdown` (or its start), or the bold lead of one of its paragraphs. */
function hasSection(markdown: string, title: string): boolean {
  return (
    headings(markdown).some((heading) => heading === title || heading.startsWith(`${title} `)) ||
    markdown.includes(`**${title}`)
  )
}

function headings(markdown: string): string[] {
  return [...withoutCode(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((match) => match[1]!)
}

const files = trackedFiles()
const tracked = new Set(files)
const texts = files.flatMap((file) => {
  const text = readText(file)
  return text === null ? [] : [{ file, text }]
})
const markdownDocs = texts.filter(
  ({ file }) =>
    file === 'README.md' || ((file.startsWith('docs/') || file.startsWith('bench/')) && file.endsWith('.md')),
)

describe('the repository stands alone', () => {
  it('sees the repository: the tracked text files include README.md and the docs', () => {
    const names = texts.map(({ file }) => file)
    expect(names).toEqual(
      expect.arrayContaining(['README.md', 'docs/product.md', 'docs/decisions.md', 'docs/performance.md']),
    )
    expect(names.length).toBeGreaterThan(100)
  })

  it('no tracked file points to a document outside the repository', () => {
    const found = texts.flatMap(({ file, text }) => outsidePointers(file, text))
    expect(found).toEqual([])
  })

  it('every relative link of README.md, docs/ and bench/ Markdown leads to a tracked file', () => {
    const broken = markdownDocs.flatMap(({ file, text }) => brokenLinks(file, text, tracked))
    expect(markdownDocs.length).toBeGreaterThanOrEqual(4)
    expect(broken).toEqual([])
  })

  it("README.md's list of docs links every page of docs/", () => {
    const readme = markdownLinkTargets(texts.find(({ file }) => file === 'README.md')!.text)
    const pages = files.filter((file) => /^docs\/[^/]+\.md$/.test(file))
    expect(pages.length).toBeGreaterThanOrEqual(5)
    expect(pages.filter((page) => !readme.includes(page))).toEqual([])
  })

  it('every "docs/product.md §N" cited anywhere is a section of docs/product.md', () => {
    const product = texts.find(({ file }) => file === 'docs/product.md')!.text
    const sections = new Set(headings(product).flatMap((title) => /^§(\d+(?:\.\d+)?)\s/.exec(title)?.[1] ?? []))
    const missing = texts.flatMap(({ file, text }) =>
      productCitations(text)
        .filter((number) => !sections.has(number))
        .map((number) => `${file}: docs/product.md §${number}`),
    )
    expect(missing).toEqual([])
  })

  it("keeps the specification's numbering: docs/product.md has §1 to §9 in order, then its own sections", () => {
    const product = texts.find(({ file }) => file === 'docs/product.md')!.text
    const top = headings(product)
      .flatMap((title) => /^§(\d+)\s/.exec(title)?.[1] ?? [])
      .map(Number)
    expect(top.slice(0, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(top).toEqual([...top].sort((a, b) => a - b))
  })

  it('every \'docs/decisions.md, "<section>"\' cited anywhere is a section of docs/decisions.md', () => {
    const decisions = headings(texts.find(({ file }) => file === 'docs/decisions.md')!.text)
    const missing = texts.flatMap(({ file, text }) =>
      decisionCitations(text)
        .filter((title) => !decisions.some((heading) => heading === title || heading.startsWith(`${title} `)))
        .map((title) => `${file}: "${title}" is no section of docs/decisions.md`),
    )
    expect(missing).toEqual([])
  })

  it('every \'docs/performance.md, "<section>"\' or \'bench/journal/<file>.md, "<section>"\' cited is there', () => {
    const byFile = new Map(texts.map(({ file, text }) => [file, text]))
    const missing = texts.flatMap(({ file, text }) =>
      benchCitations(text)
        .filter(([cited, title]) => !hasSection(byFile.get(cited) ?? '', title))
        .map(([cited, title]) => `${file}: "${title}" is no section of ${cited}`),
    )
    expect(missing).toEqual([])
  })
})

describe('the checks themselves', () => {
  it('flag a pointer outside the repository, naming the file and the line', () => {
    const sample = ['fine', `see ${SPEC} §4`, `and ${SHARED_FOLDER}/x`, `or ${OUTSIDE_DOCS[0]}`].join('\n')
    expect(outsidePointers('src/x.ts', sample)).toEqual([
      `src/x.ts:2: ${SPEC} §`,
      `src/x.ts:3: ${SHARED_FOLDER}`,
      `src/x.ts:4: ${OUTSIDE_DOCS[0]}`,
    ])
  })

  it('flag a link to a missing file and let through anchors, URLs, folders and code', () => {
    const set = new Set(['docs/a.md', 'bench/RESULTS.md', 'src/app/x.ts'])
    const markdown = [
      '[ok](a.md#part) [up](../bench/RESULTS.md) [dir](../src/app/) [web](https://example.org/x.md) [top](#top)',
      '[gone](missing.md) [out](../../elsewhere.md)',
      '`[code](nowhere.md)`',
      '[ref]: ./a.md',
    ].join('\n')
    expect(brokenLinks('docs/b.md', markdown, set)).toEqual(['docs/b.md: missing.md', 'docs/b.md: ../../elsewhere.md'])
  })

  it('read section citations the way comments write them', () => {
    // Through a variable, so that these samples are not citations of this file.
    const product = 'docs/product.md'
    const decisions = 'docs/decisions.md'
    expect(productCitations(`(${product} §7, §9) and ${product} §5 and §8; ${product} §10.4.`)).toEqual([
      '7',
      '9',
      '5',
      '8',
      '10.4',
    ])
    expect(decisionCitations(`(${decisions}, "Calls" and "Sign-in"). \`${decisions}, "Code layout"\``)).toEqual([
      'Calls',
      'Sign-in',
      'Code layout',
    ])
    const journal = 'bench/journal/2026-11-24-agenda-tail.md'
    expect(benchCitations(`(${journal}, "The kept answer") and \`docs/performance.md, "Targets"\``)).toEqual([
      [journal, 'The kept answer'],
      ['docs/performance.md', 'Targets'],
    ])
    expect(hasSection('## The kept answer (2026-11-24)\n\n- **Queries built once** (x)', 'The kept answer')).toBe(true)
    expect(hasSection('- **Queries built once** (x)', 'Queries built once')).toBe(true)
    expect(hasSection('## Other', 'The kept answer')).toBe(false)
  })
})
