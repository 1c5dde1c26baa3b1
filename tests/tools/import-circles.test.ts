// No import circles in the repository's code (docs/decisions.md, "Code layout"): a circle makes the order in
// which modules run depend on which one is imported first, and a file of the circle cannot be read, moved or
// tested without the others. dpdm (pinned) reads the imports with TypeScript's parser and the aliases of
// tsconfig.json; type-only and dynamic imports count too, since they tie the files together as much.
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseCircular, parseDependencyTree } from 'dpdm'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))
const FIXTURES = /[\\/]tests[\\/]tools[\\/]fixtures[\\/]/

/** Every import circle among the files `patterns` match and the files they import, repository-relative. */
async function importCircles(patterns: string[], exclude = FIXTURES): Promise<string[]> {
  const tree = await parseDependencyTree(patterns, {
    cwd: root,
    context: root,
    tsconfig: `${root}tsconfig.json`,
    transform: false,
    skipDynamicImports: false,
    exclude: new RegExp(`[\\\\/]node_modules[\\\\/]|${exclude.source}`),
  })
  return parseCircular(tree).map((circle) => circle.map((file) => relative(root, file)).join(' -> '))
}

describe('import circles', () => {
  it('finds none in the contract, the demo data, the server, the PWA, the mock, the scripts, the benches and the tests', async () => {
    const circles = await importCircles([
      'contract/**/*.ts',
      'demo/**/*.ts',
      'server/**/*.ts',
      'src/**/*.{ts,tsx}',
      'scripts/**/*.ts',
      'bench/**/*.ts',
      'tests/**/*.{ts,tsx}',
    ])
    expect(circles).toEqual([])
  }, 180_000)

  it('finds a circle where there is one, type-only imports included', async () => {
    const circles = await importCircles(['tests/tools/fixtures/import-circle/*.ts'], /(?!)/)
    expect(circles).toEqual([
      expect.stringMatching(
        /^tests\/tools\/fixtures\/import-circle\/(first|second)\.ts -> tests\/tools\/fixtures\/import-circle\/(first|second)\.ts$/,
      ),
    ])
  }, 60_000)
})
