// Reads a recording of bench/perf-record.ts through `perf script`: one stack per sample, leaf first, each
// frame as V8's profiles name theirs (function, url, line), so bench/profile-summary.ts classifies both alike.
// JS frames come from Node's --perf-basic-prof map ("JS:*name /path/file.js:12:3"); Node's C++, libc and the
// kernel have no url and say where they are in `where`.
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

export interface NativeFrame {
  functionName: string
  url: string
  lineNumber: number
  where: 'js' | 'node' | 'kernel' | 'other'
}

export interface PerfSample {
  /** Which thread: the process's main thread (JS), another of its threads (V8's GC and compiler helpers,
   *  libuv's pool), or another process (a child it started, such as the nightly backup's pg_dump). */
  thread: 'main' | 'helper' | 'child'
  /** The sample's weight in µs (its period: cpu-clock counts nanoseconds). */
  us: number
  stack: NativeFrame[]
}

const JS_SYMBOL = /^JS:[*^~+]?(.*?) ?((?:file:\/\/|node:|\/)[^\s]*?):(\d+):(\d+)$/

/** A frame line of `perf script`: "\t    7f1e… symbol+0x1f (dso)". */
export function parseFrame(line: string): NativeFrame {
  const m = /^\s*[0-9a-f]+ (.*) \((.*)\)$/.exec(line)
  const symbol = (m?.[1] ?? '').replace(/\+0x[0-9a-f]+$/, '')
  const dso = m?.[2] ?? ''
  const js = JS_SYMBOL.exec(symbol)
  if (js) return { functionName: js[1]!, url: js[2]!, lineNumber: Number(js[3]), where: 'js' }
  if (dso.includes('kernel')) return { functionName: symbol, url: '', lineNumber: 0, where: 'kernel' }
  if (dso.endsWith('/node')) return { functionName: symbol, url: '', lineNumber: 0, where: 'node' }
  return { functionName: symbol || dso, url: '', lineNumber: 0, where: 'other' }
}

/** Every sample of `data`, streamed from `perf script` (a loaded run's recording is hundreds of MB of text). */
export async function readPerfSamples(
  data: string,
  pid: number,
  onSample: (sample: PerfSample) => void,
): Promise<void> {
  const child = spawn('perf', ['script', '-i', data, '-F', 'pid,tid,period,ip,sym,dso'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  let current: PerfSample | undefined
  const flush = () => {
    if (current && current.stack.length > 0) onSample(current)
    current = undefined
  }
  for await (const line of createInterface({ input: child.stdout })) {
    if (line === '') flush()
    // a sample's header ("  485/485  1001001", padded); its frames start with a tab
    else if (!line.startsWith('\t')) {
      flush()
      // "31748/31751  500250": the process, the thread, the period in ns
      const [process, thread, period] = (/^\s*(\d+)\/(\d+)\s+(\d+)/.exec(line) ?? []).slice(1).map(Number)
      const which = process !== pid ? 'child' : thread === pid ? 'main' : 'helper'
      current = { thread: which, us: (period ?? 0) / 1000, stack: [] }
    } else current?.stack.push(parseFrame(line))
  }
  flush()
  await new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())))
}
