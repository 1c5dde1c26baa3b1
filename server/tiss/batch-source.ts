// Where a TISS batch's data comes from (docs/tiss.md): the realized appointments of a convênio and month not yet
// billed, each with the guia it would make or what it lacks. The clinic, the convênio, the appointment's card,
// senha and guide, its exams with their TUSS codes and prices, and the executing doctor are read from the
// tables; the data entry of issue 37 points 1–3 (the convênio's 'Código do prestador', the senha's dates, the
// requesting doctor, caráter, indicação, the card kept on the patient's profile) is read through
// readTissDataEntry() alone (./data-entry.ts). The guia itself is built by contract/tiss-billing-source.ts, which
// the msw mock calls too.
import { sql } from 'drizzle-orm'
import { billableAppointment, tissHeaderFaltas, type BillableAppointment, type TissHeader } from '@contract'
import type { Executor } from '../repositories/executor'
import { readTissDataEntry, type TissDataEntry } from './data-entry'

export type { BillableAppointment } from '@contract'

interface Row extends Record<string, unknown> {
  id: string
  datahora: Date
  paciente: string
  carteirinha: string
  guia: string
  senha: string
  medico: string
  crm: string
  crm_uf: string
  valor_in_cents: number
  exames: { nome: string; tuss: string | null; valor: number | null }[]
}

const wallClock = (d: Date) => d.toISOString().slice(0, 19)

function monthRange(competencia: string): { from: string; to: string } {
  const [year, month] = competencia.split('-').map(Number) as [number, number]
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`
  return { from: `${competencia}-01T00:00:00Z`, to: `${next}-01T00:00:00Z` }
}

async function header(db: Executor, convenioId: string, entry: TissDataEntry): Promise<TissHeader> {
  const result = await db.execute<{
    ans: string | null
    cnes: string | null
    cnpj: string | null
    nome: string | null
  }>(sql`
    select c.ans, k.cnes, k.cnpj, k.nome
    from convenios c left join clinica_configuracoes k on k.id = 1
    where c.id = ${convenioId}`)
  const row = result.rows[0]
  return {
    operadora: { registroAns: row?.ans ?? '', codigoPrestador: entry.convenio.codigoPrestador ?? '' },
    clinica: { cnes: row?.cnes ?? '', cnpj: (row?.cnpj ?? '').replace(/\D/g, ''), nome: row?.nome ?? '' },
  }
}

/** The month's realized appointments of the convênio not yet in a batch, in time order, each ready or not. */
export async function billableAppointments(
  db: Executor,
  convenioId: string,
  competencia: string,
): Promise<{ items: BillableAppointment[]; header: TissHeader }> {
  const { from, to } = monthRange(competencia)
  const result = await db.execute<Row>(sql`
    select a.id, a.datahora, p.nome as paciente, ac.carteirinha, ac.guia, ac.senha_autorizacao as senha,
           m.nome as medico, m.crm, m.crm_uf, a.valor_in_cents,
           coalesce(json_agg(json_build_object('nome', ae.nome, 'tuss', e.tuss, 'valor', ae.valor_in_cents)
                             order by ae.posicao) filter (where ae.exame_id is not null), '[]') as exames
    from agendamentos a
    join agendamento_catalogo ac on ac.agendamento_id = a.id
    join pacientes p on p.id = a.paciente_id
    join medicos m on m.id = a.medico_id
    left join agendamento_exames ae on ae.agendamento_id = a.id
    left join exames e on e.id = ae.exame_id
    where ac.convenio_id = ${convenioId} and a.status = 'realizado'
      and a.datahora >= ${from}::timestamptz and a.datahora < ${to}::timestamptz
      and not exists (select 1 from tiss_lote_guias g where g.agendamento_id = a.id)
    group by a.id, p.nome, ac.carteirinha, ac.guia, ac.senha_autorizacao, m.nome, m.crm, m.crm_uf
    order by a.datahora, a.id`)
  const entry = await readTissDataEntry(
    db,
    convenioId,
    result.rows.map((row) => row.id),
  )
  const h = await header(db, convenioId, entry)
  const common = tissHeaderFaltas(h)
  const items = result.rows.map((row) =>
    billableAppointment(
      {
        agendamentoId: row.id,
        datahora: wallClock(new Date(row.datahora)),
        paciente: row.paciente,
        carteirinha: row.carteirinha,
        guia: row.guia,
        senha: row.senha,
        medico: { nome: row.medico, crm: row.crm, uf: row.crm_uf },
        exames: row.exames.map((e) => ({ nome: e.nome, tuss: e.tuss, valorIncents: e.valor })),
        valorIncents: row.valor_in_cents,
      },
      entry.atendimentos.get(row.id) ?? {},
      common,
    ),
  )
  return { items, header: h }
}
