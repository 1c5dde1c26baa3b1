// The data entry of issue 37 points 1–3, as the TISS batch reads it (docs/tiss.md): the one place where the
// batch meets the columns another branch adds (the convênio's codes, the senha's dates, the requesting doctor).
import type { TissProfissional } from '@contract'
import type { Executor } from '../repositories/executor'

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
}

export interface TissDataEntry {
  convenio: { codigoPrestador?: string }
  atendimentos: Map<string, TissAppointmentEntry>
}

/**
 * The data entry of issue 37 points 1–3 (convênio codes, carteirinha's plan, senha's dates, solicitante). Built
 * on another branch: its columns do not exist here yet, so this answers nothing kept, and every appointment then
 * lists what it lacks. The merge replaces this body with the reads of those columns.
 */
export async function readTissDataEntry(
  _db: Executor,
  _convenioId: string,
  _agendamentoIds: readonly string[],
): Promise<TissDataEntry> {
  return { convenio: {}, atendimentos: new Map() }
}
