// The laudo's release, retification, delivery and verification (issue 36 points 5–8): reads of what the PDF
// prints, the one UPDATE that turns a draft into the released version, version N+1, the deliveries, and the
// public lookup by verification code. The draft is the laudo's highest versao whose liberado_em is null.
import { sql } from 'drizzle-orm'
import type { EntregaLaudo, SituacaoLaudo, VersaoLaudo } from '@contract'
import type { Executor } from './executor'

// Raw statements answer timestamps as PostgreSQL's text: they are selected as ISO text (to_json) and parsed.
const iso = (column: ReturnType<typeof sql.raw>) => sql`to_json(${column}) #>> '{}'`
const toDate = (value: unknown) => new Date(String(value))

export interface LaudoHead {
  id: string
  estado: SituacaoLaudo['estado']
  medicoId: string | null
  agendamentoId: string
}

/** The laudo, its row locked for the rest of the transaction (release, retification, delivery queue on it). */
export async function lockLaudo(db: Executor, laudoId: string): Promise<LaudoHead | undefined> {
  const { rows } = await db.execute<{ id: string; estado: string; medico_id: string | null; agendamento_id: string }>(
    sql`select id, estado, medico_id, agendamento_id from laudos where id = ${laudoId} for update`,
  )
  const row = rows[0]
  return row
    ? {
        id: row.id,
        estado: row.estado as LaudoHead['estado'],
        medicoId: row.medico_id,
        agendamentoId: row.agendamento_id,
      }
    : undefined
}

export interface DraftForRelease {
  versao: number
  tecnica: string
  relatorio: string
  impressao: string
  birads: number | null
  motivoRetificacao: string | null
  exame: { nome: string; modalidade: string }
  dataExame: Date
  convenio: string
  paciente: { nome: string; nomesocial: string; datanascimento: Date; sexo: string }
  medico: { nome: string; tratamento: string; crm: string; crmUf: string; rqe: string } | null
}

/** The draft and everything the PDF prints about the patient, the exam and the doctor. */
export async function draftForRelease(db: Executor, laudoId: string): Promise<DraftForRelease | undefined> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select v.versao, v.tecnica, v.relatorio, v.impressao, v.birads, v.motivo_retificacao,
           e.nome as exame_nome, e.modalidade, ${iso(sql.raw('a.datahora'))} as datahora, a.convenio,
           p.nome as paciente_nome, p.nomesocial, ${iso(sql.raw('p.datanascimento'))} as datanascimento, p.sexo,
           m.nome as medico_nome, m.tratamento, m.crm, m.crm_uf, m.rqe
      from laudo_versoes v
      join laudos l on l.id = v.laudo_id
      join exames e on e.id = l.exame_id
      join agendamentos a on a.id = l.agendamento_id
      join pacientes p on p.id = a.paciente_id
      left join medicos m on m.id = l.medico_id
     where v.laudo_id = ${laudoId} and v.liberado_em is null
     order by v.versao desc
     limit 1`)
  const r = rows[0]
  if (!r) return undefined
  return {
    versao: Number(r.versao),
    tecnica: String(r.tecnica),
    relatorio: String(r.relatorio),
    impressao: String(r.impressao),
    birads: r.birads === null ? null : Number(r.birads),
    motivoRetificacao: (r.motivo_retificacao as string | null) ?? null,
    exame: { nome: String(r.exame_nome), modalidade: String(r.modalidade) },
    dataExame: toDate(r.datahora),
    convenio: String(r.convenio),
    paciente: {
      nome: String(r.paciente_nome),
      nomesocial: String(r.nomesocial),
      datanascimento: toDate(r.datanascimento),
      sexo: String(r.sexo),
    },
    medico:
      r.medico_nome === null
        ? null
        : {
            nome: String(r.medico_nome),
            tratamento: String(r.tratamento),
            crm: String(r.crm),
            crmUf: String(r.crm_uf),
            rqe: String(r.rqe),
          },
  }
}

/**
 * The release: the draft row gets liberado_em, pdf, sha256 and the code in ONE UPDATE (after it the trigger
 * of migration 0020 refuses any change), and the laudo's estado becomes 'Liberado'. False when the draft
 * changed meanwhile (it is no longer a draft).
 */
export async function release(
  db: Executor,
  release: { laudoId: string; versao: number; pdf: Uint8Array; sha256: string; codigo: string; at: Date },
): Promise<boolean> {
  const { rows } = await db.execute<{ versao: number }>(sql`
    update laudo_versoes
       set liberado_em = ${release.at.toISOString()}, pdf = ${Buffer.from(release.pdf)}, sha256 = ${release.sha256},
           codigo_verificacao = ${release.codigo}
     where laudo_id = ${release.laudoId} and versao = ${release.versao} and liberado_em is null
     returning versao`)
  if (rows.length === 0) return false
  await db.execute(
    sql`update laudos set estado = 'Liberado', updated_at = ${release.at.toISOString()} where id = ${release.laudoId}`,
  )
  return true
}

/** Is a verification code already used? (The unique index is the guarantee; this keeps a retry cheap.) */
export async function codeTaken(db: Executor, codigo: string): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from laudo_versoes where codigo_verificacao = ${codigo}`)
  return rows.length > 0
}

/** A released version's stored bytes, or null when the version exists but is a draft. */
export async function pdfOf(
  db: Executor,
  laudoId: string,
  versao: number,
): Promise<{ pdf: Buffer | null } | undefined> {
  const { rows } = await db.execute<{ pdf: Buffer | null }>(
    sql`select pdf from laudo_versoes where laudo_id = ${laudoId} and versao = ${versao}`,
  )
  return rows[0]
}

/**
 * 'Retificar': version N+1 with the text of the last released version N and the reason; the laudo goes
 * back to 'Em edição'. Undefined when the newest version is not released (a draft is open already).
 */
export async function retify(
  db: Executor,
  input: { laudoId: string; motivo: string; userId: string; at: Date },
): Promise<number | undefined> {
  const { rows } = await db.execute<{ versao: number }>(sql`
    insert into laudo_versoes (laudo_id, versao, tecnica, relatorio, impressao, birads, salvo_por, salvo_em,
                               criado_em, motivo_retificacao)
    select laudo_id, versao + 1, tecnica, relatorio, impressao, birads, ${input.userId}, ${input.at.toISOString()},
           ${input.at.toISOString()}, ${input.motivo}
      from laudo_versoes
     where laudo_id = ${input.laudoId}
       and versao = (select max(versao) from laudo_versoes where laudo_id = ${input.laudoId})
       and liberado_em is not null
    returning versao`)
  if (rows.length === 0) return undefined
  await db.execute(
    sql`update laudos set estado = 'Em edição', updated_at = ${input.at.toISOString()} where id = ${input.laudoId}`,
  )
  return Number(rows[0]!.versao)
}

/** The newest released version's number, or undefined. */
export async function lastReleased(db: Executor, laudoId: string): Promise<number | undefined> {
  const { rows } = await db.execute<{ versao: number | null }>(
    sql`select max(versao) as versao from laudo_versoes where laudo_id = ${laudoId} and liberado_em is not null`,
  )
  const versao = rows[0]?.versao
  return versao === null || versao === undefined ? undefined : Number(versao)
}

/** 'Entregar laudo': one row per hand-over; estado 'Entregue' when the newest version is the one delivered. */
export async function deliver(
  db: Executor,
  input: {
    laudoId: string
    versao: number
    recebedor: 'paciente' | 'terceiro'
    nome: string
    cpf: string | null
    userId: string
    at: Date
  },
): Promise<void> {
  await db.execute(sql`
    insert into laudo_entregas (laudo_id, versao, recebedor, nome, cpf, entregue_em, entregue_por)
    values (${input.laudoId}, ${input.versao}, ${input.recebedor}, ${input.nome}, ${input.cpf},
            ${input.at.toISOString()}, ${input.userId})`)
  await db.execute(sql`
    update laudos set estado = 'Entregue', updated_at = ${input.at.toISOString()}
     where id = ${input.laudoId}
       and ${input.versao} = (select max(versao) from laudo_versoes where laudo_id = ${input.laudoId})`)
}

/** The laudo's state and versions, newest first, as 'Versões do laudo' shows them. */
export async function situacao(db: Executor, laudoId: string): Promise<SituacaoLaudo | undefined> {
  const head = await db.execute<{ estado: string }>(sql`select estado from laudos where id = ${laudoId}`)
  if (!head.rows[0]) return undefined
  const versions = await db.execute<{
    versao: number
    liberado_em: string | null
    sha256: string | null
    codigo_verificacao: string | null
    motivo_retificacao: string | null
    criado_em: string
  }>(sql`
    select versao, ${iso(sql.raw('liberado_em'))} as liberado_em, sha256, codigo_verificacao, motivo_retificacao,
           ${iso(sql.raw('criado_em'))} as criado_em
      from laudo_versoes where laudo_id = ${laudoId} order by versao desc`)
  const deliveries = await db.execute<{
    versao: number
    entregue_em: string
    recebedor: 'paciente' | 'terceiro'
    nome: string
    entregue_por: string | null
  }>(sql`
    select d.versao, ${iso(sql.raw('d.entregue_em'))} as entregue_em, d.recebedor, d.nome, coalesce(u.nome, '') as entregue_por
      from laudo_entregas d left join users u on u.id = d.entregue_por
     where d.laudo_id = ${laudoId} order by d.entregue_em, d.id`)
  const byVersion = new Map<number, EntregaLaudo[]>()
  for (const d of deliveries.rows) {
    const list = byVersion.get(Number(d.versao)) ?? []
    list.push({
      entregueEm: toDate(d.entregue_em).toISOString(),
      recebedor: d.recebedor,
      nome: d.nome,
      entreguePor: d.entregue_por ?? '',
    })
    byVersion.set(Number(d.versao), list)
  }
  const rows = versions.rows
  const versoes: VersaoLaudo[] = rows.map((v, i) => {
    // newest first: the version after this one is the previous row
    const next = i > 0 ? rows[i - 1] : undefined
    const retificacao =
      next && next.motivo_retificacao !== null
        ? { em: toDate(next.criado_em).toISOString(), motivo: next.motivo_retificacao }
        : null
    const entregas = byVersion.get(Number(v.versao)) ?? []
    return {
      versao: Number(v.versao),
      liberadoEm: v.liberado_em ? toDate(v.liberado_em).toISOString() : null,
      sha256: v.sha256,
      codigoVerificacao: v.codigo_verificacao,
      motivoRetificacao: v.motivo_retificacao,
      retificacao,
      entregas,
      retificadoAposEntrega: retificacao !== null && entregas.length > 0,
    }
  })
  return { laudoId, estado: head.rows[0].estado as SituacaoLaudo['estado'], versoes }
}

export interface VerifiedRow {
  pacienteNome: string
  nomesocial: string
  exame: string
  dataExame: Date
  medico: string
  tratamento: string
  versao: number
  liberadoEm: Date
  retificado: boolean
}

/** The released version a verification code names, with what the public page may show. */
export async function byVerificationCode(db: Executor, codigo: string): Promise<VerifiedRow | undefined> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select p.nome as paciente_nome, p.nomesocial, e.nome as exame, ${iso(sql.raw('a.datahora'))} as datahora, coalesce(m.nome, '') as medico,
           coalesce(m.tratamento, 'Dr.') as tratamento, v.versao, ${iso(sql.raw('v.liberado_em'))} as liberado_em,
           exists (select 1 from laudo_versoes n where n.laudo_id = v.laudo_id and n.versao > v.versao) as retificado
      from laudo_versoes v
      join laudos l on l.id = v.laudo_id
      join exames e on e.id = l.exame_id
      join agendamentos a on a.id = l.agendamento_id
      join pacientes p on p.id = a.paciente_id
      left join medicos m on m.id = l.medico_id
     where v.codigo_verificacao = ${codigo} and v.liberado_em is not null`)
  const r = rows[0]
  if (!r) return undefined
  return {
    pacienteNome: String(r.paciente_nome),
    nomesocial: String(r.nomesocial),
    exame: String(r.exame),
    dataExame: toDate(r.datahora),
    medico: String(r.medico),
    tratamento: String(r.tratamento),
    versao: Number(r.versao),
    liberadoEm: toDate(r.liberado_em),
    retificado: Boolean(r.retificado),
  }
}
