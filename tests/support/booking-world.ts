// The set-up of the suites that hold a written answer (tests/server/agendamento-json.test.ts,
// tests/server/written-answers-schema.test.ts): an API over its own database, the clinic open every hour of
// every day (so any date the test picks can be booked), one patient, one doctor and one ultrasound machine.
import type { Equipamento } from '@contract'
import { createMedico, createPaciente, createUltrassom, openClinicAllWeek } from '../server/helpers'
import { createTestApp, type TestApp } from './api-app'

export interface BookingWorld {
  t: TestApp
  pacienteId: string
  medicoId: string
  machine: Equipamento
}

/** Names of the world's patient, doctor and machine: each suite its own, so a failure names its suite. */
export async function openBookingWorld(names: {
  paciente: string
  medico: string
  machine: string
}): Promise<BookingWorld> {
  const t = await createTestApp()
  await openClinicAllWeek(t)
  const pacienteId = (await createPaciente(t, { nome: names.paciente })).id
  const medicoId = (await createMedico(t, names.medico)).id
  const machine = await createUltrassom(t, names.machine)
  return { t, pacienteId, medicoId, machine }
}
