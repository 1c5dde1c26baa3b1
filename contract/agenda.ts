// Time and machines (docs/decisions.md "Agenda and equipment"): durations, equipment with its hours and
// blocks, doctors' hours, and the rules that refuse a booking outside them or over another one. Pure
// functions: the server and the msw mock decide with the same code, with the same Portuguese texts.
import { z } from 'zod'
import { formatDate, timePart } from './clinic-time'
import { idField, isoDateTimeField, requiredError } from './fields'
import { aeTitleField } from './dicom'
import { messages } from './messages'
import { MODALIDADES, modalidadeField } from './modalities'
import { STATUSES, type Status } from './status'
import { effectiveHours, insideHours } from './opening-hours'
import { Horario } from './weekly-hours'

/** A free-text exam's duration, until the catalogue gives each exam its own: 15 minutes per exam. */
export const DEFAULT_EXAM_MINUTES = 15
export const MIN_DURATION_MINUTES = 5
export const MAX_DURATION_MINUTES = 720
const MINUTE_MS = 60_000

/** The default duration of an appointment with `examCount` free-text exams (at least one exam's). */
export function defaultDurationMinutes(examCount: number): number {
  return DEFAULT_EXAM_MINUTES * Math.max(1, examCount)
}

/**
 * The shortest a booking may last (docs/decisions.md "Agenda and equipment"): the chosen catalogue exams'
 * durations plus 15 minutes per free-text exam; with no catalogue exam, at least one exam's worth. One rule
 * for the contract (no catalogue exam), the server and the mock (with the catalogue's durations) and the form.
 */
export function minimumDurationMinutes(catalogueDurations: readonly number[], freeTextCount: number): number {
  if (catalogueDurations.length === 0) return defaultDurationMinutes(freeTextCount)
  return catalogueDurations.reduce((sum, minutes) => sum + minutes, 0) + DEFAULT_EXAM_MINUTES * freeTextCount
}

/** A booking's minutes, or why a typed duration is refused: a 400 on `duracaoMinutos` in both targets. */
export type BookedMinutes =
  { kind: 'ok'; minutes: number } | { kind: 'tooShort'; field: 'duracaoMinutos'; message: string }

/**
 * The minutes a booking lasts once its exams are resolved against the catalogue (docs/decisions.md "Agenda and
 * equipment"): the typed duration, refused under the catalogue exams' durations plus 15 per free-text exam;
 * absent, that minimum. The server and the mock refuse in their own way, from the same answer.
 */
export function bookedMinutes(
  resolved: { exames: readonly string[]; itens: readonly { duracao: number }[] | undefined },
  duracaoMinutos: number | undefined,
): BookedMinutes {
  const itens = resolved.itens ?? []
  const minimum = minimumDurationMinutes(
    itens.map((item) => item.duracao),
    resolved.exames.length - itens.length,
  )
  if (duracaoMinutos !== undefined && duracaoMinutos < minimum)
    return { kind: 'tooShort', field: 'duracaoMinutos', message: messages.durationTooShort }
  return { kind: 'ok', minutes: duracaoMinutos ?? minimum }
}

/** The end of an appointment starting at `datahora` lasting `minutes`, as floating ISO. */
export function endOf(datahora: string, minutes: number): string {
  return new Date(Date.parse(datahora) + minutes * MINUTE_MS).toISOString()
}

export function minutesBetween(start: string, end: string): number {
  return Math.round((Date.parse(end) - Date.parse(start)) / MINUTE_MS)
}

export const WEEKDAY_LABELS = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'] as const

const horariosField = z.array(Horario, requiredError).max(28, { error: messages.textTooLong })

export const Equipamento = z.object({
  id: z.string(),
  nome: z.string(),
  modalidades: z.array(z.enum(MODALIDADES)),
  /** Empty: no hours kept, open at any time. */
  horarios: z.array(Horario),
  /**
   * Its DICOM AE title (issue 19, docs/dicom.md); null (or absent, in stores older than it): none, the
   * machine cannot ask for its worklist.
   */
  aeTitle: z.string().nullable().optional(),
  /**
   * Whether its worklist query may name another machine's Scheduled Station AE Title (issue 35, docs/dicom.md);
   * absent (stores older than it): no.
   */
  leOutrasWorklists: z.boolean().optional(),
})
export type Equipamento = z.infer<typeof Equipamento>

export const Bloqueio = z.object({
  id: z.string(),
  equipamentoId: z.string(),
  inicio: z.string(),
  fim: z.string(),
  motivo: z.string(),
})
export type Bloqueio = z.infer<typeof Bloqueio>

/** A doctor with their hours (null: none kept, any time). */
export const MedicoHorarios = z.object({ id: z.string(), nome: z.string(), horarios: z.array(Horario).nullable() })
export type MedicoHorarios = z.infer<typeof MedicoHorarios>

/** An appointment as the agenda draws it: a block from `datahora` to `fim` in a column. */
export const AgendaItem = z.object({
  id: z.string(),
  datahora: z.string(),
  fim: z.string(),
  paciente: z.object({ id: z.string(), nome: z.string() }),
  doutor: z.object({ id: z.string(), nome: z.string() }),
  equipamento: z.object({ id: z.string(), nome: z.string() }).nullable(),
  exames: z.array(z.string()),
  status: z.enum(STATUSES),
  encaixe: z.boolean(),
})
export type AgendaItem = z.infer<typeof AgendaItem>

const equipamentoNome = z
  .string(requiredError)
  .trim()
  .min(1, { error: messages.required })
  .max(60, { error: messages.textTooLong })

export const RegisterEquipamentoRequest = z.strictObject({
  nome: equipamentoNome,
  modalidades: z.array(modalidadeField, requiredError).min(1, { error: messages.modalitiesRequired }).max(7),
  horarios: horariosField,
  /** Absent on an update: left as it is; '' or null: none. */
  aeTitle: aeTitleField.optional(),
  /** May its worklist read another machine's (issue 35)? Absent: left as it is (an update), no (a new one). */
  leOutrasWorklists: z.boolean({ error: messages.required }).optional(),
})
export type RegisterEquipamentoRequest = z.input<typeof RegisterEquipamentoRequest>
export const UpdateEquipamentoRequest = RegisterEquipamentoRequest.extend({ id: idField })
export type UpdateEquipamentoRequest = z.input<typeof UpdateEquipamentoRequest>

export const RegisterBloqueioRequest = z
  .strictObject({
    equipamentoId: idField,
    inicio: isoDateTimeField,
    fim: isoDateTimeField,
    motivo: z
      .string(requiredError)
      .trim()
      .min(1, { error: messages.required })
      .max(120, { error: messages.textTooLong }),
    /** Saved over booked patients (issue 34): without it, a block covering any is refused with 409. */
    confirmar: z.boolean({ error: messages.required }).optional(),
  })
  .refine((b) => Date.parse(b.fim) > Date.parse(b.inicio), { error: messages.blockPeriodInvalid, path: ['fim'] })
export type RegisterBloqueioRequest = z.input<typeof RegisterBloqueioRequest>

/**
 * Statuses of a booking a block leaves without its machine (issue 34): the patient still expects it. A
 * cancelled or missed one frees its time; a 'Realizado' one is over.
 */
export const BLOCK_IGNORED_STATUSES = ['faltou', 'cancelado', 'realizado'] as const satisfies readonly Status[]

/** Whether a block [inicio, fim) of a machine covers a booking of that machine still awaited. */
export function blockCovers(
  block: { equipamentoId: string; inicio: string; fim: string },
  item: { equipamento: { id: string } | null; datahora: string; fim: string; status: Status },
): boolean {
  return (
    item.equipamento?.id === block.equipamentoId &&
    !(BLOCK_IGNORED_STATUSES as readonly Status[]).includes(item.status) &&
    overlaps({ datahora: block.inicio, fim: block.fim }, item)
  )
}

/** 'Este bloqueio cobre 2 agendamentos.' (the 409 of a block saved without `confirmar`). */
export function blockCoversMessage(count: number): string {
  return messages.blockCoversAppointments.replace(
    '{agendamentos}',
    count === 1 ? '1 agendamento' : `${count} agendamentos`,
  )
}

export const MedicoHorariosRequest = z.strictObject({ medicoId: idField, horarios: horariosField.nullable() })
export type MedicoHorariosRequest = z.input<typeof MedicoHorariosRequest>

export const durationField = z
  .number({ error: messages.durationInvalid })
  .int({ error: messages.durationInvalid })
  .min(MIN_DURATION_MINUTES, { error: messages.durationInvalid })
  .max(MAX_DURATION_MINUTES, { error: messages.durationInvalid })

// ---- the rules of a booking ----

/** A resource's live booking, as the overlap rule compares it. */
export interface Busy {
  datahora: string
  fim: string
}

const hhmm = (floating: string) => timePart(floating)

/** Minutes since the clinic day's midnight of a floating date-time. */
function minuteOfDay(floating: string): number {
  const d = new Date(floating)
  return d.getUTCHours() * 60 + d.getUTCMinutes()
}
const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))

/** True when [start, end) lies inside one opening period of its day; no hours kept means any time. */
export function withinHours(horarios: readonly Horario[] | null, start: string, end: string): boolean {
  if (horarios === null || horarios.length === 0) return true
  const day = new Date(start).getUTCDay()
  // a booking running past midnight is never inside one day's hours
  if (new Date(end).toISOString().slice(0, 10) !== new Date(start).toISOString().slice(0, 10) && hhmm(end) !== '00:00')
    return false
  const from = minuteOfDay(start)
  const to = hhmm(end) === '00:00' ? 24 * 60 : minuteOfDay(end)
  return horarios.some((h) => h.dia === day && toMinutes(h.inicio) <= from && to <= toMinutes(h.fim))
}

/** 'US-1 atende seg das 07:00 às 19:00.' or 'US-1 não atende dom.' for the booking's weekday. */
export function outsideHoursMessage(nome: string, horarios: readonly Horario[], start: string): string {
  const day = new Date(start).getUTCDay()
  const periods = horarios
    .filter((h) => h.dia === day)
    .sort((a, b) => (a.inicio < b.inicio ? -1 : 1))
    .map((h) => `das ${h.inicio} às ${h.fim}`)
  if (periods.length === 0) return `${nome} não atende ${WEEKDAY_LABELS[day]}.`
  return `${nome} fora do horário: atende ${WEEKDAY_LABELS[day]} ${periods.join(' e ')}.`
}

export function overlaps(a: Busy, b: Busy): boolean {
  return Date.parse(a.datahora) < Date.parse(b.fim) && Date.parse(b.datahora) < Date.parse(a.fim)
}

/** 'US-1 ocupado das 08:00 às 08:30' (clinic wall time). */
export function takenMessage(nome: string, busy: Busy): string {
  return `${nome} ocupado das ${hhmm(busy.datahora)} às ${hhmm(busy.fim)}`
}

/** 'US-1 em manutenção até 28/11/2026' (with the time when the block does not end with its day). */
export function blockedMessage(nome: string, bloqueio: Pick<Bloqueio, 'motivo' | 'fim'>): string {
  const motivo = bloqueio.motivo.charAt(0).toLocaleLowerCase('pt-BR') + bloqueio.motivo.slice(1)
  const time = hhmm(bloqueio.fim)
  const until =
    time === '23:59' || time === '00:00' ? formatDate(bloqueio.fim) : `${formatDate(bloqueio.fim)} às ${time}`
  return `${nome} em ${motivo} até ${until}`
}

/** 'US-1 não atende RM, a modalidade dos exames escolhidos.' (messages.modalityNotServed). */
export function modalityNotServedMessage(equipamento: string, modalidade: string): string {
  return messages.modalityNotServed.replace('{equipamento}', equipamento).replace('{modalidade}', modalidade)
}

/**
 * The refusal of a machine that does not serve one of the chosen catalogue exams' modalities (issue #13
 * point 3), or undefined when it serves them all.
 */
export function unservedModality(
  equipamento: { nome: string; modalidades: readonly string[] },
  modalidades: readonly string[],
): string | undefined {
  const missing = modalidades.find((m) => !equipamento.modalidades.includes(m))
  return missing === undefined ? undefined : modalityNotServedMessage(equipamento.nome, missing)
}

/** The modalities of a search, once each: `modalidade` and `modalidades` together. */
export function searchedModalities(input: {
  modalidade?: string | undefined
  modalidades?: readonly string[] | undefined
}): string[] {
  return [...new Set([...(input.modalidade ? [input.modalidade] : []), ...(input.modalidades ?? [])])]
}

/** True when one machine serves every modality asked for (one visit, one machine). */
export const servesAll = (equipamento: { modalidades: readonly string[] }, modalidades: readonly string[]) =>
  modalidades.every((m) => equipamento.modalidades.includes(m))

/** 'Nenhum equipamento atende RX e US juntos: agende os exames em horários separados.' */
export function noMachineForModalitiesMessage(modalidades: readonly string[]): string {
  const names =
    modalidades.length <= 1
      ? modalidades.join('')
      : `${modalidades.slice(0, -1).join(', ')} e ${modalidades[modalidades.length - 1]}`
  return messages.noMachineForModalities.replace('{modalidades}', names)
}

/** The doctor as the messages name them: their tratamento ('Dra.' for a woman, issue 34), 'Dr.' unless known. */
export const doctorLabel = (nome: string, tratamento: 'Dr.' | 'Dra.' = 'Dr.') => `${tratamento} ${nome}`

/** Statuses whose appointment no longer holds its time (contract/status.ts SLOT_FREEING_STATUSES). */
export function holdsTime(status: Status): boolean {
  return status !== 'faltou' && status !== 'cancelado'
}

export type Refusal = { kind: 'hours' | 'overlap'; message: string }

/**
 * 'Fora do horário da clínica: atende sáb das 07:00 às 12:00.' or 'A clínica não abre dom.' when the booking
 * is not inside the clinic's own hours (docs/decisions.md "Opening hours"), else undefined.
 */
export function clinicRefusal(clinic: readonly Horario[], booking: Busy): Refusal | undefined {
  if (insideHours(clinic, booking.datahora, booking.fim)) return undefined
  const day = new Date(booking.datahora).getUTCDay()
  const periods = clinic
    .filter((h) => h.dia === day)
    .sort((a, b) => (a.inicio < b.inicio ? -1 : 1))
    .map((h) => `das ${h.inicio} às ${h.fim}`)
  const message =
    periods.length === 0
      ? `A clínica não abre ${WEEKDAY_LABELS[day]}.`
      : `Fora do horário da clínica: atende ${WEEKDAY_LABELS[day]} ${periods.join(' e ')}.`
  return { kind: 'hours', message }
}

/**
 * What refuses a booking on one resource: a block or its hours (`hours`), and an overlap (`overlap`). With
 * the clinic's hours, the resource's hours are read inside them (none kept: the clinic's); without, none
 * kept means any time (the specification's calls, which are not refused for hours).
 */
export function resourceRefusals(
  resource: { nome: string; horarios: readonly Horario[] | null; bloqueios?: readonly Bloqueio[] },
  booking: Busy,
  busy: readonly Busy[],
  clinic?: readonly Horario[],
): Refusal[] {
  const refusals: Refusal[] = []
  const block = resource.bloqueios?.find((b) => overlaps(booking, { datahora: b.inicio, fim: b.fim }))
  const hours = clinic === undefined ? undefined : effectiveHours(resource.horarios, clinic)
  const inside =
    hours === undefined
      ? withinHours(resource.horarios, booking.datahora, booking.fim)
      : insideHours(hours, booking.datahora, booking.fim)
  if (block) refusals.push({ kind: 'hours', message: blockedMessage(resource.nome, block) })
  else if (!inside)
    refusals.push({
      kind: 'hours',
      message: outsideHoursMessage(resource.nome, hours ?? resource.horarios ?? [], booking.datahora),
    })
  const taken = busy.find((b) => overlaps(booking, b))
  if (taken) refusals.push({ kind: 'overlap', message: takenMessage(resource.nome, taken) })
  return refusals
}

/** The first refusal of a booking on one resource, if any (the free-time search needs only that). */
export function resourceRefusal(
  resource: { nome: string; horarios: readonly Horario[] | null; bloqueios?: readonly Bloqueio[] },
  booking: Busy,
  busy: readonly Busy[],
  clinic?: readonly Horario[],
): Refusal | undefined {
  return resourceRefusals(resource, booking, busy, clinic)[0]
}
