// The laudo, as the server's routes/laudos.ts (issue 36): the clinic's settings of the laudo.
import { DEFAULT_CONFIGURACOES_LAUDO } from '@contract'
import { mockRoute } from '../pipeline'

export const laudoHandlers = [
  mockRoute('configuracoesLaudo', (_body, { store }) => ({
    configuracoes: { ...(store.laudoConfiguracoes ?? DEFAULT_CONFIGURACOES_LAUDO) },
  })),

  mockRoute('salvarConfiguracoesLaudo', (body, { store }) => {
    store.laudoConfiguracoes = { ...body }
    return { configuracoes: { ...body } }
  }),
]
