// A paired TV's credential in the mock (issue 38), read by the pipeline and the panels' handlers alike; a
// module of its own so that the pipeline does not import a handler.
import type { MockStore } from './store'
import type { StoredPainel } from './store-shapes'

/** The panel a credential reads, its last access noted; undefined when revoked or unknown. */
export function panelByCredential(store: MockStore, credencial: string): StoredPainel | undefined {
  const p = store.paineis.find((x) => x.credencial === credencial && x.revogadoEm === null)
  if (p) p.ultimoAcesso = new Date(store.now()).toISOString()
  return p
}
