// The laudo after release as a doctor meets it (issue 36 points 2, 5 and 6), over the msw mock: the editor's
// stock phrases (from the list, by short code), 'Liberar para assinatura manual' when the clinic signs by
// hand, the released text read-only, 'Versões do laudo' with 'Baixar PDF' giving the stored bytes, and
// 'Retificar' asking the reason and opening version 2's draft while version 1 stays downloadable.
import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { addDays, clinicToday, DEFAULT_CONFIGURACOES_LAUDO, releaseMessages } from '@contract'
import { dropDeviceDraft } from '@/features/laudos/lib/laudo-device-draft'
import { demoSeed } from '@/mocks/store'
import { resetStore, SEED_DOCTOR, SEED_IDS, store } from '../../support/msw-server'
import { bookedFromCatalogue } from '../../support/mock-laudos'
import { renderApp } from '../../support/render-app'
import { findToast } from '../../support/toasts'

vi.setConfig({ testTimeout: 60_000 })

const LAUDO_ID = '7c1d2e3f-4a5b-4c6d-8e9f-000000000136'
const texto = { tecnica: 'Transdutor convexo.', relatorio: 'Fígado normal.', impressao: 'Exame normal.' }

/** Today's appointment 'Em atendimento', of the signed-in doctor, with one ultrasound and its saved draft. */
function laudoOfTheDoctor() {
  const a = store.agendamentos.find((x) => x.id === SEED_IDS.agendamentos.today4)!
  a.medicoId = SEED_DOCTOR.medicoId
  a.status = 'em_atendimento'
  a.datahora = `${addDays(clinicToday(), -1)}T16:30:00.000Z`
  const exame = store.exames.find((e) => e.modalidade === 'US')!
  bookedFromCatalogue(a.id, exame)
  const now = new Date().toISOString()
  store.laudos.push({
    id: LAUDO_ID,
    agendamentoId: a.id,
    exameId: exame.id,
    medicoId: SEED_DOCTOR.medicoId!,
    estado: 'Em edição',
    versoes: [{ versao: 1, ...texto, birads: null, revisao: 1, salvoEm: now, liberadoEm: null }],
  })
  store.frasesProntas.push(
    { id: crypto.randomUUID(), modalidade: 'US', codigo: 'fignl', texto: 'Fígado de dimensões normais.' },
    { id: crypto.randomUUID(), modalidade: 'MMG', codigo: 'bir1', texto: 'Categoria BI-RADS 1.' },
  )
  return exame
}

let created: Blob[] = []
beforeEach(async () => {
  resetStore(() => demoSeed())
  store.users.push({ ...SEED_DOCTOR })
  await dropDeviceDraft(LAUDO_ID)
  created = []
  URL.createObjectURL = vi.fn((blob: Blob) => {
    created.push(blob)
    return `blob:laudo-${created.length}`
  })
  URL.revokeObjectURL = vi.fn()
  // jsdom does not navigate: the download link's click is only seen
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

const versionsRegion = () => screen.findByRole('region', { name: 'Versões do laudo' })

describe('the editor and its stock phrases', () => {
  it("inserts a phrase of the laudo's modality into the section being typed, from the list and by its code", async () => {
    laudoOfTheDoctor()
    const { user } = renderApp(`/laudos/${LAUDO_ID}`, { as: 'doctor' })
    const impressao = await screen.findByRole('textbox', { name: 'Impressão diagnóstica' })
    await user.click(impressao)
    expect(screen.getByText('Inserir em:')).toHaveTextContent('Inserir em: Impressão diagnóstica')
    const picker = screen.getByRole('group', { name: 'Frases prontas' })
    // only the ultrasound's phrases
    expect(within(picker).queryByRole('button', { name: /bir1/ })).not.toBeInTheDocument()
    await user.click(await within(picker).findByRole('button', { name: /fignl/ }))
    expect(impressao).toHaveValue('Exame normal. Fígado de dimensões normais.')

    const tecnica = screen.getByRole('textbox', { name: 'Técnica' })
    await user.click(tecnica)
    await user.type(tecnica, ' .fignl ')
    expect(tecnica).toHaveValue('Transdutor convexo. Fígado de dimensões normais. ')
    // an unknown code is left as typed
    await user.type(tecnica, '.nada ')
    expect(tecnica).toHaveValue('Transdutor convexo. Fígado de dimensões normais. .nada ')
    await waitFor(
      () => expect(store.laudos[0]!.versoes[0]!.impressao).toBe('Exame normal. Fígado de dimensões normais.'),
      {
        timeout: 15_000,
      },
    )
  })
})

describe('the laudo after release', () => {
  it("with the clinic's manual signature: 'Liberar para assinatura manual', then the text read-only and its PDF", async () => {
    laudoOfTheDoctor()
    store.laudoConfiguracoes = { ...DEFAULT_CONFIGURACOES_LAUDO, assinaturaManual: true }
    const { user } = renderApp(`/laudos/${LAUDO_ID}`, { as: 'doctor' })
    await user.click(await screen.findByRole('button', { name: 'Liberar para assinatura manual' }))
    const dialog = await screen.findByRole('dialog', { name: 'Liberar para assinatura manual' })
    expect(within(dialog).queryByLabelText('Senha do certificado')).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Liberar' }))
    await findToast(releaseMessages.released)

    // read-only: the released text, no text box
    const released = await screen.findByRole('article', { name: /^Versão 1 liberada em \d\d\/\d\d\/\d{4} \d\d:\d\d$/ })
    expect(within(released).getByRole('region', { name: 'Relatório' })).toHaveTextContent('Fígado normal.')
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    expect(screen.getByText(/· Liberado$/)).toBeInTheDocument()

    const versions = await versionsRegion()
    const v1 = within(versions).getByRole('listitem', { name: 'Versão 1' })
    expect(v1).toHaveTextContent(/liberada em .* · Carlos Mendes/)
    await user.click(within(v1).getByRole('button', { name: 'Baixar PDF da versão 1' }))
    await waitFor(() => expect(created).toHaveLength(1))
    const stored = store.laudos[0]!.versoes[0]!.pdf!
    expect(new Uint8Array(await created[0]!.arrayBuffer())).toEqual(stored)
    expect(created[0]!.type).toBe('application/pdf')
    // 'Imprimir laudo' prints the same stored bytes, from a frame of their own
    await user.click(within(v1).getByRole('button', { name: 'Imprimir laudo da versão 1' }))
    await waitFor(() => expect(created).toHaveLength(2))
    expect(new Uint8Array(await created[1]!.arrayBuffer())).toEqual(stored)
    expect(document.querySelector('iframe[title="Laudo versão 1 para impressão"]')).toHaveAttribute(
      'src',
      'blob:laudo-2',
    )
  })

  it("'Retificar' asks the reason, opens version 2's draft; version 1 stays, 'Retificado em … — motivo'", async () => {
    laudoOfTheDoctor()
    store.laudoConfiguracoes = { ...DEFAULT_CONFIGURACOES_LAUDO, assinaturaManual: true }
    const { user } = renderApp(`/laudos/${LAUDO_ID}`, { as: 'doctor' })
    await user.click(await screen.findByRole('button', { name: 'Liberar para assinatura manual' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Liberar' }))
    const v1Pdf = await waitFor(() => store.laudos[0]!.versoes[0]!.pdf!)

    await user.click(within(await versionsRegion()).getByRole('button', { name: 'Retificar' }))
    const dialog = await screen.findByRole('dialog', { name: 'Retificar laudo' })
    await user.click(within(dialog).getByRole('button', { name: 'Retificar' }))
    expect(within(dialog).getByText(releaseMessages.retifyReasonRequired)).toBeInTheDocument()
    expect(store.laudos[0]!.versoes).toHaveLength(1)
    await user.type(within(dialog).getByLabelText('Motivo da retificação'), 'Lateralidade trocada.')
    await user.click(within(dialog).getByRole('button', { name: 'Retificar' }))
    await findToast(releaseMessages.retified)

    // the editor is back, on version 2's draft with version 1's text
    const relatorio = await screen.findByRole('textbox', { name: 'Relatório' })
    expect(relatorio).toHaveValue('Fígado normal.')
    const versions = await versionsRegion()
    await waitFor(() =>
      expect(within(versions).getByRole('listitem', { name: 'Versão 2' })).toHaveTextContent('rascunho em edição'),
    )
    const v1 = within(versions).getByRole('listitem', { name: 'Versão 1' })
    expect(v1).toHaveTextContent(/Retificado em \d\d\/\d\d\/\d{4} \d\d:\d\d — Lateralidade trocada\./)
    expect(within(versions).queryByRole('button', { name: 'Retificar' })).not.toBeInTheDocument()
    expect(within(versions).queryByRole('button', { name: 'Baixar PDF da versão 2' })).not.toBeInTheDocument()
    await user.click(within(v1).getByRole('button', { name: 'Baixar PDF da versão 1' }))
    await waitFor(() => expect(created).toHaveLength(1))
    expect(new Uint8Array(await created[0]!.arrayBuffer())).toEqual(v1Pdf)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
