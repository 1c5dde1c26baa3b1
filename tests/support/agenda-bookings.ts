// The agenda's suites add bookings of their own on one chosen day (a day clear of the demo seed's): a
// machine's block, a booking without a machine, one after hours. One factory, so both files build the
// same stored row.
import type { StoredAgendamento } from '@/mocks/store'
import { SEED_IDS } from './msw-server'

export type Booking = (id: string, hhmm: string, minutes: number, rest: Partial<StoredAgendamento>) => StoredAgendamento

/** Bookings on `day`: `booking(id, '08:00', 30, { equipamentoId })` is Maria with Dr. Carlos, 08:00–08:30. */
export function bookingsOn(day: string): Booking {
  return (id, hhmm, minutes, rest) => {
    const datahora = `${day}T${hhmm}:00.000Z`
    return {
      id,
      datahora,
      fim: new Date(Date.parse(datahora) + minutes * 60_000).toISOString(),
      anotacao: '',
      convenio: 'Particular',
      valorIncents: 0,
      estaPago: false,
      exames: ['US de abdome'],
      userId: '',
      pacienteId: SEED_IDS.pacientes.maria,
      medicoId: SEED_IDS.medicos.carlos,
      versao: 1,
      ...rest,
    }
  }
}
