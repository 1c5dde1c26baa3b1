// From a realized convênio appointment to its TISS guia, or what it lacks in Portuguese (issue 37 point 4;
// docs/tiss.md). Pure: the server (server/tiss/batch-source.ts) and the msw mock read their records and both
// call this, so 'Pronta' and the list of what is missing are the same on both.
import type { AtendimentoFaturavel } from './tiss-billing'
import { TissGuia, type TissConselho, type TissLoteDocument, type TissProfissional } from './tiss-batch'

/** What the data entry of issue 37 points 1–3 keeps for one appointment (every field optional until kept). */
export interface TissAppointmentEntry {
  /** Our guia number, sequential per convênio; the batch numbers the guia itself when absent. */
  numeroGuiaPrestador?: string
  senhaData?: string
  senhaValidade?: string
  solicitante?: TissProfissional
  carater?: 'ELETIVO' | 'URGENCIA'
  indicacaoClinica?: string
  dataSolicitacao?: string
  /** The executing doctor's CBO (e.g. 225320, radiologia e diagnóstico por imagem). */
  executanteCbo?: string
  /** The patient's card on the convênio ('Carteirinha' on the profile), when one is kept. */
  carteirinha?: { numero: string; validade: string | null }
}

/** The clinic and convênio parts of the batch ('' where nothing is kept). */
export type TissHeader = Omit<TissLoteDocument, 'numeroLote' | 'geradoEm' | 'guias'>

/** A realized appointment as the records keep it. */
export interface TissBookingRecord {
  agendamentoId: string
  /** The clinic's wall-clock time, ISO (`YYYY-MM-DDThh:mm:ss`). */
  datahora: string
  paciente: string
  /** The card, the operadora's guia number and the senha typed at booking ('' when none). */
  carteirinha: string
  guia: string
  senha: string
  medico: { nome: string; crm: string; uf: string }
  exames: { nome: string; tuss: string | null; valorIncents: number | null }[]
  valorIncents: number
}

export interface BillableAppointment {
  atendimento: AtendimentoFaturavel
  /** The guia when 'Pronta' (no `faltas`), its number still to be given when the data entry has none. */
  guia: TissGuia | null
}

/**
 * The executing doctor's CBO: the clinic's doctors report exams as radiologists (225320, 'Médico em radiologia e
 * diagnóstico por imagem'); the doctors' register keeps no CBO of its own.
 */
export const CBO_RADIOLOGISTA = '225320'

/** Our guia number when the data entry gave none: the batch numbers it. */
export const GUIA_A_NUMERAR = 'a-numerar'

/** What the clinic or the convênio lack, named once per appointment. */
export function tissHeaderFaltas(h: TissHeader): string[] {
  const faltas: string[] = []
  if (!/^\d{6}$/.test(h.operadora.registroAns)) faltas.push('Falta o registro ANS do convênio')
  if (h.operadora.codigoPrestador === '') faltas.push('Falta o código do prestador na operadora')
  if (!/^\d{7}$/.test(h.clinica.cnes)) faltas.push('Falta o CNES da clínica')
  if (!/^\d{14}$/.test(h.clinica.cnpj)) faltas.push('Falta o CNPJ da clínica')
  return faltas
}

const EMPTY_SOLICITANTE = { nome: '', conselho: 'CRM', numero: '', uf: '', cbo: '' }
const brDate = (iso: string) => iso.split('-').reverse().join('/')

/** The appointment's guia, or what it lacks (after the header's `common` lacks). */
export function billableAppointment(
  row: TissBookingRecord,
  own: TissAppointmentEntry,
  common: readonly string[],
): BillableAppointment {
  const date = row.datahora.slice(0, 10)
  // the card typed at booking, else the one kept on the patient's profile for this convênio
  const carteirinha = row.carteirinha.trim() || own.carteirinha?.numero.trim() || ''
  const cardExpiry = carteirinha === own.carteirinha?.numero.trim() ? own.carteirinha.validade : null
  const executante: TissProfissional = {
    nome: row.medico.nome,
    conselho: 'CRM' satisfies TissConselho,
    numero: row.medico.crm,
    uf: row.medico.uf as TissProfissional['uf'],
    cbo: own.executanteCbo ?? '',
  }
  const candidate = {
    numeroGuiaPrestador: own.numeroGuiaPrestador ?? GUIA_A_NUMERAR,
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
    execucao: { data: date, horaInicial: `${row.datahora.slice(11, 16)}:00` },
    executante,
    procedimentos:
      row.exames.length === 0
        ? [{ codigo: '', tabela: '22', descricao: 'Exame', quantidade: 1, valorUnitario: 0, valorTotal: 0 }]
        : row.exames.map((exame) => ({
            codigo: exame.tuss ?? '',
            tabela: '22',
            descricao: exame.nome,
            quantidade: 1,
            valorUnitario: exame.valorIncents ?? 0,
            valorTotal: exame.valorIncents ?? 0,
          })),
  }
  const parsed = TissGuia.safeParse(candidate)
  const faltas = [...common]
  if (!own.solicitante) faltas.push('Falta o médico solicitante')
  if (carteirinha && cardExpiry && cardExpiry < date) faltas.push(`Carteirinha vencida em ${brDate(cardExpiry)}`)
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      if (!own.solicitante && issue.path[0] === 'solicitante') continue
      if (!faltas.includes(issue.message)) faltas.push(issue.message)
    }
  return {
    atendimento: {
      agendamentoId: row.agendamentoId,
      datahora: row.datahora,
      paciente: row.paciente,
      exames: row.exames.map((exame) => exame.nome),
      valorIncents: row.exames.reduce((sum, exame) => sum + (exame.valorIncents ?? 0), 0) || row.valorIncents,
      faltas,
    },
    guia: parsed.success && faltas.length === 0 ? parsed.data : null,
  }
}
