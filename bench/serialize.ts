// The cost of writing one answer, in CPU time per answer (process.cpuUsage, so other load on the machine
// matters little): a day's 280 appointments and a page of 20 patients, written by zod's encode +
// JSON.stringify (fastify-type-provider-zod, before issue #18) and by the compiled serializer
// (server/http/serializer.ts). `node --import tsx bench/serialize.ts` (docs/performance.md).
import { api, type Agendamento } from '@contract'
import { compileAnswerSerializer } from '../server/http/serializer'
import { z } from 'zod'

const appointment = (i: number): Agendamento => ({
  id: `0b7c3f0e-5d2a-4f7e-9c1a-${String(i).padStart(12, '0')}`,
  datahora: new Date(Date.UTC(2026, 10, 24, 7 + (i % 14), 0)).toISOString(),
  anotacao: i % 3 ? 'Trazer exames anteriores.' : '',
  convenio: 'Particular',
  valorIncents: 12_000,
  estapago: i % 2 === 0,
  userId: '4d1e2f3a-0000-4000-8000-000000000001',
  pacienteId: `5e1e2f3a-0000-4000-8000-${String(i).padStart(12, '0')}`,
  medicoId: '6f1e2f3a-0000-4000-8000-000000000001',
  paciente: { id: `5e1e2f3a-0000-4000-8000-${String(i).padStart(12, '0')}`, nome: 'Conceição Araújo da Silva' },
  doutor: { id: '6f1e2f3a-0000-4000-8000-000000000001', nome: 'Dr. João Pereira' },
  exames: ['Raio-X de tórax (PA e perfil)'],
  versao: 1,
  ...(i % 4 === 0 ? { status: 'aguardando' as const, chegada: '2026-11-24T10:55:00.000Z' } : {}),
})

function cpuPerCall(label: string, fn: () => unknown, iterations: number): number {
  for (let i = 0; i < Math.min(200, iterations); i++) fn() // warm-up (JIT)
  const start = process.cpuUsage()
  for (let i = 0; i < iterations; i++) fn()
  const used = process.cpuUsage(start)
  const us = (used.user + used.system) / iterations
  console.log(`${label.padEnd(48)} ${us.toFixed(0).padStart(6)} µs CPU per answer`)
  return us
}

const day = { agendamentos: Array.from({ length: 280 }, (_, i) => appointment(i)) }
const schema = api.listAgendamentosBetweenDate.response
const zodWay = () => {
  const encoded = z.safeEncode(schema, day)
  if (!encoded.success) throw encoded.error
  return JSON.stringify(encoded.data)
}
const compiled = compileAnswerSerializer(schema, false)
console.log(`a day's list: 280 appointments, ${(compiled(day).length / 1024).toFixed(0)} KB of JSON`)
const before = cpuPerCall('zod safeEncode + JSON.stringify (before)', zodWay, 1000)
const after = cpuPerCall('compiled (fast-json-stringify)', () => compiled(day), 1000)
cpuPerCall('JSON.stringify alone (what the floor does)', () => JSON.stringify(day), 1000)
console.log(`saved ${(before - after).toFixed(0)} µs per answer (${(before / after).toFixed(1)}× cheaper)`)
