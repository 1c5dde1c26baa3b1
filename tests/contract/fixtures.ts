// The contract suite's request bodies and random data (contract-suite.ts and every *-suite.ts): a module of
// their own so that the resource suites, which contract-suite.ts gathers, do not import it back.
import { addDays, clinicToday } from '@contract'

const LETTERS = 'abcdefghijklmnopqrstuvwxyz'
export const randomInt = (max: number) => Math.floor(Math.random() * max)
/** A random lowercase word: a tag that makes a test's names its own (names take letters only). */
export const tag = (length = 10) => Array.from({ length }, () => LETTERS[randomInt(26)]).join('')

/** A random CPF with valid check digits. */
export function makeCpf(): string {
  for (;;) {
    const digits = Array.from({ length: 9 }, () => randomInt(10))
    if (digits.every((d) => d === digits[0])) continue
    for (const len of [9, 10]) {
      let sum = 0
      for (let i = 0; i < len; i++) sum += digits[i]! * (len + 1 - i)
      const rest = (sum * 10) % 11
      digits.push(rest === 10 ? 0 : rest)
    }
    return digits.join('')
  }
}

/** The same CPF with a wrong last check digit. */
export const breakCpf = (cpf: string) => cpf.slice(0, 10) + String((Number(cpf[10]) + 1) % 10)

export const makeRg = () => String(100_000_000 + randomInt(899_999_999))

export function pacienteBody(userId: string, overrides: Record<string, unknown> = {}) {
  return {
    nome: `Maria ${tag()}`,
    cpf: makeCpf(),
    rg: makeRg(),
    datanascimento: '1985-03-04T00:00:00.000Z',
    estadocivil: 'casado',
    sexo: 'feminino',
    cor: 'pardo',
    naturalidade: 'Recife',
    profissao: 'Enfermeira',
    email: 'maria@example.com',
    telefone: 81_912_345_678,
    endereco: 'Rua da Aurora',
    numeroendereco: 10,
    bairro: 'Boa Vista',
    cidade: 'Recife',
    estado: 'PE',
    userId,
    ...overrides,
  }
}

/**
 * A floating date-time `days` after the clinic's today. Two suites count everything on their days and so own
 * them: reports-suite.ts about 590–609 days ahead, laudo-report-suite.ts 705–712; the cases that pick a
 * random day keep out of those windows.
 */
export const future = (days: number, time = '10:00') => `${addDays(clinicToday(), days)}T${time}:00.000Z`

export function agendamentoBody(
  userId: string,
  pacienteId: string,
  medicoId: string,
  datahora: string,
  overrides: Record<string, unknown> = {},
) {
  return {
    datahora,
    anotacao: 'Trazer exames anteriores.',
    convenio: 'Unimed',
    valorIncents: 25_000,
    estaPago: false,
    userId,
    pacienteId,
    medicoId,
    exames: ['Raio-X de tórax'],
    ...overrides,
  }
}
