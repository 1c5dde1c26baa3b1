// A doctor's A1 certificate (issue 36 point 5): 'Minha conta' → 'Certificado digital'. The file is sent once
// as base64 with its password; the server checks it and keeps the file, never the password, and answers only
// what the screen shows.
import { z } from 'zod'
import { OkBody } from './entities'
import { requiredError } from './fields'
import { messages } from './messages'
import type { ApiCall } from './api-call'

/** A PKCS#12 of an A1 is a few kilobytes; the cap leaves room for long chains and stays under the body limit. */
export const CERTIFICATE_MAX_BYTES = 48 * 1024

export const certificateMessages = {
  notPkcs12: messages.certificateNotPkcs12,
  password: messages.certificatePassword,
  expired: (date: string) => messages.certificateExpired.replace('{data}', date),
  notYetValid: (date: string) => `Certificado válido somente a partir de ${date}.`,
  keyMismatch: messages.certificateKeyMismatch,
  noSigning: messages.certificateNoSigning,
  fileName: messages.certificateFileName,
  tooLarge: messages.certificateTooLarge,
  passwordRequired: messages.required,
  notDoctor: messages.certificateNotDoctor,
} as const

export const CertificadoMedico = z.object({
  titular: z.string(),
  emissor: z.string(),
  /** ISO instant. */
  validoAte: z.string(),
  serial: z.string(),
  /** ISO instant. */
  enviadoEm: z.string(),
})
export type CertificadoMedico = z.infer<typeof CertificadoMedico>

const base64 = /^[A-Za-z0-9+/]+={0,2}$/

export const EnviarCertificadoRequest = z.strictObject({
  arquivo: z
    .string(requiredError)
    .max(255)
    .regex(/\.(pfx|p12)$/i, certificateMessages.fileName),
  conteudo: z
    .string(requiredError)
    .min(1, certificateMessages.notPkcs12)
    .max(Math.ceil(CERTIFICATE_MAX_BYTES / 3) * 4, certificateMessages.tooLarge)
    .regex(base64, certificateMessages.notPkcs12),
  senha: z.string(requiredError).min(1, certificateMessages.passwordRequired).max(200),
})
export type EnviarCertificadoRequest = z.infer<typeof EnviarCertificadoRequest>

const answer = z.object({ certificado: CertificadoMedico.nullable() })

export const certificateCalls = {
  /** The signed-in doctor's certificate, or null. 403 for a user without a doctor. */
  meuCertificado: { method: 'GET', path: '/conta/certificado', status: 200, access: 'user', response: answer },
  /** Uploads (or replaces) the certificate after checking it; 400 with the Portuguese reason otherwise. */
  enviarCertificado: {
    method: 'PUT',
    path: '/conta/certificado',
    body: EnviarCertificadoRequest,
    status: 200,
    access: 'user',
    response: z.object({ certificado: CertificadoMedico }),
  },
  removerCertificado: { method: 'DELETE', path: '/conta/certificado', status: 200, access: 'user', response: OkBody },
} as const satisfies Record<string, ApiCall>
