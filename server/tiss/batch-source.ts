// Where a TISS batch's data comes from (docs/tiss.md): the realized appointments of a convênio and month not yet
// billed, each with the guia it would make or what it lacks. The clinic, the convênio, the appointment's card,
// senha and guide, its exams with their TUSS codes and prices, and the executing doctor are read from the
// tables; the data entry of issue 37 points 1–3 (the convênio's 'Código do prestador', the senha's dates, the
// requesting doctor, caráter, indicação, the card kept on the patient's profile) is read through
// readTissDataEntry() alone (./data-entry.ts).
import { sql } from 'drizzle-orm'
import {
  TissGuia,
  type AtendimentoFaturavel,
  type TissConselho,
  type TissLoteDocument,
  type TissProfissional,
} from '@contract'
import type { Executor } from '../repositories/executor'
import { readTissDataEntry, type TissDataEntry } from './data-entry'

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

/** The clinic and convênio parts of the batch, or what they lack. */
interface Header {
  registroAns: string
  codigoPrestador: string
  cnes: string
  cnpj: string
  nome: string
}

export interface BillableAppointment {
  atendimento: AtendimentoFaturavel
  /** The guia when 'Pronta' (no `faltas`), its number still to be given when the data entry has none. */
  guia: TissGuia | null
}

const wallClock = (d: Date) => d.toISOString().slice(0, 19)

function monthRange(competencia: string): { from: string; to: string } {
  const [year, month] = competencia.split('-').map(Number) as [number, number]
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`
  return { from: `${competencia}-01T00:00:00Z`, to: `${next}-01T00:00:00Z` }
}

async function header(db: Executor, convenioId: string, entry: TissDataEntry): Promise<Header> {
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
    registroAns: row?.ans ?? '',
    codigoPrestador: entry.convenio.codigoPrestador ?? '',
    cnes: row?.cnes ?? '',
    cnpj: (row?.cnpj ?? '').replace(/\D/g, ''),
    nome: row?.nome ?? '',
  }
}

/** What the clinic or the convênio lack, named once per appointment. */
function headerFaltas(h: Header): string[] {
  const faltas: string[] = []
  if (!/^\d{6}$/.test(h.registroAns)) faltas.push('Falta o registro ANS do convênio')
  if (h.codigoPrestador === '') faltas.push('Falta o código do prestador na operadora')
  if (!/^\d{7}$/.test(h.cnes)) faltas.push('Falta o CNES da clínica')
  if (!/^\d{14}$/.test(h.cnpj)) faltas.push('Falta o CNPJ da clínica')
  return faltas
}

function executante(row: Row, cbo: string | undefined): TissProfissional {
  return {
    nome: row.medico,
    conselho: 'CRM' satisfies TissConselho,
    numero: row.crm,
    uf: row.crm_uf as TissProfissional['uf'],
    cbo: cbo ?? '',
  }
}

const EMPTY_SOLICITANTE = { nome: '', conselho: 'CRM', numero: '', uf: '', cbo: '' }

/** The month's realized appointments of the convênio not yet in a batch, in time order, each ready or not. */
export async function billableAppointments(
  db: Executor,
  convenioId: string,
  competencia: string,
): Promise<{ items: BillableAppointment[]; header: Omit<TissLoteDocument, 'numeroLote' | 'geradoEm' | 'guias'> }> {
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
  const rows = result.rows.map((row) => ({ ...row, datahora: new Date(row.datahora) }))
  const entry = await readTissDataEntry(
    db,
    convenioId,
    rows.map((row) => row.id),
  )
  const h = await header(db, convenioId, entry)
  const common = headerFaltas(h)
  const items = rows.map((row): BillableAppointment => {
    const own = entry.atendimentos.get(row.id) ?? {}
    const date = wallClock(row.datahora).slice(0, 10)
    // the card typed at booking, else the one kept on the patient's profile for this convênio
    const carteirinha = row.carteirinha.trim() || own.carteirinha?.numero || ''
    const cardExpiry = carteirinha === own.carteirinha?.numero.trim() ? own.carteirinha.validade : null
    const candidate = {
      numeroGuiaPrestador: own.numeroGuiaPrestador ?? 'a-numerar',
      ...(row.guia.trim() ? { numeroGuiaOperadora: row.guia.trim() } : {}),
      ...(row.senha.trim()
        ? {
            autorizacao: {
              senha: row.senha.trim(),
              data: own.senhaData ?? '',
              ...(own.senhaValidade ? { validade: own.senhaValidade } : {}),
            },
          }
        : {}),
      beneficiario: { carteirinha, nome: row.paciente },
      solicitante: own.solicitante ?? EMPTY_SOLICITANTE,
      carater: own.carater ?? 'ELETIVO',
      ...(own.indicacaoClinica ? { indicacaoClinica: own.indicacaoClinica } : {}),
      ...(own.dataSolicitacao ? { dataSolicitacao: own.dataSolicitacao } : {}),
      execucao: { data: date, horaInicial: `${wallClock(row.datahora).slice(11, 16)}:00` },
      executante: executante(row, own.executanteCbo),
      procedimentos:
        row.exames.length === 0
          ? [{ codigo: '', tabela: '22', descricao: 'Exame', quantidade: 1, valorUnitario: 0, valorTotal: 0 }]
          : row.exames.map((exame) => ({
              codigo: exame.tuss ?? '',
              tabela: '22',
              descricao: exame.nome,
              quantidade: 1,
              valorUnitario: exame.valor ?? 0,
              valorTotal: exame.valor ?? 0,
            })),
    }
    const parsed = TissGuia.safeParse(candidate)
    const faltas = [...common]
    if (!own.solicitante) faltas.push('Falta o médico solicitante')
    if (carteirinha && cardExpiry && cardExpiry < date)
      faltas.push(`Carteirinha vencida em ${cardExpiry.split('-').reverse().join('/')}`)
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        if (!own.solicitante && issue.path[0] === 'solicitante') continue
        if (!faltas.includes(issue.message)) faltas.push(issue.message)
      }
    return {
      atendimento: {
        agendamentoId: row.id,
        datahora: wallClock(row.datahora),
        paciente: row.paciente,
        exames: row.exames.map((exame) => exame.nome),
        valorIncents: row.exames.reduce((sum, exame) => sum + (exame.valor ?? 0), 0) || row.valor_in_cents,
        faltas,
      },
      guia: parsed.success && faltas.length === 0 ? parsed.data : null,
    }
  })
  return {
    items,
    header: {
      operadora: { registroAns: h.registroAns, codigoPrestador: h.codigoPrestador },
      clinica: { cnes: h.cnes, cnpj: h.cnpj, nome: h.nome },
    },
  }
}
