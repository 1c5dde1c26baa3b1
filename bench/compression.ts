// The cost of compressing a day's answer (issue #18 point 4), CPU time per answer (process.cpuUsage, so other
// load on the machine matters little) and size: brotli at the quality the server uses (1) and the plugin's
// default (4), gzip at levels 1 and 6 (zlib's default), and zstd when this Node has it (Node 20 does not:
// zlib.zstdCompressSync arrived in Node 22.15/23.8). The answer is a day of 280 appointments written by the
// compiled serializer, as the server sends it. `node --import tsx bench/compression.ts`
// (bench/journal/2026-11-24-cheaper-answers-second-round.md, "Cheaper answers (second round)"; the choice:
// docs/decisions.md).
import * as zlib from 'node:zlib'
import { api, type Agendamento } from '@contract'
import { compileAnswerSerializer } from '../server/http/serializer'

const FIRST = [
  'Conceição',
  'João',
  'Maria',
  'José',
  'Ana',
  'Francisco',
  'Antônia',
  'Luiz',
  'Adriana',
  'Paulo',
  'Márcia',
]
const LAST = ['Araújo', 'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima']
const EXAMS = [
  'Raio-X de tórax (PA e perfil)',
  'Ultrassonografia de abdome total',
  'Tomografia de crânio',
  'Mamografia bilateral',
]
const hex = (n: number, width = 12) => ((n * 2654435761) >>> 0).toString(16).padStart(width, '0').slice(-width)

const appointment = (i: number): Agendamento => ({
  id: `0b7c3f0e-5d2a-4f7e-9c1a-${hex(i + 1)}`,
  datahora: new Date(Date.UTC(2026, 10, 24, 7 + (i % 14), (i * 15) % 60)).toISOString(),
  anotacao: i % 3 ? 'Trazer exames anteriores.' : '',
  convenio: ['Particular', 'Unimed', 'Bradesco Saúde', 'SulAmérica'][i % 4]!,
  valorIncents: 8_000 + (i % 9) * 1_500,
  estapago: i % 2 === 0,
  userId: '4d1e2f3a-0000-4000-8000-000000000001',
  pacienteId: `5e1e2f3a-0000-4000-8000-${hex(i + 7919)}`,
  medicoId: `6f1e2f3a-0000-4000-8000-${hex((i % 20) + 1)}`,
  paciente: {
    id: `5e1e2f3a-0000-4000-8000-${hex(i + 7919)}`,
    nome: `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]} ${LAST[(i * 3) % LAST.length]}`,
  },
  doutor: {
    id: `6f1e2f3a-0000-4000-8000-${hex((i % 20) + 1)}`,
    nome: `Dr. ${FIRST[(i % 20) % FIRST.length]} ${LAST[(i % 20) % LAST.length]}`,
  },
  exames: [EXAMS[i % EXAMS.length]!],
  versao: 1 + (i % 3),
  ...(i % 4 === 0 ? { status: 'aguardando' as const, chegada: '2026-11-24T10:55:00.000Z' } : {}),
})

const json = compileAnswerSerializer(
  api.listAgendamentosBetweenDate.response,
  false,
)({
  agendamentos: Array.from({ length: 280 }, (_, i) => appointment(i)),
})
const input = Buffer.from(json)

function measure(label: string, fn: () => Buffer, iterations = 200): void {
  for (let i = 0; i < 20; i++) fn() // warm-up
  const start = process.cpuUsage()
  let size = 0
  for (let i = 0; i < iterations; i++) size = fn().length
  const used = process.cpuUsage(start)
  const us = (used.user + used.system) / iterations
  console.log(
    `${label.padEnd(22)} ${us.toFixed(0).padStart(6)} µs CPU per answer  ${(size / 1024).toFixed(1).padStart(6)} KB` +
      `  (${((size / input.length) * 100).toFixed(1)} %)  ${((us * 1000) / input.length).toFixed(2)} ns per input byte`,
  )
}

// the server's options (server/plugins/compression.ts): the quality alone
const brotli = (quality: number) => () =>
  zlib.brotliCompressSync(input, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } })
console.log(`a day's list: 280 appointments, ${(input.length / 1024).toFixed(1)} KB of JSON; Node ${process.version}`)
for (let round = 1; round <= 2; round++) {
  console.log(`round ${round}`)
  measure('brotli quality 1', brotli(1))
  measure('brotli quality 4', brotli(4))
  measure('gzip level 1', () => zlib.gzipSync(input, { level: 1 }))
  measure('gzip level 6', () => zlib.gzipSync(input, { level: 6 }))
  const zstd = (zlib as unknown as { zstdCompressSync?: (b: Buffer) => Buffer }).zstdCompressSync
  if (zstd) measure('zstd (default level)', () => zstd(input))
  else console.log('zstd: not in this Node (zlib.zstdCompressSync is Node ≥ 22.15)')
}
