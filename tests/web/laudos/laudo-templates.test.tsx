// The laudo's templates and stock phrases as staff meet them (issue 36 point 2): the exam's template from
// its row in 'Catálogo', placeholders inserted at the cursor, 'Frases prontas' kept per modality, and the
// picker, whose use inside the laudo editor is tested in laudo-versions.test.tsx.
import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { messages, templateMessages } from '@contract'
import { demoSeed } from '@/mocks/store'
import { resetStore, store } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'
import { findToast } from '../../support/toasts'

vi.setConfig({ testTimeout: 60_000 })

beforeEach(() => {
  resetStore(() => demoSeed())
})

describe("'Modelos de laudo'", () => {
  it("opens from the exam's row in 'Catálogo' and inserts a placeholder at the cursor", async () => {
    const exame = store.exames.find((e) => e.modalidade === 'US')!
    const { user } = renderApp('/admin', { as: 'admin' })
    await user.click(await screen.findByRole('link', { name: 'Catálogo' }))
    await user.click(await screen.findByRole('link', { name: `Modelo de laudo: ${exame.nome}` }))
    await screen.findByRole('heading', { name: 'Modelos de laudo', level: 1 })

    const impressao = await screen.findByLabelText('Impressão diagnóstica')
    await user.clear(impressao)
    await user.type(impressao, 'Exame de  normal.')
    // the cursor after 'Exame de ' (9 characters)
    ;(impressao as HTMLTextAreaElement).setSelectionRange(9, 9)
    await user.click(impressao)
    ;(impressao as HTMLTextAreaElement).setSelectionRange(9, 9)
    impressao.dispatchEvent(new Event('select', { bubbles: true }))
    await user.click(
      within(screen.getByRole('group', { name: 'Marcadores' })).getByRole('button', { name: '{paciente}' }),
    )
    expect(impressao).toHaveValue('Exame de {paciente} normal.')

    await user.click(screen.getByRole('button', { name: 'Salvar modelo' }))
    await findToast(templateMessages.modeloSaved)
    expect(store.modelosLaudo[exame.id]).toMatchObject({ impressao: 'Exame de {paciente} normal.' })
  })
})

describe("'Frases prontas'", () => {
  it('adds and edits a phrase of a modality; a code taken there is refused', async () => {
    const { user } = renderApp('/laudos/modelos', { as: 'admin' })
    await user.click(await screen.findByRole('link', { name: 'Frases prontas' }))
    await screen.findByRole('heading', { name: 'Frases prontas', level: 1 })
    await user.selectOptions(screen.getByLabelText('Modalidade'), 'US')
    const table = () => screen.getByRole('table', { name: 'Frases prontas de Ultrassonografia' })
    expect(within(table()).getByRole('cell', { name: '.normal' })).toBeInTheDocument()

    await user.type(screen.getByLabelText(/^Código/), '.Renal')
    await user.type(screen.getByLabelText('Texto da frase'), 'Rins tópicos, de dimensões normais.')
    await user.click(screen.getByRole('button', { name: 'Adicionar frase' }))
    await findToast(templateMessages.fraseSaved)
    expect(await within(table()).findByRole('cell', { name: '.renal' })).toBeInTheDocument()
    expect(store.frasesProntas).toContainEqual(
      expect.objectContaining({ modalidade: 'US', codigo: 'renal', texto: 'Rins tópicos, de dimensões normais.' }),
    )

    await user.type(screen.getByLabelText(/^Código/), 'normal')
    await user.type(screen.getByLabelText('Texto da frase'), 'Outra.')
    await user.click(screen.getByRole('button', { name: 'Adicionar frase' }))
    expect((await screen.findAllByText(templateMessages.codigoTaken('US', 'normal'))).length).toBeGreaterThan(0)

    await user.click(within(table()).getByRole('button', { name: 'Editar .renal' }))
    const texto = screen.getByLabelText('Texto da frase')
    await user.clear(texto)
    await user.type(texto, 'Rins normais.')
    await user.click(screen.getByRole('button', { name: 'Salvar alterações da frase' }))
    expect(await within(table()).findByRole('cell', { name: 'Rins normais.' })).toBeInTheDocument()
  })

  it('the front desk reads them, and a save is refused with the reason', async () => {
    const { user } = renderApp('/laudos/frases', { as: 'staff' })
    await screen.findByRole('heading', { name: 'Frases prontas', level: 1 })
    await user.type(screen.getByLabelText(/^Código/), 'novo')
    await user.type(screen.getByLabelText('Texto da frase'), 'Texto.')
    await user.click(screen.getByRole('button', { name: 'Adicionar frase' }))
    expect((await screen.findAllByText(messages.laudoTemplateForbidden)).length).toBeGreaterThan(0)
  })
})
