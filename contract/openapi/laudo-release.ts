// What the OpenAPI document says about the laudo's release calls (laudo-release.ts), in Portuguese; spread
// into callDocs() (calls.ts). A function, so that the PWA's bundle leaves these texts out.
import { certificateMessages } from '../certificates'
import { releaseMessages as m, type laudoReleaseCalls } from '../laudo-release'
import { messages } from '../messages'
import type { CallDoc } from './call-doc'

const TAG = 'Médicos'
const SITUACAO =
  '{ laudo }: laudoId, estado e as versões (mais nova primeiro) com liberação, SHA-256, código de verificação, retificação e entregas.'

export function laudoReleaseCallDocs(): Record<keyof typeof laudoReleaseCalls, CallDoc> {
  return {
    liberarLaudo: {
      tag: TAG,
      summary: 'Assinar e liberar o laudo',
      description:
        'O médico do laudo libera a versão em edição: o PDF é gerado no servidor, assinado (PAdES) com o certificado A1 enviado em Minha conta — ou, com a assinatura manual da clínica, impresso com a linha de assinatura — e guardado com seu SHA-256 e um código de verificação; a versão não muda mais. { laudoId, senha?, lembrarSenha } (lembrarSenha guarda a senha na memória do servidor por 8 horas nesta sessão). Registrado no histórico.',
      answer: SITUACAO,
      errors: {
        400: [
          m.noDraft,
          m.noCertificate,
          m.passwordRequired,
          certificateMessages.password,
          messages.laudoImpressaoRequired,
          messages.biradsRequired,
        ],
        403: [m.notYourLaudo],
        404: [m.notFound],
      },
    },
    versoesLaudo: {
      tag: TAG,
      summary: 'Versões do laudo',
      description: 'O estado do laudo e suas versões, para baixar, imprimir, retificar e entregar. { laudoId }.',
      answer: SITUACAO,
      errors: { 404: [m.notFound] },
    },
    pdfLaudo: {
      tag: TAG,
      summary: 'PDF de uma versão liberada',
      description:
        'Os bytes do PDF guardados na liberação, sem nenhuma alteração (application/pdf). { laudoId, versao }. Registrado no histórico.',
      answer: 'O PDF (application/pdf).',
      errors: { 400: [m.versionNotReleased], 404: [m.notFound] },
    },
    retificarLaudo: {
      tag: TAG,
      summary: 'Retificar o laudo',
      description:
        'O médico do laudo cria a versão seguinte a partir do texto da última liberada, com o motivo; a versão anterior continua disponível, marcada como retificada. { laudoId, motivo }.',
      answer: SITUACAO,
      errors: { 400: [m.retifyNotReleased, m.retifyReasonRequired], 403: [m.notYourLaudo], 404: [m.notFound] },
    },
    entregarLaudo: {
      tag: TAG,
      summary: 'Entregar laudo',
      description:
        'A recepção registra quem retirou a versão liberada e quando: { laudoId, recebedor: "paciente" } ou { laudoId, recebedor: "terceiro", nome, cpf }. O CPF é guardado, nunca respondido. Registrado no histórico.',
      answer: SITUACAO,
      errors: { 400: [m.deliverNotReleased, m.deliverNameRequired, messages.cpfInvalid], 404: [m.notFound] },
    },
    verificarLaudo: {
      tag: TAG,
      summary: 'Verificar laudo',
      description:
        'Sem token: o código impresso no laudo diz se ele corresponde a um laudo liberado — iniciais do paciente, exame, data, médico, versão e se foi retificado; nada mais. { codigo }.',
      answer: '{ laudo }: iniciais, exame, dataExame, medico, versao, liberadoEm, retificado.',
      errors: { 400: [m.codeInvalid], 404: [m.codeNotFound] },
    },
  }
}
