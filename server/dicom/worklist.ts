// Modality Worklist C-FIND (issue 19 point 2, docs/dicom.md): a machine's scheduled appointments as
// Scheduled Procedure Steps, filtered by the query's date (or range), Modality and Patient's Name.
import { addDays, clinicToday, studyInstanceUidOf, type Modalidade } from '@contract'
import * as dicomRepo from '../repositories/dicom'
import type { Executor } from '../repositories/executor'
import type { Elements } from './dimse'
import {
  DICOM_MODALITY,
  dicomDate,
  dicomPersonName,
  dicomText,
  dicomTime,
  KEY_MAX,
  keyText,
  keyTooLong,
  modalityOfCode,
  parseDateRange,
  wildcardMatcher,
} from './values'

/** How far a range open at one end reaches from its other end (or from today): a machine wants days. */
const OPEN_RANGE_DAYS = 31

export type WorklistResult =
  /** `caller` asked; `machine` is whose schedule answered (the caller's own unless ADMIN allows another). */
  | { kind: 'ok'; caller: dicomRepo.Machine; machine: dicomRepo.Machine; matches: Elements[] }
  /** The calling AE title, or the Scheduled Station AE Title asked for, is no machine of ours: no matches. */
  | { kind: 'noMachine'; caller?: dicomRepo.Machine }
  /** Another machine's schedule asked for by a machine ADMIN has not allowed to: no matches. */
  | { kind: 'otherMachine'; caller: dicomRepo.Machine }
  /** A key we read is longer than its VR allows: refused with a failure status. */
  | { kind: 'keyTooLong'; caller: dicomRepo.Machine }

/** The query's Scheduled Procedure Step item (the first; machines send one). */
function stepOf(query: Elements): Elements {
  const sequence = query.ScheduledProcedureStepSequence
  return Array.isArray(sequence) && sequence[0] && typeof sequence[0] === 'object' ? (sequence[0] as Elements) : {}
}

/** Whether the query accepts UTF-8 answers: its Specific Character Set names ISO_IR 192. */
export function wantsUtf8(query: Elements): boolean {
  const value = query.SpecificCharacterSet
  const values = Array.isArray(value) ? value : [value]
  return values.some((v) => typeof v === 'string' && v.trim().toUpperCase() === 'ISO_IR 192')
}

/** [from, to) in floating clinic time for the query's date key; without one, today at the clinic. */
function period(dateKey: string, now: Date): { from: Date; to: Date } | undefined {
  const today = clinicToday(now)
  const range = dateKey === '' ? { from: today, to: today } : parseDateRange(dateKey)
  if (!range) return undefined
  const from = range.from ?? addDays(range.to!, -OPEN_RANGE_DAYS)
  const last = range.to ?? addDays(range.from!, OPEN_RANGE_DAYS)
  return { from: new Date(`${from}T00:00:00.000Z`), to: new Date(`${addDays(last, 1)}T00:00:00.000Z`) }
}

/**
 * The matches of `query` for the machine calling as `callingAeTitle`: its own schedule; another machine's
 * when the query names that machine's Scheduled Station AE Title exactly and ADMIN allowed the caller to
 * read others' (issue 35). A station key with wildcards means the caller's own.
 */
export async function findWorklist(
  db: Executor,
  callingAeTitle: string,
  query: Elements,
  now: Date,
): Promise<WorklistResult> {
  const step = stepOf(query)
  // the caller is looked up again on every query: an AE title removed since the association stops here
  const caller = await dicomRepo.machineByAeTitle(db, callingAeTitle)
  if (!caller) return { kind: 'noMachine' }
  if (
    keyTooLong(query.PatientName, KEY_MAX.PN) ||
    keyTooLong(query.SpecificCharacterSet, KEY_MAX.CS) ||
    keyTooLong(step.ScheduledStationAETitle, KEY_MAX.AE) ||
    keyTooLong(step.ScheduledProcedureStepStartDate, KEY_MAX.DA) ||
    keyTooLong(step.Modality, KEY_MAX.CS)
  )
    return { kind: 'keyTooLong', caller }
  const stationKey = keyText(step.ScheduledStationAETitle)
  let machine = caller
  if (stationKey !== '' && !/[*?]/.test(stationKey) && stationKey !== caller.aeTitle) {
    if (!caller.leOutrasWorklists) return { kind: 'otherMachine', caller }
    const other = await dicomRepo.machineByAeTitle(db, stationKey)
    if (!other) return { kind: 'noMachine', caller }
    machine = other
  }
  const answer = (matches: Elements[]): WorklistResult => ({ kind: 'ok', caller, machine, matches })

  const range = period(keyText(step.ScheduledProcedureStepStartDate), now)
  if (!range) return answer([])
  const modalityKey = keyText(step.Modality)
  const wanted: Modalidade | null | undefined = modalityKey === '' ? undefined : modalityOfCode(modalityKey)
  if (wanted === null) return answer([])
  const nameKey = keyText(query.PatientName)
  const utf8 = wantsUtf8(query)
  const nameMatches = nameKey === '' ? () => true : wildcardMatcher(nameKey)

  const items = await dicomRepo.scheduledOn(db, machine.id, range.from, range.to)
  const matches: Elements[] = []
  for (const item of items) {
    // the exams' modality; free-text exams take the machine's first
    const modalidade = item.modalidades[0] ?? machine.modalidades[0] ?? 'Outros'
    if (wanted !== undefined && !item.modalidades.includes(wanted) && modalidade !== wanted) continue
    const patientName = dicomPersonName(item.paciente.nome, utf8)
    if (!nameMatches(patientName)) continue
    const code = wanted !== undefined && modalityKey !== '' ? modalityKey : DICOM_MODALITY[modalidade]
    const accession = String(item.acesso)
    const description = dicomText(item.exames.join(', '), utf8)
    matches.push({
      ...(utf8 ? { SpecificCharacterSet: 'ISO_IR 192' } : {}),
      AccessionNumber: accession,
      PatientName: [{ Alphabetic: patientName }],
      PatientID: String(item.paciente.numero),
      PatientBirthDate: dicomDate(item.paciente.datanascimento),
      PatientSex: item.paciente.sexo === 'feminino' ? 'F' : item.paciente.sexo === 'masculino' ? 'M' : 'O',
      StudyInstanceUID: studyInstanceUidOf(item.id),
      RequestedProcedureID: accession,
      RequestedProcedureDescription: description,
      ScheduledProcedureStepSequence: [
        {
          Modality: code,
          ScheduledStationAETitle: machine.aeTitle,
          ScheduledProcedureStepStartDate: dicomDate(item.datahora),
          ScheduledProcedureStepStartTime: dicomTime(item.datahora),
          ScheduledPerformingPhysicianName: [{ Alphabetic: dicomPersonName(item.medico.nome, utf8) }],
          ScheduledProcedureStepDescription: description,
          ScheduledProcedureStepID: accession,
        },
      ],
    })
  }
  return answer(matches)
}
