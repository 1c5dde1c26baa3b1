// What the OpenAPI document says about the TISS billing calls (tiss-billing.ts), in Portuguese; spread into
// callDocs() (calls.ts). A function, so that the PWA's bundle leaves these texts out.
import { messages } from '../messages'
import { tissBillingMessages as m, type tissBillingCalls } from '../tiss-billing'
import type { CallDoc } from './call-doc'

const TAG = 'Catálogo e pagamentos'
const LOTE = '{ lote }: número, competência, situação (gerado, enviado), hash do epílogo, valor e as guias.'

export function tissBillingCallDocs(): Record<keyof typeof tissBillingCalls, CallDoc> {
  return {
    faturamentoPendentes: {
      tag: TAG,
      summary: 'Atendimentos a faturar',
      description:
        'Somente administradores. { convenioId, competencia (AAAA-MM) }: os agendamentos realizados do convênio no mês que ainda não estão em um lote TISS, cada um com o que falta para faturar (vazio: pronta).',
      answer: '{ atendimentos }: agendamentoId, datahora, paciente, exames, valorIncents, faltas.',
      errors: { 400: [m.competenciaInvalid] },
    },
    gerarLoteTiss: {
      tag: TAG,
      summary: 'Gerar lote TISS',
      description:
        'Somente administradores. Monta o lote de guias SP/SADT (TISS 4.03.00, ISO-8859-1) com os atendimentos prontos do convênio e da competência, valida contra os XSD oficiais da ANS e o grava com o próximo número de lote do convênio. Um lote recusado pelo padrão nomeia a guia e o campo, e nada é marcado como faturado.',
      answer: LOTE,
      errors: { 400: [m.nothingReady, m.competenciaInvalid] },
    },
    lotesTiss: {
      tag: TAG,
      summary: 'Lotes TISS do convênio',
      description: 'Somente administradores. Os lotes do convênio, do mais recente ao mais antigo, com suas guias.',
      answer: '{ lotes }.',
    },
    xmlLoteTiss: {
      tag: TAG,
      summary: 'Baixar o XML do lote',
      description: 'Somente administradores. O arquivo do lote como foi gerado: os mesmos bytes a cada vez.',
      answer: '{ arquivo (nome), base64 (o XML em ISO-8859-1) }.',
      errors: { 404: [m.loteNotFound] },
    },
    enviarLoteTiss: {
      tag: TAG,
      summary: 'Registrar o envio do lote',
      description: 'Somente administradores. { id, data, protocolo }: o lote passa a Enviado.',
      answer: LOTE,
      errors: { 400: [m.protocoloRequired, m.dateInvalid], 404: [m.loteNotFound], 409: [m.loteAlreadySent] },
    },
    retornoGuiaTiss: {
      tag: TAG,
      summary: 'Registrar o retorno de uma guia',
      description:
        'Somente administradores. { id, situacao (pago ou glosado), valorIncents, glosaCodigo (4 números, na glosa), glosaMotivo }.',
      answer: LOTE,
      errors: {
        400: [messages.valueInvalid, m.glosaCodeRequired, messages.textTooLong],
        404: [m.guiaNotFound],
        409: [m.loteNotSent],
      },
    },
    recursoGuiaTiss: {
      tag: TAG,
      summary: 'Registrar recurso de glosa',
      description: 'Somente administradores. { id, data, texto }: a guia glosada passa a Recurso.',
      answer: LOTE,
      errors: {
        400: [m.recursoTextRequired, messages.textTooLong, m.dateInvalid],
        404: [m.guiaNotFound],
        409: [m.recursoNotGlosada],
      },
    },
  }
}
