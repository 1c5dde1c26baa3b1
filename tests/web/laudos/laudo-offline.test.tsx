// The doctor's worklist and drafts readable offline (issue 36 point 10): what was opened online is kept on
// the device by the offline cache's allow-list, and the app reopened with the server gone shows the
// worklist's row and the laudo's draft text.
import 'fake-indexeddb/auto'
import { onlineManager, QueryClient } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { createMemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { addDays, clinicToday } from '@contract'
import { bootApp } from '@/app/boot'
import { AppProviders } from '@/app/providers'
import { routes, type AppRouter } from '@/app/router'
import { dropDeviceDraft } from '@/features/laudos/lib/laudo-device-draft'
import { createIdbPersister, OFFLINE_DB_NAME } from '@/lib/offline/idb-persister'
import { eraseUserCache } from '@/lib/offline/session-cache'
import { demoSeed } from '@/mocks/store'
import { resetStore, SEED_DOCTOR, SEED_IDS, server, signInAs, store } from '../../support/msw-server'
import { bookedFromCatalogue } from '../../support/mock-laudos'

vi.setConfig({ testTimeout: 60_000 })

const LAUDO_ID = '7c1d2e3f-4a5b-4c6d-8e9f-000000000236'
const RELATORIO = 'Nódulo hipoecoico de 8 mm no lobo direito.'

function laudoOfTheDoctor() {
  const a = store.agendamentos.find((x) => x.id === SEED_IDS.agendamentos.today4)!
  a.medicoId = SEED_DOCTOR.medicoId
  a.status = 'em_atendimento'
  a.datahora = `${addDays(clinicToday(), -1)}T16:30:00.000Z`
  const exame = store.exames.find((e) => e.modalidade === 'US')!
  bookedFromCatalogue(a.id, exame)
  store.laudos.push({
    id: LAUDO_ID,
    agendamentoId: a.id,
    exameId: exame.id,
    medicoId: SEED_DOCTOR.medicoId!,
    estado: 'Em edição',
    versoes: [
      {
        versao: 1,
        tecnica: '',
        relatorio: RELATORIO,
        impressao: '',
        birads: null,
        revisao: 1,
        salvoEm: new Date().toISOString(),
        liberadoEm: null,
      },
    ],
  })
  return exame
}

function renderBooted(queryClient: QueryClient, path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] }) as unknown as AppRouter
  return render(<AppProviders router={router} queryClient={queryClient} />)
}

async function storedCacheText(): Promise<string> {
  if (!(await indexedDB.databases()).some((db) => db.name === OFFLINE_DB_NAME)) return ''
  const client = await createIdbPersister({ throttleMs: 0 }).restoreClient()
  return client ? JSON.stringify(client) : ''
}

beforeEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
  resetStore(() => demoSeed())
  store.users.push({ ...SEED_DOCTOR })
  // the editor's own device copy is another mechanism: this test is about the offline cache alone
  await dropDeviceDraft(LAUDO_ID)
})

afterEach(async () => {
  await eraseUserCache(new QueryClient())
  vi.restoreAllMocks()
  onlineManager.setOnline(true)
})

describe('laudos offline', () => {
  it('the worklist and a draft opened online are read again with the server gone', async () => {
    const exame = laudoOfTheDoctor()
    signInAs('doctor')
    let booted = await bootApp()
    let view = renderBooted(booted.queryClient, '/laudos')
    await screen.findByRole('table', { name: 'Exames aguardando laudo' })
    view.unmount()
    view = renderBooted(booted.queryClient, `/laudos/${LAUDO_ID}`)
    expect(await screen.findByRole('textbox', { name: 'Relatório' })).toHaveValue(RELATORIO)
    await waitFor(async () => {
      const stored = await storedCacheText()
      expect(stored).toContain(RELATORIO)
      expect(stored).toContain('"worklist"')
    })
    view.unmount()
    await dropDeviceDraft(LAUDO_ID)

    // the server is gone: every call fails on the network
    server.use(http.all('*/api/*', () => HttpResponse.error()))
    booted = await bootApp()
    view = renderBooted(booted.queryClient, '/laudos')
    const table = await screen.findByRole('table', { name: 'Exames aguardando laudo' })
    expect(within(table).getByRole('row', { name: new RegExp(exame.nome) })).toBeInTheDocument()
    view.unmount()
    renderBooted(booted.queryClient, `/laudos/${LAUDO_ID}`)
    expect(await screen.findByRole('textbox', { name: 'Relatório' })).toHaveValue(RELATORIO)
  })
})
