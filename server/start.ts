// What `npm start` runs: builds the PWA once if STATIC_DIR has no index.html (Vite's build() API, in this
// process), then runs the server (server.ts) in the same process.
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadConfigOrExit } from './process/config'
import { main } from './server'

const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)))

async function buildPwa(outDir: string): Promise<void> {
  console.log(`O PWA ainda não foi construído (${join(outDir, 'index.html')} não existe): construindo com o Vite…`)
  const started = Date.now()
  try {
    const { build } = await import('vite')
    // Vite empties outDir only when it lies inside the project (its default): a STATIC_DIR elsewhere is
    // never wiped.
    await build({ root: repoRoot, logLevel: 'warn', build: { outDir } })
  } catch (error) {
    console.error(
      `Falha ao construir o PWA: ${error instanceof Error ? error.message : String(error)}\n` +
        'O servidor não foi iniciado. Corrija o erro acima (detalhes com: npm run build) e rode npm start de novo.',
    )
    process.exit(1)
  }
  if (!existsSync(join(outDir, 'index.html'))) {
    console.error(
      `A construção do PWA terminou sem gerar ${join(outDir, 'index.html')}. Verifique vite.config.ts (build.outDir).`,
    )
    process.exit(1)
  }
  console.log(`PWA construído em ${outDir} (${((Date.now() - started) / 1000).toFixed(1)} s).`)
}

const config = loadConfigOrExit()
if (!existsSync(join(config.staticDir, 'index.html'))) await buildPwa(config.staticDir)
await main(config)
