// What the OpenAPI document says about the doctor's certificate calls (certificates.ts), in Portuguese;
// spread into callDocs() (calls.ts). A function, so that the PWA's bundle leaves these texts out.
import { certificateMessages as m, type certificateCalls } from '../certificates'
import { messages } from '../messages'
import type { CallDoc } from './call-doc'

const TAG = 'Médicos'

export function certificateCallDocs(): Record<keyof typeof certificateCalls, CallDoc> {
  return {
    meuCertificado: {
      tag: TAG,
      summary: 'Meu certificado digital',
      description:
        'O certificado A1 (ICP-Brasil) do médico vinculado ao usuário, para assinar laudos: titular, emissor, validade, número de série e quando foi enviado. Nunca o arquivo.',
      answer: '{ certificado } (null quando nenhum foi enviado).',
      errors: { 403: [m.notDoctor] },
    },
    enviarCertificado: {
      tag: TAG,
      summary: 'Enviar certificado digital',
      description:
        'Envia (ou troca) o certificado A1 do médico vinculado: { arquivo (nome .pfx ou .p12), conteudo (o arquivo em base64, até 48 KB), senha }. Conferido no envio: a senha abre o arquivo, a chave privada corresponde ao certificado, ele está na validade e permite assinatura digital. A senha não é guardada. Registrado no histórico do médico.',
      answer: '{ certificado }: titular, emissor, validoAte, serial, enviadoEm.',
      errors: {
        400: [m.notPkcs12, m.password, m.keyMismatch, m.noSigning, messages.certificateExpired, m.fileName],
        403: [m.notDoctor],
      },
    },
    removerCertificado: {
      tag: TAG,
      summary: 'Remover certificado digital',
      description:
        'Apaga o certificado do médico vinculado (e a senha guardada na sessão, se houver). Registrado no histórico do médico.',
      answer: '{ ok: true }, também quando não havia certificado.',
      errors: { 403: [m.notDoctor] },
    },
  }
}
