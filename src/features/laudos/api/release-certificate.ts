// GET/PUT/DELETE /conta/certificado ('Minha conta' → 'Certificado digital', issue 36 point 5): the signed-in
// doctor's A1 certificate as metadata; the file is sent once, as base64, with its password.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { messages, type EnviarCertificadoRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { useAppMutation } from '@/lib/use-app-mutation'

export const certificateKey = () => ['conta', 'certificado'] as const

export const certificateQuery = () =>
  queryOptions({
    queryKey: certificateKey(),
    queryFn: async ({ signal }) => (await callApi('meuCertificado', undefined, { signal })).certificado,
  })

export const useCertificate = () => useQuery(certificateQuery())

/** The file's bytes as base64, in chunks (a spread of 48 KB into fromCharCode would overflow the stack). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

export function useUploadCertificate() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: async (body: EnviarCertificadoRequest) => (await callApi('enviarCertificado', body)).certificado,
    meta: { success: messages.laudoCertificateSaved, failure: { failure: messages.laudoCertificateSaveFailed } },
    onSuccess: (certificado) => queryClient.setQueryData(certificateKey(), certificado),
  })
}

export function useRemoveCertificate() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: async () => callApi('removerCertificado'),
    meta: { success: messages.laudoCertificateRemoved, failure: { failure: messages.laudoCertificateRemoveFailed } },
    onSuccess: () => queryClient.setQueryData(certificateKey(), null),
  })
}
