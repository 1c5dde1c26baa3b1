// Test helpers for the patients screen (imported by tests/web/patients*.test.tsx only, never by the app).
import type { Paciente } from '@contract'

/** A valid CPF (check digits computed) from its first nine digits. */
export function validCpf(base9: string): string {
  const digits = [...base9].map(Number)
  const check = (list: number[]) => {
    const sum = list.reduce((acc, digit, index) => acc + digit * (list.length + 1 - index), 0)
    const rest = (sum * 10) % 11
    return rest === 10 ? 0 : rest
  }
  digits.push(check(digits))
  digits.push(check(digits))
  return digits.join('')
}

/** A stored patient for the mock store; `n` keeps ids, CPF and RG unique. */
export function storedPaciente(n: number, rest: Partial<Paciente> = {}): Paciente {
  const suffix = String(n).padStart(12, '0')
  return {
    id: `9e9e9e9e-1111-4222-8333-${suffix}`,
    nome: `paciente ${String(n).padStart(3, '0')}`,
    cpf: validCpf(String(300_000_000 + n)),
    rg: String(90_000_000 + n),
    datanascimento: '1970-01-15T00:00:00.000Z',
    estadocivil: 'solteiro',
    sexo: 'feminino',
    cor: 'branco',
    naturalidade: 'Campinas',
    profissao: 'Analista',
    email: `paciente${n}@exemplo.com.br`,
    telefone: 1932105000 + n,
    endereco: 'Avenida Brasil',
    numeroendereco: n,
    bairro: 'Jardim',
    cidade: 'Campinas',
    estado: 'SP',
    cep: '',
    complemento: '',
    nomesocial: '',
    userId: '0a7c3c4e-9a1b-4c55-8d2e-000000000002',
    ativo: true,
    aceitaMensagens: true,
    versao: 1,
    ...rest,
  }
}

/** What a person types in the wizard for a new patient (step 1 then step 2), by field label. */
export const NEW_PATIENT = {
  step1: {
    Nome: 'Zuleica Gonçalves Prado',
    CPF: '935.411.347-80',
    RG: '44.556.677-8',
    'Data de nascimento': '09/07/1988',
    Naturalidade: 'Belo Horizonte',
    Profissão: 'Engenheira',
    'E-mail': 'Zuleica.Prado@Exemplo.com',
    Telefone: '(31) 99876-5432',
  },
  selects: { 'Estado civil': 'casado', Sexo: 'feminino', Cor: 'pardo' },
  step2: {
    Endereço: 'Rua da Bahia',
    Número: '1148',
    Bairro: 'Funcionários',
    Cidade: 'Belo Horizonte',
    Estado: 'MG',
  },
} as const
