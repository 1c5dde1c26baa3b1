// 'Admin' → 'Painéis' (issue 38): the waiting room's TVs. Create one ('Nome') and get its one-time code and
// QR code; list them with their last access; 'Novo código', 'Revogar' (asked first: the TV stops at once);
// how the panels name the patient. Revoked panels leave the table for a folded list of their own.
import { useEffect, useState, type FormEvent } from 'react'
import QRCode from 'qrcode'
import { Link } from 'react-router-dom'
import {
  formatPainelCodigo,
  PAINEL_EXIBICOES,
  painelExibicaoLabels,
  type Painel,
  type PainelCodigo,
  type PainelExibicao,
} from '@contract'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { formatClinicStamp } from '@/lib/format'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useCreatePanel, useNewPanelCode, usePanels, useRevokePanel, useSavePanelDisplay } from '../api/panels'
import './panels-page.css'

function PairingCode({ answer }: { answer: PainelCodigo }) {
  const [svg, setSvg] = useState<string | null>(null)
  const url = `${window.location.origin}/painel?codigo=${answer.codigo}`
  useEffect(() => {
    let live = true
    void QRCode.toString(url, { type: 'svg', margin: 1 }).then((text) => live && setSvg(text))
    return () => {
      live = false
    }
  }, [url])
  return (
    <section className="card painel-codigo" aria-label={`Código do painel ${answer.painel.nome}`}>
      <p>
        Na TV, abra <strong>{window.location.origin}/painel</strong> e digite o código:
      </p>
      <p className="painel-codigo-numero">{formatPainelCodigo(answer.codigo)}</p>
      <p>Vale até {formatClinicStamp(Date.parse(answer.expiraEm))}, uma só vez.</p>
      {svg && (
        <div
          className="painel-qr"
          role="img"
          aria-label="QR code do pareamento"
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      )}
    </section>
  )
}

export default function PanelsPage() {
  useDocumentTitle('Painéis')
  const panels = usePanels()
  const create = useCreatePanel()
  const newCode = useNewPanelCode()
  const revoke = useRevokePanel()
  const saveDisplay = useSavePanelDisplay()
  const [nome, setNome] = useState('')
  const [code, setCode] = useState<PainelCodigo | null>(null)
  const [revoking, setRevoking] = useState<Painel | null>(null)
  const all = panels.data?.paineis ?? []
  const live = all.filter((p) => !p.revogadoEm)
  const revoked = all.filter((p) => p.revogadoEm)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const answer = await create.mutateAsync(nome).catch(() => null)
    if (answer) {
      setCode(answer)
      setNome('')
    }
  }

  return (
    <div className="page">
      <header className="page-header">
        <h1>Painéis</h1>
        <Link to="/admin">Administração</Link>
      </header>
      <form className="card toolbar" onSubmit={submit} aria-label="Novo painel">
        <div className="field">
          <label className="field__label" htmlFor="painel-nome">
            Nome
          </label>
          <input
            id="painel-nome"
            className="field__control"
            value={nome}
            maxLength={60}
            onChange={(e) => setNome(e.target.value)}
            placeholder="Recepção TV"
          />
        </div>
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          Criar painel
        </button>
        {create.failure && <p role="alert">{create.failure.toast}</p>}
      </form>
      {code && <PairingCode answer={code} />}
      <section className="card field" aria-label="Exibição no painel">
        <label className="field__label" htmlFor="painel-exibicao">
          Como o painel mostra o paciente
        </label>
        <select
          id="painel-exibicao"
          className="field__control"
          value={panels.data?.exibicao ?? 'nome_inicial'}
          onChange={(e) => saveDisplay.mutate(e.target.value as PainelExibicao)}
        >
          {PAINEL_EXIBICOES.map((value) => (
            <option key={value} value={value}>
              {painelExibicaoLabels[value]}
            </option>
          ))}
        </select>
      </section>
      <table className="data-table painel-lista">
        <caption>Painéis pareados e pendentes</caption>
        <thead>
          <tr>
            <th scope="col">Nome</th>
            <th scope="col">Situação</th>
            <th scope="col">Último acesso</th>
            <th scope="col">Ações</th>
          </tr>
        </thead>
        <tbody>
          {live.map((p) => (
            <tr key={p.id}>
              <th scope="row">{p.nome}</th>
              <td data-label="Situação">{p.pareado ? 'Pareado' : p.codigoExpiraEm ? 'Aguardando código' : 'Sem TV'}</td>
              <td data-label="Último acesso">{p.ultimoAcesso ? formatClinicStamp(Date.parse(p.ultimoAcesso)) : '—'}</td>
              <td className="data-table__actions" data-label="Ações">
                <button
                  type="button"
                  className="button"
                  onClick={() => void newCode.mutateAsync(p.id).then(setCode, () => {})}
                  aria-label={`Novo código para ${p.nome}`}
                >
                  Novo código
                </button>
                <button
                  type="button"
                  className="button button--danger"
                  onClick={() => setRevoking(p)}
                  aria-label={`Revogar ${p.nome}`}
                >
                  Revogar
                </button>
              </td>
            </tr>
          ))}
          {panels.isSuccess && live.length === 0 && (
            <tr>
              <td colSpan={4}>Nenhum painel ainda: crie um acima e digite o código na TV.</td>
            </tr>
          )}
        </tbody>
      </table>
      {revoked.length > 0 && (
        <details className="card">
          <summary>Painéis revogados ({revoked.length})</summary>
          <ul>
            {revoked.map((p) => (
              <li key={p.id}>
                {p.nome} — revogado em {formatClinicStamp(Date.parse(p.revogadoEm!))}
              </li>
            ))}
          </ul>
        </details>
      )}
      <ConfirmDialog
        open={revoking !== null}
        message={`Revogar o painel ${revoking?.nome ?? ''}?`}
        confirmLabel="Revogar"
        busy={revoke.isPending}
        failure={revoke.failure}
        onConfirm={() => {
          if (!revoking) return
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              setRevoking(null)
              // a code shown for this panel can no longer pair
              setCode((shown) => (shown?.painel.id === revoking.id ? null : shown))
            },
          })
        }}
        onCancel={() => {
          setRevoking(null)
          revoke.reset()
        }}
      >
        <p>
          A TV deixa de mostrar as chamadas na hora e volta à tela de pareamento. Para usá-la de novo, crie outro
          painel.
        </p>
      </ConfirmDialog>
    </div>
  )
}
