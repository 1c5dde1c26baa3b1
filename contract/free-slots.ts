// 'Próximos horários livres' (docs/decisions.md "Agenda and equipment"): for a modality and a duration,
// the next times at which a machine that serves it and a doctor are both free. One clinic day at a time, so
// that the caller (server or msw mock) loads only that day's bookings; pure, so both answer alike.
import { z } from 'zod'
import { resourceRefusal, type Bloqueio, type Busy, type Horario } from './agenda'
import { endOf } from './agenda'

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
}): HorarioLivre[] {
  const found: HorarioLivre[] = []
  const dayStart = Date.parse(`${input.day}T00:00:00.000Z`)
  const notBefore = Date.parse(input.desde)
  const byName = (a: SlotResource, b: SlotResource) => a.nome.localeCompare(b.nome, 'pt-BR')
  const equipamentos = [...input.equipamentos].sort(byName)
  const medicos = [...input.medicos].sort(byName)
  for (let minute = 0; minute + input.duracaoMinutos <= 24 * 60; minute += FREE_SLOT_STEP_MINUTES) {
    const start = dayStart + minute * 60_000
    if (start < notBefore) continue
    const datahora = new Date(start).toISOString()
    const booking = { datahora, fim: endOf(datahora, input.duracaoMinutos) }
    const equipamento = equipamentos.find((e) => resourceRefusal(e, booking, e.busy) === undefined)
    if (!equipamento) continue
    const medico = medicos.find((m) => resourceRefusal(m, booking, m.busy) === undefined)
    if (!medico) continue
    found.push({
      ...booking,
      equipamento: { id: equipamento.id, nome: equipamento.nome },
      medico: { id: medico.id, nome: medico.nome },
    })
    if (found.length >= input.limit) break
  }
  return found
}
