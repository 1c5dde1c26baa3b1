// Profiling helper: the web bench's offline start and long list (bench/web.ts) against a server already up
// (bench/tablet-serve.ts INFO), so that two builds can be compared back to back. Flags as bench:web.
import { readFileSync } from 'node:fs'
import type { RunningServer } from './support'
import { longList, offlineStart } from './web'

const info = process.argv[2]!
const only = (process.argv.find((a) => a.startsWith('--only='))?.slice(7) ?? 'offline,list').split(',')
const { url, session } = JSON.parse(readFileSync(info, 'utf8')) as {
  url: string
  session: { token: string; user: unknown }
}
const server = { url } as RunningServer
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
if (only.includes('offline')) {
  const f = await offlineStart(server, session)
  console.log(
    `offline median ${med(f.app)?.toFixed(0)} (blank ${med(f.blank)?.toFixed(0)}), online ${f.online.map((x) => x.toFixed(0)).join(', ')}`,
  )
}
if (only.includes('list')) {
  const f = await longList(server, session)
  const withLong = f.appends.filter((a) => a.longTasks > 0).length
  console.log(
    `appends with long task ${withLong}/${f.appends.length}, longest ${Math.max(...f.appends.map((a) => a.longestTask)).toFixed(0)}, median click→rows ${med(f.appends.map((a) => a.ms))}; typing ${JSON.stringify(f.typing)}`,
  )
}
