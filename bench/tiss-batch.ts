// 'build and validate a batch of 100 guias' (issue 37 point 8; docs/tiss.md): the TISS generator and the XSD
// validation in Node, in process, no database. Target ≤ 2 s per batch. Wall time on a shared machine is
// noisy, so the process's CPU time per batch (main thread and the validator's worker) is shown beside it.
import { buildValidBatch } from '../server/tiss/validate-batch'
import type { TissGuia, TissLoteDocument } from '@contract'
import { table } from './support'

export const TISS_BATCH_TARGET_MS = 2000

function guia(i: number): TissGuia {
  const numero = String(100_000 + i)
  return {
    numeroGuiaPrestador: numero,
    numeroGuiaOperadora: `OP${numero}`,
    autorizacao: { senha: `S${numero}`, data: '2026-11-02', validade: '2026-12-31' },
    beneficiario: { carteirinha: `0099${numero}`, nome: 'João da Conceição' },
    solicitante: { nome: 'Inês Araújo', conselho: 'CRM', numero: '123456', uf: 'SP', cbo: '225125' },
    carater: 'ELETIVO',
    indicacaoClinica: 'Dor abdominal à esquerda',
    dataSolicitacao: '2026-11-01',
    execucao: { data: '2026-11-10', horaInicial: '09:30:00', horaFinal: '09:50:00' },
    executante: { nome: 'Sérgio Lúcio', conselho: 'CRM', numero: '654321', uf: 'SP', cbo: '225320' },
    procedimentos: [
      {
        codigo: '40901122',
        tabela: '22',
        descricao: 'US - abdome total',
        quantidade: 1,
        valorUnitario: 15_000,
        valorTotal: 15_000,
      },
      {
        codigo: '40901130',
        tabela: '22',
        descricao: 'US - abdome superior',
        quantidade: 2,
        valorUnitario: 9_000,
        valorTotal: 18_000,
      },
    ],
  }
}

const document: TissLoteDocument = {
  operadora: { registroAns: '123456', codigoPrestador: 'PREST0042' },
  clinica: { cnes: '1234567', cnpj: '12345678000195', nome: 'Clínica São Lucas de Imagem' },
  numeroLote: '1',
  geradoEm: { data: '2026-11-27', hora: '14:05:00' },
  guias: Array.from({ length: 100 }, (_, i) => guia(i)),
}

/** Runs the batch `runs` times after one unmeasured run; the section for bench/RESULTS.md. */
export async function tissBatchSection(runs = 10): Promise<{ text: string; missed: boolean }> {
  const once = async () => {
    const cpu = process.cpuUsage()
    const start = performance.now()
    const result = await buildValidBatch(document)
    if (!result.ok) throw new Error(`the bench's batch was refused: ${JSON.stringify(result.problems[0])}`)
    const { user, system } = process.cpuUsage(cpu)
    return { ms: performance.now() - start, cpuMs: (user + system) / 1000, bytes: result.batch.xml.length }
  }
  await once()
  const samples = []
  for (let i = 0; i < runs; i++) samples.push(await once())
  const sorted = (values: number[]) => values.sort((a, b) => a - b)
  const wall = sorted(samples.map((s) => s.ms))
  const cpu = sorted(samples.map((s) => s.cpuMs))
  const median = (values: number[]) => values[Math.floor(values.length / 2)]!
  const missed = median(wall) > TISS_BATCH_TARGET_MS
  const text = [
    `### TISS batch (issue 37)`,
    '',
    table(
      ['case', 'runs', 'p50 ms', 'max ms', 'CPU p50 ms', 'file KB', 'target'],
      [
        [
          'build and validate a batch of 100 guias',
          String(runs),
          median(wall).toFixed(0),
          wall.at(-1)!.toFixed(0),
          median(cpu).toFixed(0),
          (samples[0]!.bytes / 1024).toFixed(0),
          missed ? `**missed** (p50 > ${TISS_BATCH_TARGET_MS} ms)` : `met (p50 ≤ ${TISS_BATCH_TARGET_MS} ms)`,
        ],
      ],
    ),
  ].join('\n')
  return { text, missed }
}

// `node --import tsx bench/tiss-batch.ts`: this case alone, printed, RESULTS.md untouched
if (process.argv[1]?.endsWith('bench/tiss-batch.ts')) {
  const { text } = await tissBatchSection()
  console.log(text)
}
