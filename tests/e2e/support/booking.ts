// What specs set up through the API before the browser walks: a doctor, a patient and a booking's body
// (the specification's call '/agendamento/register', or '/agendamento/agendar' with a machine). One
// helper for the specs and the journeys, so that a field of the call is changed once.
import type { APIRequestContext } from '@playwright/test'
import { apiCall, cpfFrom, type ApiSession } from './app'

/** This run's digits: each run's people are its own (a spec passes its own `serial` beside them). */
export const run = Date.now().toString().slice(-6)

export async function newDoctor(request: APIRequestContext, admin: ApiSession, nome: string): Promise<string> {
  return (await apiCall<{ medico: { id: string } }>(request, admin, '/medico/register', { nome })).medico.id
}

/** A patient with every field the specification requires; `serial` (two digits) keeps CPF and RG unique. */
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

/** A booking's body, unpaid, R$ 200,00 on Unimed; `extra` adds '/agendamento/agendar''s fields (machine…). */
export function bookingBody(
  admin: ApiSession,
  pacienteId: string,
  medicoId: string,
  datahora: string,
  extra: { equipamentoId?: string; duracaoMinutos?: number; encaixe?: boolean } = {},
) {
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
    ...extra,
  }
}
