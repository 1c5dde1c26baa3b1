// The laudo's worklist and its drafts (issue 36 points 3 and 4, docs/decisions.md "The laudo's worklist"):
// one row per exam of an appointment 'Em atendimento' or 'Realizado' whose laudo is not released, the
// laudo opened (created with its first draft from the exam's template on the first open) and the draft
// saved under its revisao (optimistic concurrency: the UPDATE names the revisao it started from).
import { sql } from 'drizzle-orm'
import {
  ageOn,
  fillLaudoTemplate,
  isLaudoLate,
  laudoDueDate,
  laudoPatientName,
  studyInstanceUidOf,
  type Horario,
  type Laudo,
  type LaudoEstado,
  type LaudoPendente,
  type LaudoRascunho,
  type LaudoTexto,
  type Modalidade,
} from '@contract'
import type { Executor } from './executor'

/** An instant as JSON writes it, from PostgreSQL (the driver hands timestamps over as text here). */
const ISO_INSTANT = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`)

/** Statuses whose exams await a laudo (the partial index of migration 0023 has the same list). */
export const WORK_STATUSES = sql`('em_atendimento', 'realizado')`

export type WorkRow = {
  agendamento_id: string
  exame_id: string
  laudo_id: string | null
  estado: LaudoEstado | null
  exame_nome: string
  modalidade: Modalidade
  prazo: number
  data_exame: string
  acesso: string
  medico_id: string
  medico_nome: string
  equipamento_id: string | null
  equipamento_nome: string | null
  paciente_nome: string
  paciente_nomesocial: string
}

const workSelect = sql`
  select distinct on (a.datahora, a.id, ae.exame_id)
         ae.agendamento_id, ae.exame_id, l.id as laudo_id, l.estado, ae.nome as exame_nome, e.modalidade,
         e.prazo_laudo_dias as prazo, to_char(a.datahora at time zone 'UTC', 'YYYY-MM-DD') as data_exame, a.acesso::text as acesso, a.medico_id, m.nome as medico_nome,
         a.equipamento_id, eq.nome as equipamento_nome, p.nome as paciente_nome, p.nomesocial as paciente_nomesocial
    from agendamentos a
    join agendamento_exames ae on ae.agendamento_id = a.id
    join exames e on e.id = ae.exame_id
    join pacientes p on p.id = a.paciente_id
    join medicos m on m.id = a.medico_id
    left join equipamentos eq on eq.id = a.equipamento_id
    left join laudos l on l.agendamento_id = a.id and l.exame_id = ae.exame_id`

/** laudoDueDate, remembered per (exam day, prazo): a page's rows share few of them. */
export function dueDates(hours: readonly Horario[]): (dataExame: string, prazo: number) => string {
  const known = new Map<string, string>()
  return (dataExame, prazo) => {
    const key = `${dataExame} ${prazo}`
    let due = known.get(key)
    if (due === undefined) known.set(key, (due = laudoDueDate(dataExame, prazo, hours)))
    return due
  }
}

export function toPendente(
  row: WorkRow,
  due: (dataExame: string, prazo: number) => string,
  today: string,
): LaudoPendente {
  const dataExame = row.data_exame
  const previsao = due(dataExame, row.prazo)
  return {
    agendamentoId: row.agendamento_id,
    exameId: row.exame_id,
    laudoId: row.laudo_id,
    paciente: laudoPatientName({ nome: row.paciente_nome, nomesocial: row.paciente_nomesocial }),
    exame: row.exame_nome,
    modalidade: row.modalidade,
    equipamento: row.equipamento_id ? { id: row.equipamento_id, nome: row.equipamento_nome ?? '' } : null,
    medico: { id: row.medico_id, nome: row.medico_nome },
    dataExame,
    previsao,
    atrasado: isLaudoLate(previsao, today),
    estado: row.estado ?? 'Pendente',
  }
}

type DraftRow = {
  versao: number
  revisao: number
  tecnica: string
  relatorio: string
  impressao: string
  birads: number | null
  salvo_em: string
}

async function draftOf(db: Executor, laudoId: string): Promise<LaudoRascunho | null> {
  const result = await db.execute<DraftRow>(sql`
    select versao, revisao, tecnica, relatorio, impressao, birads, ${ISO_INSTANT('salvo_em')} as salvo_em
      from laudo_versoes where laudo_id = ${laudoId} and liberado_em is null
     order by versao desc limit 1`)
  const row = result.rows[0]
  if (!row) return null
  return {
    versao: row.versao,
    revisao: row.revisao,
    tecnica: row.tecnica,
    relatorio: row.relatorio,
    impressao: row.impressao,
    birads: row.birads,
    salvoEm: row.salvo_em,
  }
}

/** The newest released version's text (the editor shows it read-only), or null before the first release. */
async function releasedOf(db: Executor, laudoId: string): Promise<Laudo['liberado']> {
  const result = await db.execute<Omit<DraftRow, 'revisao' | 'salvo_em'> & { liberado_em: string }>(sql`
    select versao, tecnica, relatorio, impressao, birads, ${ISO_INSTANT('liberado_em')} as liberado_em
      from laudo_versoes where laudo_id = ${laudoId} and liberado_em is not null
     order by versao desc limit 1`)
  const row = result.rows[0]
  if (!row) return null
  return {
    versao: row.versao,
    tecnica: row.tecnica,
    relatorio: row.relatorio,
    impressao: row.impressao,
    birads: row.birads,
    liberadoEm: row.liberado_em,
  }
}

/** The laudo `id` with its draft, or undefined. */
export async function find(
  db: Executor,
  id: string,
  hours: readonly Horario[],
  today: string,
): Promise<Laudo | undefined> {
  const result = await db.execute<WorkRow>(sql`${workSelect} where l.id = ${id} limit 1`)
  const row = result.rows[0]
  if (!row) return undefined
  const { laudoId: _laudoId, ...pendente } = toPendente(row, dueDates(hours), today)
  return {
    ...pendente,
    id,
    studyInstanceUid: studyInstanceUidOf(row.agendamento_id),
    accessionNumber: row.acesso,
    rascunho: await draftOf(db, id),
    liberado: await releasedOf(db, id),
  }
}

interface ExamOfAppointment {
  status: string
  laudoId: string | null
}

/** The appointment's status and the exam's laudo, or 'no-appointment' / 'no-exam'. */
export async function examOfAppointment(
  db: Executor,
  agendamentoId: string,
  exameId: string,
): Promise<ExamOfAppointment | 'no-appointment' | 'no-exam'> {
  const result = await db.execute<{ status: string; has_exam: boolean; laudo_id: string | null }>(sql`
    select a.status,
           exists (select 1 from agendamento_exames ae where ae.agendamento_id = a.id and ae.exame_id = ${exameId}) as has_exam,
           (select l.id from laudos l where l.agendamento_id = a.id and l.exame_id = ${exameId}) as laudo_id
      from agendamentos a where a.id = ${agendamentoId}`)
  const row = result.rows[0]
  if (!row) return 'no-appointment'
  if (!row.has_exam) return 'no-exam'
  return { status: row.status, laudoId: row.laudo_id }
}

type TemplateRow = {
  tecnica: string | null
  relatorio: string | null
  impressao: string | null
  paciente_nome: string
  paciente_nomesocial: string
  datanascimento: string
  sexo: string
  exame_nome: string
  data_exame: string
  convenio: string
  medico_id: string
  medico_nome: string
  tratamento: string
  crm: string
  crm_uf: string
}

/**
 * Creates the laudo of the appointment's exam and its first draft from the exam's template, placeholders
 * filled. Returns the new laudo's id, or null when another request created it first (the unique index).
 */
export async function create(db: Executor, agendamentoId: string, exameId: string): Promise<string | null> {
  const inserted = await db.execute<{ id: string }>(sql`
    insert into laudos (agendamento_id, exame_id, medico_id)
    select a.id, ${exameId}, a.medico_id from agendamentos a where a.id = ${agendamentoId}
    on conflict (agendamento_id, exame_id) do nothing
    returning id`)
  const id = inserted.rows[0]?.id
  if (!id) return null
  const source = await db.execute<TemplateRow>(sql`
    select ml.tecnica, ml.relatorio, ml.impressao, p.nome as paciente_nome, p.nomesocial as paciente_nomesocial,
           to_char(p.datanascimento at time zone 'UTC', 'YYYY-MM-DD') as datanascimento, p.sexo, ae.nome as exame_nome,
           to_char(a.datahora at time zone 'UTC', 'YYYY-MM-DD') as data_exame, a.convenio, m.id as medico_id,
           m.nome as medico_nome, m.tratamento, m.crm, m.crm_uf
      from agendamentos a
      join agendamento_exames ae on ae.agendamento_id = a.id and ae.exame_id = ${exameId}
      join pacientes p on p.id = a.paciente_id
      join medicos m on m.id = a.medico_id
      left join modelos_laudo ml on ml.exame_id = ae.exame_id
     where a.id = ${agendamentoId}
     order by ae.posicao limit 1`)
  const row = source.rows[0]!
  const dataExame = row.data_exame
  const values = {
    '{paciente}': laudoPatientName({ nome: row.paciente_nome, nomesocial: row.paciente_nomesocial }),
    '{idade}': `${ageOn(row.datanascimento, dataExame)} anos`,
    '{sexo}': row.sexo,
    '{exame}': row.exame_nome,
    '{data_exame}': dataExame.split('-').reverse().join('/'),
    '{convenio}': row.convenio,
    '{medico}': `${row.tratamento} ${row.medico_nome}`,
    '{crm}': row.crm ? `CRM ${row.crm}/${row.crm_uf}` : '',
  }
  await db.execute(sql`
    insert into laudo_versoes (laudo_id, versao, tecnica, relatorio, impressao, revisao)
    values (${id}, 1, ${fillLaudoTemplate(row.tecnica ?? '', values)}, ${fillLaudoTemplate(row.relatorio ?? '', values)},
            ${fillLaudoTemplate(row.impressao ?? '', values)}, 0)`)
  return id
}

export type SaveResult = 'saved' | 'not-found' | 'released' | 'conflict'

/**
 * Saves the draft from `revisao`: one UPDATE that matches only that revisao, so of two saves from the same
 * one the second finds it changed (PostgreSQL re-reads the locked row) and writes nothing. The first save
 * moves the laudo to 'Em edição'.
 */
export async function save(
  db: Executor,
  id: string,
  revisao: number,
  texto: LaudoTexto,
  userId: string,
): Promise<SaveResult> {
  const updated = await db.execute(sql`
    update laudo_versoes v
       set tecnica = ${texto.tecnica}, relatorio = ${texto.relatorio}, impressao = ${texto.impressao},
           birads = ${texto.birads}, revisao = v.revisao + 1, salvo_por = ${userId}, salvo_em = now()
     where v.laudo_id = ${id} and v.liberado_em is null and v.revisao = ${revisao}
       and v.versao = (select max(versao) from laudo_versoes where laudo_id = ${id})`)
  if ((updated.rowCount ?? 0) === 1) {
    await db.execute(
      sql`update laudos set estado = 'Em edição', updated_at = now() where id = ${id} and estado = 'Pendente'`,
    )
    return 'saved'
  }
  const state = await db.execute<{ estado: string; draft: boolean }>(sql`
    select l.estado, exists (select 1 from laudo_versoes v where v.laudo_id = l.id and v.liberado_em is null) as draft
      from laudos l where l.id = ${id}`)
  const row = state.rows[0]
  if (!row) return 'not-found'
  return row.draft ? 'conflict' : 'released'
}

/**
 * The laudo states of a clinic day's appointments (those with a laudo), each 'Atrasado' as the worklist
 * says it: on the worklist (the appointment 'Em atendimento' or 'Realizado', the exam still on it, the
 * laudo not released) and past its 'Previsão'.
 */
export async function statesOfDay(
  db: Executor,
  dia: string,
  hours: readonly Horario[],
  today: string,
): Promise<
  { agendamentoId: string; exameId: string; estado: LaudoEstado; laudoId: string; exame: string; atrasado: boolean }[]
> {
  const result = await db.execute<{
    agendamento_id: string
    exame_id: string
    estado: LaudoEstado
    id: string
    exame: string | null
    prazo: number | null
    pendente: boolean
  }>(sql`
    select l.agendamento_id, l.exame_id, l.estado, l.id,
           (select ae.nome from agendamento_exames ae
             where ae.agendamento_id = l.agendamento_id and ae.exame_id = l.exame_id
             order by ae.posicao limit 1) as exame,
           e.prazo_laudo_dias as prazo,
           (a.status in ${WORK_STATUSES} and l.estado in ('Pendente', 'Em edição') and e.id is not null
            and exists (select 1 from agendamento_exames ae
                         where ae.agendamento_id = l.agendamento_id and ae.exame_id = l.exame_id)) as pendente
      from laudos l join agendamentos a on a.id = l.agendamento_id
      left join exames e on e.id = l.exame_id
     where a.datahora >= ${`${dia}T00:00:00.000Z`}::timestamptz
       and a.datahora < (${`${dia}T00:00:00.000Z`}::timestamptz + interval '1 day')
     order by l.agendamento_id, l.exame_id`)
  const due = dueDates(hours)
  return result.rows.map((r) => ({
    agendamentoId: r.agendamento_id,
    exameId: r.exame_id,
    estado: r.estado,
    laudoId: r.id,
    exame: r.exame ?? '',
    atrasado: r.pendente && r.prazo !== null && isLaudoLate(due(dia, r.prazo), today),
  }))
}
