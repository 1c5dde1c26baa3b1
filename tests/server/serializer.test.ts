import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AgendaAnswer, api, type AgendaItem, type Agendamento, type UsuarioComMedico } from '@contract'
import { answerWithJsonLists, compileAnswerSerializer, JsonAnswer } from '../../server/http/serializer'

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

describe('answers written by compiled serializers (server/http/serializer.ts)', () => {
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
    expect(typeof text).toBe('string')
    expect(JSON.parse(text as string)).toEqual({
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
    expect(JSON.parse(write({ usuarios: [user, linked] }) as string)).toEqual({ usuarios: [user, linked] })
  })

  it('refuses an answer that breaks the contract when answers are checked', () => {
    const write = compileAnswerSerializer(api.listAgendamentosBetweenDate.response, true)
    const { datahora: _missing, ...broken } = appointment()
    expect(() => write({ agendamentos: [broken] })).toThrow()
    expect(() => write({ agendamentos: [appointment({ status: 'perdido' as never })] })).toThrow()
  })

  describe('answers whose lists PostgreSQL wrote as JSON text (the agenda)', () => {
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
    const machine = { id: 'e1', nome: 'US-1', modalidades: ['US'], horarios: [], aeTitle: null }
    const doctor = { id: 'm1', nome: 'Dr. Silva', horarios: null }
    const block = { id: 'b1', equipamentoId: 'e1', inicio: item.datahora, fim: item.fim, motivo: 'Manutenção' }
    const rest = { de: '2026-11-24', dias: 1 }
    const keys = ['equipamentos', 'medicos', 'bloqueios', 'agendamentos'] as const
    const writeAgenda = answerWithJsonLists(AgendaAnswer, keys)
    const lists = (agendamentos: string) => ({
      equipamentos: JSON.stringify([machine]),
      medicos: `[${JSON.stringify(doctor)}]`,
      bloqueios: JSON.stringify([block]),
      agendamentos,
    })

    it('splices the texts into the answer, in order, and sends it as it is', () => {
      const listJson = `[${JSON.stringify(item)}, \n ${JSON.stringify({ ...item, id: 'a2' })}]`
      const written = writeAgenda(rest, lists(listJson))
      expect(written.text.endsWith(`"bloqueios":${JSON.stringify([block])},"agendamentos":${listJson}}`)).toBe(true)
      expect(JSON.parse(written.text)).toEqual({
        ...rest,
        equipamentos: [machine],
        medicos: [doctor],
        bloqueios: [block],
        agendamentos: [item, { ...item, id: 'a2' }],
      })
      expect(compileAnswerSerializer(AgendaAnswer, true)(written)).toEqual(Buffer.from(written.text))
      const none = { equipamentos: '[]', medicos: '[]', bloqueios: '[]', agendamentos: '[]' }
      expect(JSON.parse(writeAgenda(rest, none).text)).toEqual({
        ...rest,
        ...{ equipamentos: [], medicos: [] },
        bloqueios: [],
        agendamentos: [],
      })
    })

    it('refuses, where answers are checked, a text that breaks the contract', () => {
      const check = compileAnswerSerializer(AgendaAnswer, true)
      const { fim: _missing, ...noEnd } = item
      expect(() => check(writeAgenda(rest, lists(JSON.stringify([noEnd]))))).toThrow()
      expect(() => check(writeAgenda(rest, lists(JSON.stringify([{ ...item, extra: 1 }]))))).toThrow()
      expect(() => check(writeAgenda(rest, lists(JSON.stringify([{ ...item, encaixe: 'não' }]))))).toThrow()
      expect(() => check(writeAgenda(rest, { ...lists('[]'), medicos: '[{"id":"m1","nome":"Dr. Silva"}]' }))).toThrow()
      expect(() => check(new JsonAnswer(['{"de":']))).toThrow()
    })

    it('writes an answer that is only its list, as the appointments’ lists are', () => {
      const Lista = z.object({ agendamentos: z.array(z.object({ id: z.string() })) })
      const writeList = answerWithJsonLists(Lista, ['agendamentos'] as const)
      const written = writeList({}, { agendamentos: '[{"id":"a1"},{"id":"a2"}]' })
      expect(written.text).toBe('{"agendamentos":[{"id":"a1"},{"id":"a2"}]}')
      expect(compileAnswerSerializer(Lista, true)(written)).toEqual(Buffer.from(written.text))
      expect(writeList({}, { agendamentos: '[]' }).text).toBe('{"agendamentos":[]}')
    })

    it('joins a list given as its items’ texts, and sends the whole answer as one UTF-8 buffer', () => {
      const Lista = z.object({ agendamentos: z.array(z.object({ id: z.string(), nome: z.string() })) })
      const writeList = answerWithJsonLists(Lista, ['agendamentos'] as const)
      const items = ['{"id":"a1","nome":"Conceição"}', '{"id":"a2","nome":"日本 \\"q\\""}', '{"id":"a3","nome":"😀"}']
      const written = writeList({}, { agendamentos: items })
      expect(written.text).toBe(`{"agendamentos":[${items.join(',')}]}`)
      const bytes = compileAnswerSerializer(Lista, true)(written)
      expect(Buffer.isBuffer(bytes)).toBe(true)
      expect(bytes).toEqual(Buffer.from(written.text, 'utf8'))
      expect(JSON.parse(bytes.toString('utf8')).agendamentos.map((a: { nome: string }) => a.nome)).toEqual([
        'Conceição',
        '日本 "q"',
        '😀',
      ])
      expect(writeList({}, { agendamentos: [] }).text).toBe('{"agendamentos":[]}')
      // beside other properties and whole-array texts, as the agenda's answer has them
      const writeAgenda = answerWithJsonLists(AgendaAnswer, keys)
      const none = { equipamentos: '[]', medicos: [], bloqueios: '[]', agendamentos: [JSON.stringify(item)] }
      expect(JSON.parse(writeAgenda(rest, none).bytes().toString('utf8'))).toEqual({
        ...rest,
        ...{ equipamentos: [], medicos: [], bloqueios: [] },
        agendamentos: [item],
      })
    })

    it('needs the lists to be the answer’s last properties, in order', () => {
      const writeWrong = answerWithJsonLists(AgendaAnswer, ['agendamentos', 'bloqueios'] as const)
      expect(() =>
        writeWrong({ ...rest, equipamentos: [], medicos: [] }, { agendamentos: '[]', bloqueios: '[]' }),
      ).toThrow(/last properties/)
    })
  })
})
