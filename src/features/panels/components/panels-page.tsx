// 'Admin' → 'Painéis' (issue 38): the waiting room's TVs. Create one ('Nome') and get its one-time code and
// QR code; list them with their last access; 'Novo código', 'Revogar'; how the panels name the patient.
import { useEffect, useState, type FormEvent } from 'react'
import QRCode from 'qrcode'
import { Link } from 'react-router-dom'
import {
  formatPainelCodigo,
  PAINEL_EXIBICOES,
  painelExibicaoLabels,
  type PainelCodigo,
  type PainelExibicao,
} from '@contract'
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
    <section className="painel-codigo" aria-label={`Código do painel ${answer.painel.nome}`}>
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
      <form className="card" onSubmit={submit} aria-label="Novo painel">
        <label htmlFor="painel-nome">Nome</label>
        <input
          id="painel-nome"
          value={nome}
          maxLength={60}
          onChange={(e) => setNome(e.target.value)}
          placeholder="Recepção TV"
        />
        <button type="submit" disabled={create.isPending}>
          Criar painel
        </button>
        {create.failure && <p role="alert">{create.failure.toast}</p>}
      </form>
      {code && <PairingCode answer={code} />}
      <section className="card" aria-label="Exibição no painel">
        <label htmlFor="painel-exibicao">Como o painel mostra o paciente</label>
        <select
          id="painel-exibicao"
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
      <table className="card">
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
          {panels.data?.paineis.map((p) => (
            <tr key={p.id}>
              <th scope="row">{p.nome}</th>
              <td>
                {p.revogadoEm ? 'Revogado' : p.pareado ? 'Pareado' : p.codigoExpiraEm ? 'Aguardando código' : 'Sem TV'}
              </td>
              <td>{p.ultimoAcesso ? formatClinicStamp(Date.parse(p.ultimoAcesso)) : '—'}</td>
              <td>
                {!p.revogadoEm && (
                  <>
                    <button
                      type="button"
                      onClick={() => void newCode.mutateAsync(p.id).then(setCode, () => {})}
                      aria-label={`Novo código para ${p.nome}`}
                    >
                      Novo código
                    </button>
                    <button type="button" onClick={() => revoke.mutate(p.id)} aria-label={`Revogar ${p.nome}`}>
                      Revogar
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
