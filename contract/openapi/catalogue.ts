// What the OpenAPI document says about the catalogue's calls (catalogue.ts), in Portuguese; spread into
// callDocs() (calls.ts). A function, so that the PWA's bundle leaves these texts out.
import type { catalogueCalls } from '../catalogue'
import { messages } from '../messages'
import type { CallDoc } from './call-doc'
import { PRICE_ERRORS } from './shared-errors'

const TAG = 'Catálogo e pagamentos'

export function catalogueCallDocs(): Record<keyof typeof catalogueCalls, CallDoc> {
  return {
    catalogo: {
      tag: TAG,
      summary: 'Catálogo de exames, convênios e preços',
      description:
        'Todos os exames (nome, modalidade, duração em minutos, preparo, código TUSS, ativo), todos os convênios (nome, registro ANS, ativo; Particular sempre presente) e todos os preços (um valor em centavos por exame e convênio), ativos ou não. Lido por todo usuário; mantido pelo ADMIN.',
      answer: '{ exames, convenios, precos }, exames e convênios em ordem de nome.',
    },
    registerExame: {
      tag: TAG,
      summary: 'Cadastrar exame',
      description:
        'Nome único sem diferença de maiúsculas nem acentos; modalidade RX, US, TC, RM, MMG, DO ou Outros; duração de 5 a 480 minutos; preparo até 1.000 caracteres; TUSS opcional, 8 dígitos.',
      answer: 'O exame criado.',
      errors: { 409: [messages.exameNameTaken] },
    },
    updateExame: {
      tag: TAG,
      summary: 'Alterar ou desativar exame',
      description:
        'Os mesmos campos e o id. ativo: false tira o exame das escolhas do agendamento; agendamentos já feitos guardam o que era verdade quando foram marcados.',
      answer: 'O exame alterado.',
      errors: { 404: [messages.exameNotFound], 409: [messages.exameNameTaken] },
    },
    deleteExame: {
      tag: TAG,
      summary: 'Excluir exame nunca agendado',
      description: 'Exclui o exame e seus preços. Um exame que já foi agendado não é excluído: desative-o.',
      answer: '{ ok: true }.',
      errors: { 404: [messages.exameNotFound], 409: [messages.exameInUse] },
    },
    registerConvenio: {
      tag: TAG,
      summary: 'Cadastrar convênio',
      description: 'Nome único sem diferença de maiúsculas nem acentos; registro ANS opcional, 6 dígitos.',
      answer: 'O convênio criado.',
      errors: { 409: [messages.convenioNameTaken] },
    },
    updateConvenio: {
      tag: TAG,
      summary: 'Alterar ou desativar convênio',
      description: 'Os mesmos campos e o id. Particular não pode ser renomeado nem desativado.',
      answer: 'O convênio alterado.',
      errors: {
        404: [messages.convenioNotFound],
        409: [messages.convenioNameTaken, messages.particularFixed],
      },
    },
    deleteConvenio: {
      tag: TAG,
      summary: 'Excluir convênio nunca usado',
      description:
        'Exclui o convênio e sua tabela de preços. Um convênio já usado em agendamentos não é excluído: desative-o. Particular nunca é excluído.',
      answer: '{ ok: true }.',
      errors: {
        404: [messages.convenioNotFound],
        409: [messages.convenioInUse, messages.particularFixed],
      },
    },
    definirPreco: {
      tag: TAG,
      summary: 'Definir o preço de um exame num convênio',
      description:
        'valorIncents em centavos; null remove o preço (o exame continua podendo ser agendado nesse convênio, com o Valor digitado).',
      answer: '{ preco }, ou { preco: null } quando removido.',
      errors: PRICE_ERRORS,
    },
    consultarPrecos: {
      tag: TAG,
      summary: 'Consultar preços',
      description: 'O preço de cada exame escolhido no convênio, e a soma quando todos têm preço.',
      answer: '{ precos: [{ exameId, valorIncents | null }], totalIncents | null }.',
      errors: PRICE_ERRORS,
    },
    detalhesAgendamento: {
      tag: TAG,
      summary: 'Exames do catálogo, convênio e pagamentos de um agendamento',
      description:
        'O que foi copiado do catálogo quando o agendamento foi marcado (nome, preço, duração e preparo de cada exame), os dados do convênio (carteirinha, guia, senha de autorização) e os pagamentos registrados.',
      answer: '{ detalhes }.',
      errors: { 404: [messages.appointmentNotFound] },
    },
    registrarPagamento: {
      tag: TAG,
      summary: 'Registrar pagamento',
      description:
        'Forma (dinheiro, debito, credito, pix, convenio), valor recebido em centavos e a data (não futura, no máximo 1 ano atrás e não mais de 30 dias antes do cadastro do agendamento). O valor é no máximo o que falta pagar (o valor do agendamento menos os pagamentos já registrados). Quando a soma recebida cobre o valor do agendamento, estapago passa a true. Aparece no histórico do agendamento. Um usuário vinculado a um médico registra pagamentos só nos agendamentos do seu médico.',
      answer: '{ pagamento, agendamento } (o agendamento depois do pagamento).',
      errors: {
        403: [messages.appointmentNotYours],
        404: [messages.appointmentNotFound],
        409: [messages.paymentAboveRemaining, messages.paymentDateBeforeBooking],
      },
    },
  }
}
