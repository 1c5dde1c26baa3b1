// The clinic the DICOM tests query: the API with its DICOM service on 127.0.0.1 and a free port, the demo
// data (machines RX1, US1, TC1, RM1, MMG1 with today's appointments), and 'João Conceição' booked today on
// RX1 in a few statuses.
import { eq } from 'drizzle-orm'
import { addDays, clinicToday, type Status } from '@contract'
import { agendamentos, equipamentos, medicos } from '../../server/db/schema'
import { seedDemoData } from '../../server/demo/data'
import { createTestApp, type TestApp } from '../support/api-app'
import { createPaciente } from '../server/helpers'

export const OUR_AE_TITLE = 'CLINICA'

export interface DicomFixture {
  t: TestApp
  port: number
  today: string
  rx1: { id: string; nome: string }
  medicoNome: string
  /** João's appointments today on RX1, by their status when made: id and accession number. */
  joao: Record<
    'aguardando' | 'confirmado' | 'emAtendimento' | 'cancelado' | 'aguardando2',
    { id: string; acesso: number }
  >
  joaoPatientNumber: number
}

export async function createDicomFixture(): Promise<DicomFixture> {
  const t = await createTestApp({ dicom: { host: '127.0.0.1', port: 0, aeTitle: OUR_AE_TITLE, refusalFlushMs: 100 } })
  const port = t.app.dicomPort()
  if (port === undefined) throw new Error('the DICOM service did not start')
  const today = clinicToday()
  await seedDemoData(t.db, t.users.admin.id, today)
  const [rx1] = await t.db.select().from(equipamentos).where(eq(equipamentos.aeTitle, 'RX1'))
  const paciente = await createPaciente(t, {
    nome: 'João Conceição',
    sexo: 'masculino',
    datanascimento: '1970-05-17T00:00:00.000Z',
  })
  const [medico] = await t.db.insert(medicos).values({ nome: 'Lúcia Brandão' }).returning()
  // at night, after the demo's hours: no overlap with the seeded ones on RX1
  const book = async (time: string, status: Status) => {
    const datahora = new Date(`${today}T${time}:00.000Z`)
    const [row] = await t.db
      .insert(agendamentos)
      .values({
        datahora,
        fim: new Date(datahora.getTime() + 15 * 60_000),
        valorIncents: 12_000,
        exames: ['Raio-X de tórax (PA e perfil)'],
        userId: t.users.admin.id,
        pacienteId: paciente.id,
        medicoId: medico!.id,
        equipamentoId: rx1!.id,
        status,
      })
      .returning({ id: agendamentos.id, acesso: agendamentos.acesso })
    return row!
  }
  const joao = {
    aguardando: await book('20:00', 'aguardando'),
    confirmado: await book('20:15', 'confirmado'),
    emAtendimento: await book('20:30', 'em_atendimento'),
    cancelado: await book('20:45', 'cancelado'),
    aguardando2: await book('21:00', 'aguardando'),
  }
  const { numero } = (await t.db.query.pacientes.findFirst({ where: (p, { eq: is }) => is(p.id, paciente.id) }))!
  return {
    t,
    port,
    today,
    rx1: { id: rx1!.id, nome: rx1!.nome },
    medicoNome: 'Lúcia Brandão',
    joao,
    joaoPatientNumber: numero,
  }
}

/** YYYYMMDD of a clinic day. */
export const dicomDay = (day: string) => day.replace(/-/g, '')
export const tomorrow = (today: string) => addDays(today, 1)
