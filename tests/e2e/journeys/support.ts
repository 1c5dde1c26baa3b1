// What the journeys set up through the API before the browser walks (docs/journeys.md): a doctor, a patient
// and a booking through the specification's call. The walk itself starts at the home page and clicks.
import type { APIRequestContext } from '@playwright/test'
import { apiCall, cpfFrom, type ApiSession } from '../support/app'

export const run = Date.now().toString().slice(-6)
/** The run in letters, for names (which take no digits). */
export const tag = [...run].map((d) => 'abcdefghij'[Number(d)]).join('')

/** The first day on or after `from` that falls on `weekday` (0 = domingo … 6 = sábado). */
export function onWeekday(from: string, weekday: number): string {
  const d = new Date(`${from}T12:00:00.000Z`)
  while (d.getUTCDay() !== weekday) d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

export async function newDoctor(request: APIRequestContext, admin: ApiSession, nome: string): Promise<string> {
  return (await apiCall<{ medico: { id: string } }>(request, admin, '/medico/register', { nome })).medico.id
}

export async function newPatient(
  request: APIRequestContext,
  admin: ApiSession,
  nome: string,
  serial: string,
): Promise<string> {
  const { paciente } = await apiCall<{ paciente: { id: string } }>(request, admin, '/paciente/register', {
    nome,
    cpf: cpfFrom(`${serial}${run}`.slice(0, 9)),
    rg: `${serial}${run}`,
    datanascimento: '1980-02-11T00:00:00.000Z',
    estadocivil: 'casado',
    sexo: 'feminino',
    cor: 'pardo',
    naturalidade: 'Recife',
    profissao: 'Professora',
    email: `${serial}.${run}@exemplo.com.br`,
    telefone: 81987654321,
    endereco: 'Rua da Aurora',
    numeroendereco: 10,
    bairro: 'Boa Vista',
    cidade: 'Recife',
    estado: 'PE',
    userId: admin.user.id,
  })
  return paciente.id
}

/** A booking's body; `path` '/agendamento/register' (the specification's call) or '/agendamento/agendar'. */
export function bookingBody(admin: ApiSession, pacienteId: string, medicoId: string, datahora: string) {
  return {
    datahora,
    valorIncents: 20000,
    estaPago: false,
    convenio: 'Unimed',
    anotacao: '',
    exames: ['US abdome'],
    userId: admin.user.id,
    pacienteId,
    medicoId,
  }
}
