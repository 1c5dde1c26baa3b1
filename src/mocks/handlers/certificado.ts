// The doctor's A1 certificate (issue 36 point 5), as server/routes/certificado.ts: the same reader checks
// the file (contract/certificate-reader.ts); the store keeps the metadata only — the mock never signs.
import { certificateMessages, type CertificadoMedico } from '@contract'
import { CertificateError, readCertificate } from '@contract/certificate-reader'
import { fail, mockRoute, type MockContext } from '../pipeline'
import type { MockStore } from '../store'

const certificates = new WeakMap<MockStore, Map<string, CertificadoMedico>>()

function of(store: MockStore): Map<string, CertificadoMedico> {
  let map = certificates.get(store)
  if (!map) certificates.set(store, (map = new Map()))
  return map
}

/** The doctor's certificate in this store (the release's mock asks whether there is one). */
export const mockCertificateOf = (store: MockStore, medicoId: string) => of(store).get(medicoId)

function doctorOf({ store, user }: MockContext): string {
  const medicoId = user.medicoId
  if (!medicoId || !store.medicos.some((m) => m.id === medicoId)) fail(403, certificateMessages.notDoctor)
  return medicoId
}

function decode(base64: string): Uint8Array {
  const binary = atob(base64)
  return Uint8Array.from(binary, (c) => c.charCodeAt(0))
}

export const certificadoHandlers = [
  mockRoute('meuCertificado', (_body, context) => ({
    certificado: of(context.store).get(doctorOf(context)) ?? null,
  })),

  mockRoute('enviarCertificado', (body, context) => {
    const medicoId = doctorOf(context)
    const now = new Date()
    try {
      const info = readCertificate(decode(body.conteudo), body.senha, now)
      const certificado: CertificadoMedico = {
        titular: info.titular,
        emissor: info.emissor,
        validoAte: info.validoAte.toISOString(),
        serial: info.serial,
        enviadoEm: now.toISOString(),
      }
      of(context.store).set(medicoId, certificado)
      return { certificado }
    } catch (error) {
      if (error instanceof CertificateError) fail(400, error.message)
      throw error
    }
  }),

  mockRoute('removerCertificado', (_body, context) => {
    of(context.store).delete(doctorOf(context))
    return { ok: true as const }
  }),
]
