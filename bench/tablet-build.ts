// Profiling helper: the bench's build of the PWA into a folder (SOURCEMAP=1: with source maps, to read a profile).
import { build } from 'vite'
import { repoRoot } from './support'
import { buildPwa } from './web'

const outDir = process.argv[2]!
if (process.env.SOURCEMAP === '1') {
  const { blankPage } = await import('./web')
  await build({
    root: repoRoot,
    logLevel: 'warn',
    mode: 'production',
    build: { outDir, emptyOutDir: true, sourcemap: true },
    plugins: [blankPage],
  })
} else await buildPwa(outDir)
