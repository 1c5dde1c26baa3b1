import type { Laudo, LaudoTexto } from '@contract'
import { ApiError, callApi } from '@/lib/api-client'

export type SaveOutcome = { kind: 'saved'; laudo: Laudo } | { kind: 'conflict'; server: Laudo }

/**
 * Saves the draft from `revisao`. A 409 of another save is answered with the server's laudo as it is now
 * (read again: the client's error body keeps only the sentence), for the editor to show both texts.
 */
export async function saveLaudoDraft(id: string, revisao: number, texto: LaudoTexto): Promise<SaveOutcome> {
  try {
    return { kind: 'saved', laudo: (await callApi('salvarLaudo', { id, revisao, ...texto })).laudo }
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      const server = (await callApi('laudo', { id })).laudo
      if (server.rascunho && server.rascunho.revisao !== revisao) return { kind: 'conflict', server }
    }
    throw error
  }
}
