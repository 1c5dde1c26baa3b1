// 'Admin' → 'Painéis' (issue 38) as an administrator meets it: creating a panel shows its one-time code and
// QR code; the table lists each panel with its last access; 'Revogar' asks first, then the panel leaves the
// table for the folded list of revoked ones and its TV can no longer read the feed.
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { formatClinicStamp, messages, PAINEL_CREDENCIAL_PREFIX } from '@contract'
import { store } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'
import { findToast } from '../../support/toasts'

const table = () => screen.findByRole('table', { name: 'Painéis pareados e pendentes' })

/** A panel a TV paired with an hour ago (its credential known, to read the feed with it). */
function pairedPanel(nome: string) {
  const ultimoAcesso = new Date(store.now() - 60 * 60_000).toISOString()
  const credencial = `${PAINEL_CREDENCIAL_PREFIX}web-test-${nome}`
  store.paineis.push({
    id: crypto.randomUUID(),
    nome,
    criadoEm: new Date(store.now() - 2 * 60 * 60_000).toISOString(),
    ultimoAcesso,
    codigo: null,
    codigoExpiraEm: null,
    credencial,
    revogadoEm: null,
  })
  return { credencial, ultimoAcesso }
}

describe("'Admin' → 'Painéis'", () => {
  it('is reached from Administração; a new panel shows its one-time code and QR code once', async () => {
    const { user } = renderApp('/admin', { as: 'admin' })
    await user.click(await screen.findByRole('link', { name: 'Painéis' }))
    expect(await screen.findByRole('heading', { name: 'Painéis', level: 1 })).toBeInTheDocument()
    expect(await within(await table()).findByText(/Nenhum painel ainda/)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Criar painel' }))
    await findToast(messages.panelNameRequired)
    expect(store.paineis).toHaveLength(0)

    await user.type(screen.getByRole('textbox', { name: 'Nome' }), 'Recepção TV')
    await user.click(screen.getByRole('button', { name: 'Criar painel' }))
    const shown = await screen.findByRole('region', { name: 'Código do painel Recepção TV' })
    const codigo = store.paineis[0]!.codigo!
    expect(within(shown).getByText(`${codigo.slice(0, 4)} ${codigo.slice(4)}`)).toBeInTheDocument()
    expect(await within(shown).findByRole('img', { name: 'QR code do pareamento' })).toContainHTML('<svg')
    expect(within(shown).getByText(/\/painel/)).toBeInTheDocument()
    await findToast(messages.panelCreated)
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveValue('')

    const row = await within(await table()).findByRole('row', { name: /Recepção TV/ })
    expect(within(row).getByRole('cell', { name: 'Aguardando código' })).toBeInTheDocument()
    expect(within(row).getByRole('cell', { name: '—' })).toBeInTheDocument()
  })

  it('lists a paired panel with its last access; Revogar asks, then removes it and its TV stops', async () => {
    const { credencial, ultimoAcesso } = pairedPanel('TV do corredor')
    const { user } = renderApp('/admin/paineis', { as: 'admin' })
    const row = await within(await table()).findByRole('row', { name: /TV do corredor/ })
    expect(within(row).getByRole('cell', { name: 'Pareado' })).toBeInTheDocument()
    expect(within(row).getByRole('cell', { name: formatClinicStamp(Date.parse(ultimoAcesso)) })).toBeInTheDocument()

    await user.click(within(row).getByRole('button', { name: 'Revogar TV do corredor' }))
    let dialog = await screen.findByRole('dialog', { name: 'Revogar o painel TV do corredor?' })
    expect(within(dialog).getByText(/volta à tela de pareamento/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(store.paineis[0]!.revogadoEm).toBeNull()
    expect(within(await table()).getByRole('row', { name: /TV do corredor/ })).toBeInTheDocument()

    await user.click(within(row).getByRole('button', { name: 'Revogar TV do corredor' }))
    dialog = await screen.findByRole('dialog', { name: 'Revogar o painel TV do corredor?' })
    await user.click(within(dialog).getByRole('button', { name: 'Revogar' }))
    await findToast(messages.panelRevokedToast)
    expect(within(await table()).queryByRole('row', { name: /TV do corredor/ })).not.toBeInTheDocument()
    const revoked = screen.getByText('Painéis revogados (1)').closest('details')!
    expect(within(revoked).getByText(/^TV do corredor — revogado em /)).toBeInTheDocument()

    // the TV's credential reads nothing any more
    const feed = await fetch('/api/painel/chamadas', { headers: { Authorization: `Bearer ${credencial}` } })
    expect(feed.status).toBe(401)
  })
})
