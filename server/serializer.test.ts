import { describe, expect, it } from 'vitest'
import { AgendaAnswer, api, type AgendaItem, type Agendamento, type UsuarioComMedico } from '@contract'
import { answerWithJsonList, compileAnswerSerializer, JsonAnswer } from './serializer'

const appointment = (extra: Partial<Agendamento> = {}): Agendamento => ({
  id: 'a1',
  datahora: '2026-11-24T14:00:00.000Z',
  anotacao: 'Trazer exames "antigos" \\ e \u00e7\u00e3o',
  convenio: 'Particular',
  valorIncents: 12_000,
  estapago: false,
  userId: 'u1',
  pacienteId: 'p1',
  medicoId: 'm1',
  paciente: { id: 'p1', nome: 'Conceição Araújo' },
  doutor: { id: 'm1', nome: 'Dr. Silva' },
  exames: ['Raio-X de tórax (PA e perfil)', ''],
  versao: 3,
  ...extra,
})

describe('answers written by compiled serializers (server/serializer.ts)', () => {
  it("compiles every call's answer schema of the contract", () => {
    for (const call of Object.values(api)) expect(() => compileAnswerSerializer(call.response, true)).not.toThrow()
  })

  it("writes a day's list exactly as zod encodes it: optional fields left out or present, unknown keys dropped", () => {
    const write = compileAnswerSerializer(api.listAgendamentosBetweenDate.response, true)
    const answer = {
      agendamentos: [
        appointment(),
        appointment({ id: 'a2', status: 'aguardando', chegada: '2026-11-24T13:55:00.000Z' }),
        { ...appointment({ id: 'a3', status: 'cancelado' }), pacienteNomeBusca: 'not in the contract' },
      ],
    }
    const text = write(answer)
    expect(JSON.parse(text)).toEqual({
      agendamentos: [
        appointment(),
        appointment({ id: 'a2', status: 'aguardando', chegada: '2026-11-24T13:55:00.000Z' }),
        appointment({ id: 'a3', status: 'cancelado' }),
      ],
    })
  })

  it('writes null where the contract allows it (a user without a linked doctor)', () => {
    const call = Object.values(api).find((c) => c.path === '/users/listAll')!
    const write = compileAnswerSerializer(call.response, true)
    const user: UsuarioComMedico = { id: 'u1', nome: 'Ana', email: 'a@b.c', role: 'USER', medico: null, ativo: true }
    const linked = { ...user, id: 'u2', medico: { id: 'm1', nome: 'Dr. Silva' } }
    expect(JSON.parse(write({ usuarios: [user, linked] }))).toEqual({ usuarios: [user, linked] })
  })

  it('refuses an answer that breaks the contract when answers are checked', () => {
    const write = compileAnswerSerializer(api.listAgendamentosBetweenDate.response, true)
    const { datahora: _missing, ...broken } = appointment()
    expect(() => write({ agendamentos: [broken] })).toThrow()
    expect(() => write({ agendamentos: [appointment({ status: 'perdido' as never })] })).toThrow()
  })

  describe('answers whose list PostgreSQL wrote as JSON text (the agenda)', () => {
    const item: AgendaItem = {
      id: 'a1',
      datahora: '2026-11-24T14:00:00.000Z',
      fim: '2026-11-24T14:30:00.000Z',
      paciente: { id: 'p1', nome: 'Conceição "Ceci" Araújo' },
      doutor: { id: 'm1', nome: 'Dr. Silva' },
      equipamento: null,
      exames: ['US abdome total'],
      status: 'agendado',
      encaixe: false,
    }
    const rest = { de: '2026-11-24', dias: 1, equipamentos: [], medicos: [], bloqueios: [] }
    const writeAgenda = answerWithJsonList(AgendaAnswer, 'agendamentos')

    it('splices the text into the answer and sends it as it is', () => {
      const listJson = `[${JSON.stringify(item)}, \n ${JSON.stringify({ ...item, id: 'a2' })}]`
      const written = writeAgenda(rest, listJson)
      expect(written.text.endsWith(`"agendamentos":${listJson}}`)).toBe(true)
      expect(JSON.parse(written.text)).toEqual({ ...rest, agendamentos: [item, { ...item, id: 'a2' }] })
      expect(compileAnswerSerializer(AgendaAnswer, true)(written)).toBe(written.text)
      expect(JSON.parse(writeAgenda(rest, '[]').text)).toEqual({ ...rest, agendamentos: [] })
    })

    it('refuses, where answers are checked, a text that breaks the contract', () => {
      const check = compileAnswerSerializer(AgendaAnswer, true)
      const { fim: _missing, ...noEnd } = item
      expect(() => check(writeAgenda(rest, JSON.stringify([noEnd])))).toThrow()
      expect(() => check(writeAgenda(rest, JSON.stringify([{ ...item, extra: 1 }])))).toThrow()
      expect(() => check(writeAgenda(rest, JSON.stringify([{ ...item, encaixe: 'não' }])))).toThrow()
      expect(() => check(new JsonAnswer('{"de":'))).toThrow()
    })

    it('needs the list to be the answer’s last property', () => {
      const writeWrong = answerWithJsonList(AgendaAnswer, 'equipamentos' as 'agendamentos')
      expect(() => writeWrong({ ...rest, agendamentos: [] } as typeof rest, '[]')).toThrow(/last property/)
    })
  })
})
