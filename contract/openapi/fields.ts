// Portuguese descriptions of the fields of every body and answer, by name, for the OpenAPI document
// (openapi.ts): a field name means the same thing in every call, so one list describes them all. The
// contract's schemas carry the types and limits; these say what the values are.
const UUID = 'UUID'
const FLOATING = 'ISO 8601 em UTC, no horário da clínica escrito como UTC (14:00 na clínica é …T14:00:00.000Z)'

export const fieldDescriptions: Record<string, string> = {
  id: `Identificador (${UUID}).`,
  nome: 'Nome: letras (com acentos), espaços simples, apóstrofo ou hífen entre palavras.',
  role: 'Papel: ADMIN (administrador) ou USER (recepção).',
  email: 'E-mail.',
  password: 'Senha.',
  token: 'Token de sessão (JWT): envie-o em Authorization: Bearer <token>.',
  user: 'O usuário: no login, o da sessão; no histórico, quem agiu (null se desconhecido).',
  ok: 'Sempre true.',

  cpf: 'CPF: 11 dígitos, sem pontos nem traço (zeros à esquerda mantidos); dígitos verificadores conferidos no cadastro.',
  rg: 'RG: de 5 a 14 dígitos, sem pontos nem traço.',
  datanascimento: 'Data de nascimento, ISO 8601 em UTC (…T00:00:00.000Z); nem no futuro, nem antes de 1900.',
  estadocivil: 'Estado civil.',
  sexo: 'Sexo.',
  cor: 'Cor.',
  naturalidade: 'Naturalidade (cidade de nascimento).',
  profissao: 'Profissão.',
  telefone: 'Telefone com DDD, como número inteiro de 10 ou 11 dígitos (81912345678).',
  endereco: 'Endereço (rua).',
  numeroendereco: 'Número do endereço, inteiro.',
  bairro: 'Bairro.',
  cidade: 'Cidade.',
  estado: 'Estado (UF).',
  cep: 'CEP, 8 dígitos sem traço; opcional ("" quando não informado).',
  complemento: 'Complemento do endereço; opcional.',
  nomesocial: 'Nome social, em minúsculas; opcional. `nome` continua o nome civil, para documentos.',
  userId: `Quem criou o registro (${UUID}). No cadastro é conferido, mas o criador registrado é sempre o usuário do token.`,
  ativo: 'false: paciente excluído (inativo), fora das listas e buscas.',
  versao:
    'Versão do registro, aumenta a cada alteração. Envie a que leu numa alteração: se outra pessoa mudou o registro desde então, a resposta é 409.',

  datahora: `Data e horário do agendamento, ${FLOATING}.`,
  anotacao: 'Anotação, até 200 caracteres.',
  convenio: 'Convênio (texto livre; pode ficar vazio).',
  valorIncents: 'Valor em centavos (R$ 250,00 é 25000).',
  estaPago: 'Se já foi pago. Devolvido como estapago.',
  estapago: 'Se já foi pago (enviado como estaPago).',
  pacienteId: `Paciente (${UUID}).`,
  medicoId: `Médico (${UUID}).`,
  paciente: 'O paciente.',
  doutor: 'O médico.',
  medico: 'O médico.',
  agendamento: 'O agendamento.',
  exames: 'Nomes dos exames, ao menos um.',

  page: 'Página, a partir de 1; 20 itens por página.',
  nomer: 'Parte do nome procurado (sem diferenciar acentos nem maiúsculas).',
  pacienteNome: 'Filtro: parte do nome do paciente (sem diferenciar acentos nem maiúsculas).',
  datainicior: `Início do período, ${FLOATING}. Exige datafimr.`,
  datafimr: `Fim do período (inclusive), ${FLOATING}. Exige datainicior.`,

  pacientes: 'Os pacientes.',
  agendamentos: 'Os agendamentos.',
  medicos: 'Os médicos.',
  historico: 'Entradas do histórico, da mais recente à mais antiga.',
  at: 'Quando, ISO 8601 em UTC (hora real, não o horário da clínica).',
  action:
    'O que aconteceu: criação (create), alteração (update), exclusão (delete), reativação (reactivate), exportação (export), mudança de status (status) ou mudança de status desfeita (status_desfeito).',
  fields: 'Nomes dos campos criados ou alterados (nunca os valores).',

  status:
    'Status do agendamento no dia: agendado, confirmado, aguardando (chegou), em_atendimento, realizado, faltou ou cancelado. Num agendamento devolvido, ausente enquanto for agendado; no histórico, a mudança (de, para, motivo, texto).',
  chegada: 'Quando o paciente chegou (Registrar chegada), ISO 8601 em UTC (hora real).',
  motivo: 'Motivo do cancelamento: paciente ou clinica. Só ao cancelar, e obrigatório então.',
  texto: 'Texto livre do cancelamento, até 200 caracteres.',
  de: 'O status de antes.',
  para: 'O status de depois.',
  dia: 'Um dia da clínica, AAAA-MM-DD.',
  ids: `Os agendamentos (${UUID}) confirmados pela recepção.`,
  usuarios: 'Os usuários.',
  prioridade:
    'Prioridade legal declarada na chegada: gestante, lactante, crianca_de_colo, deficiencia ou obeso. Ausente sem prioridade declarada.',
  pessoaIdosa:
    'Depois da chegada, 60 ou 80 quando o paciente tinha 60 ou 80 anos ou mais no dia da chegada (pela data de nascimento); ausente abaixo de 60.',

  error: 'Frase em português, pronta para mostrar.',
  issues: 'Os problemas de cada campo: issues.<campo>._errors é a lista das mensagens desse campo.',
  _errors: 'Mensagens deste nível (do objeto inteiro, ou do campo).',
}
