// Bundle analysis (not used by the app's build): `npx vite build -c bench/analyze.config.ts --outDir /tmp/x`
// puts every npm package of the entry in its own chunk so that its minified + gzip size shows up in
// Vite's report, and prints which source files each chunk holds.
import { gzipSync } from 'node:zlib'
import { defineConfig, mergeConfig, type Plugin, type UserConfig } from 'vite'
import base from '../vite.config'

const report: Plugin = {
  name: 'bundle-report',
  generateBundle(_options, bundle) {
    for (const [file, chunk] of Object.entries(bundle)) {
      if (chunk.type !== 'chunk') continue
      const gz = gzipSync(chunk.code, { level: 9 }).length
      const modules = Object.keys(chunk.modules).map((id) =>
        id.includes('node_modules')
          ? id.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1')
          : id.replace(/.*?\/(src|node_modules)\//, '$1/'),
      )
      console.log(
        `${(gz / 1024).toFixed(2).padStart(7)} KiB gz  ${file}  ← ${[...new Set(modules)].slice(0, 12).join(', ')}`,
      )
    }
  },
}

export default defineConfig((env) => {
  const resolved = (typeof base === 'function' ? base(env) : base) as UserConfig
  return mergeConfig(resolved, {
    plugins: [report],
    build: {
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: (id: string) => /node_modules\/((@[^/]+\/)?[^/]+)/.exec(id)?.[1]?.replace('/', '_') ?? null },
            ],
          },
        },
      },
    },
  })
})
