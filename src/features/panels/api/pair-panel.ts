// The TV's side (issue 38): POST /painel/parear with the typed code; the credential is kept on the TV.
import { callApi } from '@/lib/api-client'

const KEY = 'clinica.painel.credencial'

export const storedCredential = (): string | null => localStorage.getItem(KEY)
export const forgetCredential = () => localStorage.removeItem(KEY)

export async function pairPanel(codigo: string): Promise<void> {
  const { credencial } = await callApi('parearPainel', { codigo })
  localStorage.setItem(KEY, credencial)
}
