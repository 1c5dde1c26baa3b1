// What the OpenAPI document says about the TISS data calls (contract/tiss.ts), in Portuguese; spread into
// callDocs() (calls.ts). A function, so that the PWA's bundle leaves these texts out.
import { messages } from '../messages'
import type { tissCalls } from '../tiss'
import type { CallDoc } from './call-doc'

const TAG = 'Catálogo e pagamentos'

export function tissCallDocs(): Record<keyof typeof tissCalls, CallDoc> {
  return {
    tissConvenios: {
      tag: TAG,
      summary: 'Dados TISS dos convênios',
      description:
        'Para cada convênio do catálogo: codigoPrestador (código do prestador na operadora), versaoTiss (04.03.00), guiasPorLote (1 a 100) e examesComAutorizacao (os exames que exigem autorização). Um convênio nunca configurado vem com os valores padrão (código vazio, 100 guias por lote, nenhum exame).',
      answer: '{ convenios }.',
    },
    definirConvenioTiss: {
      tag: TAG,
      summary: 'Salvar os dados TISS de um convênio',
      description:
        'Substitui os dados TISS do convênio e a lista de exames que exigem autorização. codigoPrestador: até 14 letras ou números (vazio enquanto a operadora não o deu).',
      answer: '{ convenio } como salvo.',
      errors: {
        400: [messages.tissCodigoPrestadorInvalid, messages.tissVersaoInvalid, messages.tissGuiasPorLoteInvalid],
        404: [messages.convenioNotFound, messages.exameNotFound],
      },
    },
    carteirinhasPaciente: {
      tag: 'Pacientes',
      summary: 'Carteirinhas de um paciente',
      description: 'As carteirinhas do paciente, uma por convênio: numero, plano e validade (AAAA-MM-DD ou null).',
      answer: '{ carteirinhas } (vazia para um paciente sem carteirinha ou desconhecido).',
    },
    definirCarteirinha: {
      tag: 'Pacientes',
      summary: 'Salvar a carteirinha de um paciente num convênio',
      description:
        'Uma carteirinha por paciente e convênio: salvar de novo a substitui. Registrado no histórico do paciente (sem os valores).',
      answer: '{ carteirinha }.',
      errors: {
        400: [messages.tissCarteirinhaInvalid],
        404: [messages.patientNotFound, messages.convenioNotFound],
      },
    },
    removerCarteirinha: {
      tag: 'Pacientes',
      summary: 'Remover uma carteirinha',
      description: 'Apaga a carteirinha; registrado no histórico do paciente.',
      answer: '{ ok: true }.',
      errors: { 404: [messages.tissCarteirinhaNotFound] },
    },
    solicitantes: {
      tag: TAG,
      summary: 'Médicos solicitantes',
      description:
        'A lista reutilizável de médicos solicitantes (em geral de fora da clínica): nome, conselho (CRM, CRO, …), número, UF e CBO.',
      answer: '{ solicitantes } em ordem de nome.',
    },
    registerSolicitante: {
      tag: TAG,
      summary: 'Cadastrar médico solicitante',
      description: 'Um por conselho, número e UF.',
      answer: '{ solicitante }.',
      errors: {
        400: [messages.tissConselhoInvalid, messages.tissConselhoNumeroInvalid, messages.tissCboInvalid],
        409: [messages.tissSolicitanteTaken],
      },
    },
    updateSolicitante: {
      tag: TAG,
      summary: 'Alterar médico solicitante',
      description: 'Um por conselho, número e UF.',
      answer: '{ solicitante }.',
      errors: {
        400: [messages.tissConselhoInvalid, messages.tissConselhoNumeroInvalid, messages.tissCboInvalid],
        404: [messages.tissSolicitanteNotFound],
        409: [messages.tissSolicitanteTaken],
      },
    },
    guiaTiss: {
      tag: 'Agendamentos',
      summary: 'Guia TISS de um agendamento',
      description:
        'A guia do agendamento de convênio (null enquanto nunca salva), com a parte executante da guia impressa (CNES da clínica, CRM e UF do médico do agendamento; vazios quando não cadastrados), e os avisos: a carteirinha do paciente nesse convênio ou a senha vencem antes do atendimento.',
      answer: '{ guia, avisos }.',
      errors: { 404: [messages.appointmentNotFound] },
    },
    definirGuiaTiss: {
      tag: 'Agendamentos',
      summary: 'Salvar a guia TISS de um agendamento',
      description:
        'Senha de autorização com sua data e validade, número da guia na operadora, médico solicitante, caráter do atendimento (1 eletivo, 2 urgência) e indicação clínica. O primeiro salvamento dá o nosso número da guia, sequencial por convênio. Só para agendamentos de convênio (não Particular). Um usuário vinculado a um médico só altera a própria agenda.',
      answer: '{ guia, avisos }.',
      errors: {
        400: [messages.tissGuiaInvalid, messages.tissCaraterInvalid, messages.tissValidadeAntesDaData],
        403: [messages.appointmentNotYours],
        404: [messages.appointmentNotFound, messages.tissSolicitanteNotFound],
        409: [messages.tissNotConvenio],
      },
    },
  }
}
