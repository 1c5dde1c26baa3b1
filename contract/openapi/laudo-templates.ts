// What the OpenAPI document says about the laudo's templates and stock phrases (laudo-templates.ts), in
// Portuguese; spread into callDocs() (calls.ts). A function, so that the PWA's bundle leaves these texts out.
import { FRASE_TEXTO_MAX, templateMessages as m, type laudoTemplateCalls } from '../laudo-templates'
import { LAUDO_PLACEHOLDERS } from '../laudo-text'
import { messages } from '../messages'
import type { CallDoc } from './call-doc'

const TAG = 'Catálogo e pagamentos'
const WRITERS = 'Administradores e usuários vinculados a um médico.'
const CODE = `codigo: de 1 a 12 letras minúsculas ou números (um "." no início e maiúsculas são aceitos e normalizados), único na modalidade; texto: até ${FRASE_TEXTO_MAX} caracteres.`

export function laudoTemplateCallDocs(): Record<keyof typeof laudoTemplateCalls, CallDoc> {
  return {
    modeloLaudo: {
      tag: TAG,
      summary: 'Ler o modelo de laudo de um exame',
      description:
        'O modelo de laudo de um exame do catálogo ({ exameId }): as seções tecnica ("Técnica"), relatorio ("Relatório") e impressao ("Impressão diagnóstica"), com marcadores que o laudo preenche ao ser aberto pela primeira vez.',
      answer: '{ modelo }; seções vazias e atualizadoEm null enquanto o exame não tem modelo.',
      errors: { 404: [messages.exameNotFound] },
    },
    salvarModeloLaudo: {
      tag: TAG,
      summary: 'Salvar o modelo de laudo de um exame',
      description: `${WRITERS} { exameId, tecnica, relatorio, impressao }, cada seção com até 20.000 caracteres. Marcadores aceitos: ${Object.keys(LAUDO_PLACEHOLDERS).join(', ')}; outro marcador entre chaves é recusado com 400, que o nomeia.`,
      answer: '{ modelo } gravado.',
      errors: { 400: [messages.laudoTemplateUnknownPlaceholder], 403: [m.forbidden], 404: [messages.exameNotFound] },
    },
    frasesProntas: {
      tag: TAG,
      summary: 'Listar as frases prontas',
      description:
        'Todas as frases prontas, de todas as modalidades, em ordem de modalidade e código. No editor do laudo, digitar ".codigo" ao fim do texto insere a frase da modalidade do exame.',
      answer: '{ frases }: id, modalidade, codigo, texto.',
    },
    registerFrase: {
      tag: TAG,
      summary: 'Cadastrar uma frase pronta',
      description: `${WRITERS} { modalidade, codigo, texto }. ${CODE}`,
      answer: '{ frase } criada.',
      errors: { 400: [m.codigoInvalid, m.fraseTextoTooLong], 403: [m.forbidden], 409: [messages.fraseCodigoTaken] },
    },
    updateFrase: {
      tag: TAG,
      summary: 'Alterar uma frase pronta',
      description: `${WRITERS} { id, modalidade, codigo, texto }. ${CODE}`,
      answer: '{ frase } alterada.',
      errors: {
        400: [m.codigoInvalid, m.fraseTextoTooLong],
        403: [m.forbidden],
        404: [m.fraseNotFound],
        409: [messages.fraseCodigoTaken],
      },
    },
    deleteFrase: {
      tag: TAG,
      summary: 'Excluir uma frase pronta',
      description: `${WRITERS} { id }. Os laudos já escritos com ela não mudam.`,
      answer: '{ ok: true }.',
      errors: { 403: [m.forbidden], 404: [m.fraseNotFound] },
    },
  }
}
