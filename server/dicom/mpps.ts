// Modality Performed Procedure Step (issue 19 point 3, docs/dicom.md): N-CREATE 'IN PROGRESS' moves the
// appointment of the step's accession number to 'Em atendimento', N-SET 'COMPLETED' to 'Realizado' — by
// contract/status.ts's rules, as made by the machine, audited in the same transaction; 'DISCONTINUED'
// leaves the status and records why. Whatever is refused changes nothing.
import { statusChangeFields, type Status } from '@contract'
import type { Db } from '../db/client'
import * as audit from '../repositories/audit'
import * as dicomRepo from '../repositories/dicom'
import * as statusRepo from '../repositories/status'
import { DicomStatus, type Elements } from './dimse'
import { keyText } from './values'

export interface StepOutcome {
  /** The DICOM status answered. */
  status: number
  /** What dicom_eventos records: 'ok' or the reason in a few words (no personal data). */
  resultado: string
  acesso: number | null
  detalhe: string | null
}

const STATE_TARGET: Record<string, Status | undefined> = { 'IN PROGRESS': 'em_atendimento', COMPLETED: 'realizado' }

/** The accession number of an N-CREATE: its Scheduled Step Attributes item (or the top level). */
function accessionOf(dataset: Elements): number | undefined {
  const sequence = dataset.ScheduledStepAttributesSequence
  const item =
    Array.isArray(sequence) && sequence[0] && typeof sequence[0] === 'object' ? (sequence[0] as Elements) : {}
  const text = keyText(item.AccessionNumber) || keyText(dataset.AccessionNumber)
  return /^\d{1,15}$/.test(text) ? Number(text) : undefined
}

/** A discontinuation's reason: the code meaning (or value) of its reason code item, at most 64 characters. */
function discontinuationReason(dataset: Elements): string {
  const sequence = dataset.PerformedProcedureStepDiscontinuationReasonCodeSequence
  const item =
    Array.isArray(sequence) && sequence[0] && typeof sequence[0] === 'object' ? (sequence[0] as Elements) : {}
  return (keyText(item.CodeMeaning) || keyText(item.CodeValue) || 'sem motivo informado').slice(0, 64)
}

/** Applies one step to the appointment `acesso`: the move its state asks for, or none. */
async function apply(
  db: Db,
  machine: dicomRepo.Machine,
  acesso: number,
  state: string,
  dataset: Elements,
  now: Date,
  unknownStatus: number,
): Promise<StepOutcome> {
  const detalhe = state === 'DISCONTINUED' ? `DISCONTINUED: ${discontinuationReason(dataset)}` : state
  const found = await dicomRepo.byAccession(db, acesso)
  if (!found) return { status: unknownStatus, resultado: 'número de acesso desconhecido', acesso, detalhe }
  // a machine moves only its own appointments (issue 35): another's is answered as unknown, telling nothing
  if (found.equipamentoId !== machine.id)
    return { status: unknownStatus, resultado: 'agendamento de outro equipamento', acesso, detalhe }
  const to = STATE_TARGET[state]
  if (state === 'DISCONTINUED') return { status: DicomStatus.success, resultado: 'ok', acesso, detalhe }
  if (to === undefined)
    return { status: DicomStatus.invalidAttributeValue, resultado: 'estado da etapa inválido', acesso, detalhe }
  // sent again (a retry): already there, nothing to move
  if (found.status === to) return { status: DicomStatus.success, resultado: 'ok', acesso, detalhe }
  const result = await db.transaction(async (tx) => {
    const outcome = await statusRepo.moveByMachine(tx, found.id, to, machine.id, now)
    if (outcome.kind === 'ok')
      await audit.record(tx, {
        userId: null,
        action: 'status',
        entity: 'agendamento',
        entityId: found.id,
        fields: statusChangeFields(outcome.de, outcome.para),
      })
    return outcome
  })
  if (result.kind === 'ok') return { status: DicomStatus.success, resultado: 'ok', acesso, detalhe }
  const resultado = result.kind === 'refused' ? result.message : 'agendamento alterado ao mesmo tempo'
  return { status: DicomStatus.processingFailure, resultado, acesso, detalhe }
}

/** An N-CREATE of a step: must be IN PROGRESS (PS3.4 F.7.2.1) and name a known accession number. */
export async function createStep(
  db: Db,
  machine: dicomRepo.Machine,
  dataset: Elements,
  now: Date,
): Promise<StepOutcome> {
  const state = keyText(dataset.PerformedProcedureStepStatus).toUpperCase()
  const acesso = accessionOf(dataset)
  if (acesso === undefined)
    return {
      status: DicomStatus.invalidAttributeValue,
      resultado: 'número de acesso desconhecido',
      acesso: null,
      detalhe: state,
    }
  if (state !== 'IN PROGRESS')
    return { status: DicomStatus.invalidAttributeValue, resultado: 'estado da etapa inválido', acesso, detalhe: state }
  return apply(db, machine, acesso, state, dataset, now, DicomStatus.invalidAttributeValue)
}

/** An N-SET of a step we created: COMPLETED, DISCONTINUED, or still IN PROGRESS (nothing moves). */
export async function setStep(
  db: Db,
  machine: dicomRepo.Machine,
  instancia: string,
  dataset: Elements,
  now: Date,
): Promise<StepOutcome> {
  const state = keyText(dataset.PerformedProcedureStepStatus).toUpperCase() || 'IN PROGRESS'
  const acesso = (await dicomRepo.accessionOfStep(db, instancia)) ?? accessionOf(dataset)
  if (acesso === undefined)
    return { status: DicomStatus.noSuchObjectInstance, resultado: 'etapa desconhecida', acesso: null, detalhe: state }
  if (state === 'IN PROGRESS') return { status: DicomStatus.success, resultado: 'ok', acesso, detalhe: state }
  return apply(db, machine, acesso, state, dataset, now, DicomStatus.noSuchObjectInstance)
}
