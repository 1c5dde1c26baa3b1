// The laudo's benches (issue 36 point 11), on bench/api.ts's database and server:
// - 'laudo-worklist': 1,000 pending exams written here by SQL (the seed's latest appointments before today
//   'Realizado', each with its catalogue exam, one in four already opened), then POST /laudo/pendentes's first
//   page timed as any other scenario of bench/api.ts (its floor: the repository's query, in bench/api.ts);
// - 'laudo-release': a doctor linked to a user, with an A1 certificate made by a throwaway authority (openssl,
//   as the release tests make theirs), uploaded through the API, releases laudos one after another through
//   the real API ('Assinar e liberar', the password typed each time); each a draft of its own prepared
//   beforehand by SQL. Its own section of bench/RESULTS.md: a release is a PDF and a signature, seconds of
//   CPU no autocannon run or floor would say anything about.
import { readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import type pg from 'pg'
import { createTestAuthority } from '../tests/support/test-certificates'
import { medicoId, type SeedResult } from './seed'
import { table } from './support'

export const LAUDO_PENDING = 1_000
/** 'sign and release one laudo', one at a time (issue 36 point 11). */
export const RELEASE_P99_TARGET_MS = 300
const CERTIFICATE_PASSWORD = 'senha-do-certificado'

/** The seed's exams (bench/seed.ts), as catalogue exams with their modality and 'prazo do laudo'. */
const CATALOGUE: [nome: string, modalidade: string, prazo: number][] = [
  ['Raio-X de tórax (PA e perfil)', 'RX', 1],
  ['Mamografia bilateral', 'MMG', 3],
  ['Ultrassonografia de abdome total', 'US', 1],
  ['Tomografia de abdome total', 'TC', 2],
  ['Densitometria óssea', 'DO', 2],
]
const RELEASE_EXAM = 'Ultrassonografia de abdome total'
const DRAFT = {
  tecnica: 'Exame realizado com transdutor convexo multifrequencial.',
  relatorio:
    'Fígado de dimensões normais, contornos regulares e ecotextura homogênea. Vesícula biliar normodistendida, ' +
    'de paredes finas, sem cálculos. Vias biliares não dilatadas. Pâncreas, baço e rins sem alterações. ' +
    'Bexiga com boa repleção, paredes regulares. Ausência de líquido livre na cavidade abdominal.',
  impressao: 'Exame dentro dos limites da normalidade.',
}
/** The midnight of `day` + `plus` days, as appointments are stored (floating time as UTC). */
const dayStart = (param: string, plus = 0) => `(${param}::date + ${plus})::timestamp AT TIME ZONE 'UTC'`

/**
 * The worklist's 1,000 pending: the catalogue, then the seed's last LAUDO_PENDING appointments before today
 * moved to 'realizado' with their exam, every 4th with its laudo opened ('Em edição', a draft saved once).
 * The seed's appointments have no catalogue exam, so the worklist holds exactly these.
 */
export async function seedPendingLaudos(client: pg.Client, seed: SeedResult): Promise<void> {
  await client.query(
    `INSERT INTO exames (nome, modalidade, duracao, prazo_laudo_dias)
     SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::int[])`,
    [CATALOGUE.map((c) => c[0]), CATALOGUE.map((c) => c[1]), CATALOGUE.map(() => 20), CATALOGUE.map((c) => c[2])],
  )
  await client.query(
    `WITH chosen AS (
       SELECT id FROM agendamentos WHERE datahora < ${dayStart('$1')} ORDER BY datahora DESC, id LIMIT $2),
     moved AS (
       UPDATE agendamentos a SET status = 'realizado' FROM chosen WHERE a.id = chosen.id RETURNING a.id, a.exames[1] AS nome)
     INSERT INTO agendamento_exames (agendamento_id, posicao, exame_id, nome, duracao, preparo)
     SELECT moved.id, 0, e.id, e.nome, e.duracao, '' FROM moved JOIN exames e ON e.nome = moved.nome`,
    [seed.today, LAUDO_PENDING],
  )
  await client.query(
    `WITH pending AS (
       SELECT ae.agendamento_id, ae.exame_id, a.medico_id, row_number() OVER (ORDER BY a.datahora, a.id) AS n
         FROM agendamento_exames ae JOIN agendamentos a ON a.id = ae.agendamento_id),
     opened AS (
       INSERT INTO laudos (agendamento_id, exame_id, medico_id, estado)
       SELECT agendamento_id, exame_id, medico_id, 'Em edição' FROM pending WHERE n % 4 = 0 RETURNING id)
     INSERT INTO laudo_versoes (laudo_id, versao, tecnica, relatorio, impressao, revisao)
     SELECT id, 1, $1, $2, $3, 1 FROM opened`,
    [DRAFT.tecnica, DRAFT.relatorio, DRAFT.impressao],
  )
  await client.query('VACUUM (ANALYZE) agendamentos, agendamento_exames, exames, laudos, laudo_versoes')
}

/**
 * Drafts ready to release: `count` of doctor 1's ultrasounds of more than a week ago (before the worklist's
 * days, and enough of them in a --quick seed), 'Realizado', opened.
 */
async function prepareDrafts(client: pg.Client, seed: SeedResult, count: number): Promise<string[]> {
  const { rows } = await client.query<{ laudo_id: string }>(
    `WITH chosen AS (
       SELECT id FROM agendamentos
        WHERE medico_id = $1 AND status = 'agendado' AND exames[1] = $4 AND datahora < ${dayStart('$2', -7)}
        ORDER BY datahora DESC, id LIMIT $3),
     moved AS (
       UPDATE agendamentos a SET status = 'realizado' FROM chosen WHERE a.id = chosen.id RETURNING a.id, a.medico_id),
     exam AS (SELECT id, nome, duracao FROM exames WHERE nome = $4),
     listed AS (
       INSERT INTO agendamento_exames (agendamento_id, posicao, exame_id, nome, duracao, preparo)
       SELECT moved.id, 0, exam.id, exam.nome, exam.duracao, '' FROM moved, exam RETURNING agendamento_id),
     opened AS (
       INSERT INTO laudos (agendamento_id, exame_id, medico_id, estado)
       SELECT moved.id, exam.id, moved.medico_id, 'Em edição' FROM moved, exam RETURNING id)
     INSERT INTO laudo_versoes (laudo_id, versao, tecnica, relatorio, impressao, revisao)
     SELECT id, 1, $5, $6, $7, 3 FROM opened RETURNING laudo_id`,
    [medicoId(1), seed.today, count, RELEASE_EXAM, DRAFT.tecnica, DRAFT.relatorio, DRAFT.impressao],
  )
  if (rows.length < count) throw new Error(`laudo-release: only ${rows.length} of ${count} drafts could be prepared`)
  return rows.map((r) => r.laudo_id)
}

async function api(url: string, token: string, method: string, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`)
  return JSON.parse(text) as unknown
}

/** Doctor 1 with CRM and RQE, a user linked to it, signed in, with an A1 uploaded; the clinic's RT set. */
async function doctorWithCertificate(url: string, adminToken: string, client: pg.Client): Promise<string> {
  await client.query(
    `UPDATE medicos SET crm = '123456', crm_uf = 'SP', rqe = '98765', tratamento = 'Dra.' WHERE id = $1`,
    [medicoId(1)],
  )
  await api(url, adminToken, 'PUT', '/clinica/laudo', {
    rtNome: 'Paulo Menezes',
    rtCrm: '654321',
    rtCrmUf: 'SP',
    cnes: '',
    pacsUrl: '',
    assinaturaManual: false,
  })
  const email = 'medica.bench@clinica.local'
  const password = `bench-${randomBytes(9).toString('base64url')}`
  await api(url, adminToken, 'POST', '/users/register', {
    nome: 'Médica do Benchmark',
    email,
    password,
    medicoId: medicoId(1),
  })
  const login = await fetch(`${url}/api/users/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (login.status !== 200) throw new Error(`the doctor's sign-in failed: ${login.status} ${await login.text()}`)
  const { token } = (await login.json()) as { token: string }
  const authority = createTestAuthority()
  try {
    const p12 = authority.issue({ days: 365, password: CERTIFICATE_PASSWORD })
    await api(url, token, 'PUT', '/conta/certificado', {
      arquivo: 'medica.pfx',
      conteudo: p12.toString('base64'),
      senha: CERTIFICATE_PASSWORD,
    })
  } finally {
    authority.close()
  }
  return token
}

/** The server process's CPU time in ms (Linux /proc, as bench/api.ts reads it). */
function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

export interface ReleaseFigures {
  releases: number
  p50: number
  p99: number
  max: number
  /** The server process's CPU per release (PDF, signature, statements), in ms. */
  serverCpuMs: number
  kb: number
}

/** 'sign and release one laudo': `warmup` unmeasured releases, then `runs` one after another. */
export async function releaseBench(
  target: { url: string; adminToken: string; pid: number; client: pg.Client; seed: SeedResult },
  runs: number,
  warmup: number,
  log: (m: string) => void,
): Promise<ReleaseFigures> {
  const { url, client } = target
  const token = await doctorWithCertificate(url, target.adminToken, client)
  const ids = await prepareDrafts(client, target.seed, warmup + runs)
  log(`laudo-release: ${ids.length} drafts, a doctor with an A1; ${warmup} unmeasured releases, then ${runs}`)
  const release = async (laudoId: string) => {
    const answer = (await api(url, token, 'POST', '/laudos/liberar', { laudoId, senha: CERTIFICATE_PASSWORD })) as {
      laudo: { estado: string }
    }
    if (answer.laudo.estado !== 'Liberado') throw new Error(`laudo-release: ${laudoId} is ${answer.laudo.estado}`)
  }
  for (const id of ids.slice(0, warmup)) await release(id)
  const times: number[] = []
  const cpuBefore = processCpuMs(target.pid)
  for (const id of ids.slice(warmup)) {
    const start = performance.now()
    await release(id)
    times.push(performance.now() - start)
  }
  const cpu = processCpuMs(target.pid) - cpuBefore
  const { rows } = await client.query<{ kb: number }>(
    'SELECT avg(octet_length(pdf)) / 1024 AS kb FROM laudo_versoes WHERE laudo_id = ANY($1::uuid[])',
    [ids],
  )
  const sorted = times.sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!
  return {
    releases: runs,
    p50: at(0.5),
    p99: at(0.99),
    max: sorted.at(-1)!,
    serverCpuMs: cpu / runs,
    kb: Number(rows[0]!.kb),
  }
}

/** bench/RESULTS.md's section: one row per database. */
export function releaseSection(runs: { kind: string; release: ReleaseFigures }[]): { text: string; missed: boolean } {
  const missed = runs.some((r) => r.release.p99 > RELEASE_P99_TARGET_MS)
  const text = [
    `### Sign and release one laudo (issue 36)`,
    '',
    `POST /laudos/liberar one after another (1 connection), each a draft of its own; the doctor's A1 (RSA 2048, ` +
      `PKCS#12) opened with the password typed each time; the PDF built, signed (PAdES) and stored in one ` +
      `transaction. CPU: the server process's per release.`,
    '',
    table(
      ['database', 'releases', 'p50 ms', 'p99 ms', 'max ms', 'server CPU ms', 'PDF KB', 'target'],
      runs.map(({ kind, release: f }) => [
        kind,
        String(f.releases),
        f.p50.toFixed(0),
        f.p99.toFixed(0),
        f.max.toFixed(0),
        f.serverCpuMs.toFixed(0),
        f.kb.toFixed(0),
        f.p99 > RELEASE_P99_TARGET_MS
          ? `**missed** (p99 > ${RELEASE_P99_TARGET_MS} ms)`
          : `met (p99 ≤ ${RELEASE_P99_TARGET_MS} ms)`,
      ]),
    ),
  ].join('\n')
  return { text, missed }
}
