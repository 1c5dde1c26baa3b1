// 'Próximos horários livres' (docs/decisions.md "Agenda and equipment"): for a modality and a duration,
// the next times at which a machine that serves it and a doctor are both free. One clinic day at a time, so
// that the caller (server or msw mock) loads only that day's bookings; pure, so both answer alike.
import { z } from 'zod'
import { endOf, withinHours, type Bloqueio, type Busy } from './agenda'
import type { Horario } from './weekly-hours'
import { effectiveHours, insideHours } from './opening-hours'

/** Candidate times are on this grid (minutes from the day's midnight). */
export const FREE_SLOT_STEP_MINUTES = 15
/** How many suggestions the search answers, and how many days ahead it looks. */
export const FREE_SLOT_LIMIT = 6
export const FREE_SLOT_HORIZON_DAYS = 14

export const HorarioLivre = z.object({
  datahora: z.string(),
  fim: z.string(),
  equipamento: z.object({ id: z.string(), nome: z.string() }),
  medico: z.object({ id: z.string(), nome: z.string() }),
})
export type HorarioLivre = z.infer<typeof HorarioLivre>

export interface SlotResource {
  id: string
  nome: string
  horarios: readonly Horario[] | null
  bloqueios?: readonly Bloqueio[]
  /** Its live bookings of the day, any order. */
  busy: readonly Busy[]
}

/**
 * Whether a resource is free over [start, end) (epoch ms): no block, inside its hours, no live booking —
 * exactly when contract/agenda.ts resourceRefusal() has nothing to say, without building its messages.
 * The periods are parsed once per resource and day, not once per candidate time: Date.parse and the refusal
 * texts per candidate and resource were most of the search's CPU (docs/decisions.md, "Performance").
 */
function freeCheck(
  resource: SlotResource,
  clinic: readonly Horario[] | undefined,
): (start: number, end: number, datahora: string, fim: string) => boolean {
  const periods = (list: readonly { start: string; end: string }[]) =>
    list.map((p) => [Date.parse(p.start), Date.parse(p.end)] as const)
  const blocks = periods((resource.bloqueios ?? []).map((b) => ({ start: b.inicio, end: b.fim })))
  const busy = periods(resource.busy.map((b) => ({ start: b.datahora, end: b.fim })))
  // inside the clinic's hours (docs/decisions.md "Opening hours"); none kept: the clinic's, never 24 hours
  const kept = resource.horarios !== null && resource.horarios.length > 0 ? resource.horarios : null
  const hours = clinic === undefined ? null : effectiveHours(resource.horarios, clinic)
  return (start, end, datahora, fim) => {
    for (const [from, to] of blocks) if (start < to && from < end) return false
    if (hours !== null ? !insideHours(hours, datahora, fim) : kept !== null && !withinHours(kept, datahora, fim))
      return false
    for (const [from, to] of busy) if (start < to && from < end) return false
    return true
  }
}

/**
 * The free times of one clinic `day` (`YYYY-MM-DD`) not before `desde`, each with the first machine (by
 * name) and the first doctor (by name) free for the whole duration; at most `limit`, by time.
 */
export function freeSlotsOfDay(input: {
  day: string
  desde: string
  duracaoMinutos: number
  equipamentos: readonly SlotResource[]
  medicos: readonly SlotResource[]
  limit: number
  /** The clinic's hours (opening-hours.ts clinicHours): every resource's hours are read inside them. */
  clinic?: readonly Horario[]
}): HorarioLivre[] {
  const found: HorarioLivre[] = []
  const dayStart = Date.parse(`${input.day}T00:00:00.000Z`)
  const notBefore = Date.parse(input.desde)
  const byName = (a: SlotResource, b: SlotResource) => a.nome.localeCompare(b.nome, 'pt-BR')
  const checked = (list: readonly SlotResource[]) =>
    [...list].sort(byName).map((resource) => ({ resource, free: freeCheck(resource, input.clinic) }))
  const equipamentos = checked(input.equipamentos)
  const medicos = checked(input.medicos)
  const durationMs = input.duracaoMinutos * 60_000
  for (let minute = 0; minute + input.duracaoMinutos <= 24 * 60; minute += FREE_SLOT_STEP_MINUTES) {
    const start = dayStart + minute * 60_000
    if (start < notBefore) continue
    const end = start + durationMs
    const datahora = new Date(start).toISOString()
    const fim = endOf(datahora, input.duracaoMinutos)
    const equipamento = equipamentos.find((e) => e.free(start, end, datahora, fim))?.resource
    if (!equipamento) continue
    const medico = medicos.find((m) => m.free(start, end, datahora, fim))?.resource
    if (!medico) continue
    found.push({
      datahora,
      fim,
      equipamento: { id: equipamento.id, nome: equipamento.nome },
      medico: { id: medico.id, nome: medico.nome },
    })
    if (found.length >= input.limit) break
  }
  return found
}
