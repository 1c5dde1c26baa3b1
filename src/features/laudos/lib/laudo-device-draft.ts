// The draft kept on the device too (issue 36 point 4): every change is written to IndexedDB (idb-keyval)
// before the server sees it, so a dropped connection or a closed tab loses no typing. One entry per laudo,
// holding the revisao the typing started from: reopened, a text on that same revisao is newer than the
// server's and is restored; on an older revisao someone saved since, and the editor shows both texts.
import { createStore, del, get, set, type UseStore } from 'idb-keyval'
import type { LaudoTexto } from '@contract'

export interface DeviceDraft {
  laudoId: string
  /** The server's revisao the text was typed on. */
  revisao: number
  texto: LaudoTexto
  /** Epoch milliseconds of the last keystroke kept. */
  at: number
}

let store: UseStore | undefined
const drafts = () => (store ??= createStore('clinica-laudos', 'rascunhos'))
const keyOf = (laudoId: string) => `laudo:${laudoId}`

export async function readDeviceDraft(laudoId: string): Promise<DeviceDraft | undefined> {
  try {
    return await get<DeviceDraft>(keyOf(laudoId), drafts())
  } catch {
    return undefined
  }
}

export async function keepDeviceDraft(draft: DeviceDraft): Promise<void> {
  try {
    await set(keyOf(draft.laudoId), draft, drafts())
  } catch {
    // a private window without IndexedDB: the server's copy is all there is
  }
}

export async function dropDeviceDraft(laudoId: string): Promise<void> {
  try {
    await del(keyOf(laudoId), drafts())
  } catch {
    // nothing kept
  }
}

export const sameTexto = (a: LaudoTexto, b: LaudoTexto) =>
  a.tecnica === b.tecnica && a.relatorio === b.relatorio && a.impressao === b.impressao && a.birads === b.birads
