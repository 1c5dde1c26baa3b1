// `npm run bench -- --perf=DIR`: Linux perf (Debian's linux-perf) records the server and the floor during each
// scenario's loaded run, on-CPU samples with their whole stacks (kernel, Node's C++, and the JS functions
// named through --perf-basic-prof). Read with bench/profile-summary.ts, which gives each layer in µs per
// request, the server's beside the floor's
// (bench/journal/2026-11-26-cpu-by-layer.md, "Where the CPU goes, on the CPU").
//
// Why perf and not V8's --cpu-prof: V8's sampler ticks on wall time, so a thread the kernel preempted in
// the middle of a socket write (on 2 cores shared with the load generator and PostgreSQL, after every
// write that wakes one of them) keeps being charged to that write. Those profiles put a large share of the
// server's time in `writev`; perf, which samples only while the thread runs, finds a fraction of that.
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Node's flags for perf to name JS frames: a symbol map in /tmp, the interpreter's frames on the native stack,
 * and V8 keeping its code where it is. The map names an address once, when code is made there: code that V8
 * frees (flushed bytecode and baseline code) or moves (code-space compaction) leaves a stale name that perf
 * gives to whatever comes next at that address. Without these three, a booking's recording charged the
 * token's check with code that was no longer there, several times what it costs.
 */
export const PERF_NODE_FLAGS = [
  '--perf-basic-prof',
  '--interpreted-frames-native-stack',
  '--no-flush-bytecode',
  '--no-flush-baseline-code',
  '--no-compact-code-space',
]

/** Fails early, with what to install, when perf is not there or may not sample. */
export function checkPerf(): void {
  const probe = spawnSync('perf', ['record', '-o', '/dev/null', '-q', '--', 'true'], { encoding: 'utf8' })
  if (probe.error || probe.status !== 0)
    throw new Error(
      `--perf needs Linux perf allowed to sample (Debian: apt-get install linux-perf; as root, or ` +
        `kernel.perf_event_paranoid ≤ 1): ${probe.error?.message ?? probe.stderr.trim()}`,
    )
}

/**
 * Starts recording process `pid` into DIR/NAME.data (999 samples a second per thread, call graphs by frame
 * pointer: Node's JIT code keeps them). `stop` ends the recording and writes NAME.json with the run's request
 * count, which turns the samples into µs per request.
 */
export function recordProcess(dir: string, name: string, pid: number): { stop(requests: number): Promise<void> } {
  mkdirSync(dir, { recursive: true })
  const data = join(dir, `${name}.data`)
  const child = spawn('perf', ['record', '-g', '-F', '999', '-p', String(pid), '-o', data, '-q'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    async stop(requests: number) {
      child.kill('SIGINT')
      await exited
      writeFileSync(join(dir, `${name}.json`), JSON.stringify({ requests, pid }))
    },
  }
}
