import { useQueryClient } from '@tanstack/react-query'
import { useParams } from 'react-router-dom'
import { BIRADS_CATEGORIAS, formatDate, pacsViewerUrl, type Laudo, type LaudoTexto } from '@contract'
import { useDocumentTitle } from '@/lib/use-document-title'
import { laudoKeys } from '@/lib/query-keys'
import { useLaudo } from '../api/laudo-detail'
import { useLaudoPacsUrl } from '../api/laudo-refs'
import { useLaudoAutosave } from '../lib/use-laudo-autosave'
import { LaudoConflictDialog } from './laudo-conflict-dialog'
import { ReleaseLaudoButton } from './release-button'
import './laudos.css'

const SECTIONS = [
  ['tecnica', 'Técnica'],
  ['relatorio', 'Relatório'],
  ['impressao', 'Impressão diagnóstica'],
] as const

const timeOf = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' }).format(new Date(iso))

function SeeImages({ laudo }: { laudo: Laudo }) {
  const template = useLaudoPacsUrl().data ?? ''
  const url = pacsViewerUrl(template, {
    studyInstanceUid: laudo.studyInstanceUid,
    accessionNumber: laudo.accessionNumber,
  })
  if (url)
    return (
      <a className="button button--ghost" href={url} target="_blank" rel="noopener noreferrer">
        Ver imagens
      </a>
    )
  const reason = template
    ? 'Este exame não tem os identificadores que o visualizador pede.'
    : 'O endereço do visualizador de imagens (PACS) não está nas configurações.'
  return (
    <span className="laudo-editor__images">
      <button type="button" className="button button--ghost" disabled aria-describedby="laudo-images-reason">
        Ver imagens
      </button>{' '}
      <small id="laudo-images-reason">{reason}</small>
    </span>
  )
}

function Editor({ laudo }: { laudo: Laudo }) {
  const queryClient = useQueryClient()
  const autosave = useLaudoAutosave(laudo, (saved) => queryClient.setQueryData(laudoKeys.detail(saved.id), saved))
  const { texto, change } = autosave
  if (!texto) return <p>Carregando…</p>
  const field = (name: keyof LaudoTexto, value: string | number | null) => change({ ...texto, [name]: value })
  return (
    <>
      <div className="laudo-editor__bar">
        <p className="laudo-editor__status" role="status" aria-label="Gravação do laudo">
          {autosave.state === 'saving'
            ? 'Salvando…'
            : autosave.state === 'offline'
              ? 'Sem conexão: o texto está guardado neste aparelho.'
              : autosave.state === 'error'
                ? 'Erro ao salvar o laudo! O texto continua guardado neste aparelho.'
                : autosave.state === 'dirty'
                  ? 'Alterações não salvas'
                  : autosave.savedAt
                    ? `Salvo às ${timeOf(autosave.savedAt)}`
                    : ''}
        </p>
        {autosave.restored && <p className="laudo-editor__restored">Texto recuperado deste aparelho.</p>}
        <SeeImages laudo={laudo} />
        {autosave.state === 'dirty' || autosave.state === 'saving' ? (
          // the release signs the server's draft: what was typed is saved first
          <button type="button" className="button button--primary" disabled>
            Assinar e liberar
          </button>
        ) : (
          <ReleaseLaudoButton
            laudoId={laudo.id}
            onReleased={() => void queryClient.invalidateQueries({ queryKey: laudoKeys.all })}
          />
        )}
      </div>
      <form className="laudo-editor__form" onSubmit={(e) => e.preventDefault()}>
        {SECTIONS.map(([name, label]) => (
          <label key={name} className="laudo-editor__section">
            {label}
            <textarea
              value={texto[name]}
              rows={name === 'relatorio' ? 10 : 4}
              onChange={(e) => field(name, e.target.value)}
              onBlur={autosave.saveNow}
            />
          </label>
        ))}
        {laudo.modalidade === 'MMG' && (
          <label className="laudo-editor__section">
            Categoria BI-RADS
            <select
              value={texto.birads ?? ''}
              onChange={(e) => field('birads', e.target.value === '' ? null : Number(e.target.value))}
            >
              <option value="">Não informada</option>
              {BIRADS_CATEGORIAS.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
        )}
      </form>
      {autosave.conflict && (
        <LaudoConflictDialog
          mine={autosave.conflict.mine}
          server={autosave.conflict.server}
          onKeepMine={autosave.keepMine}
          onUseServer={autosave.useServer}
        />
      )}
    </>
  )
}

/** The laudo's editor (issue 36 point 4): the template's sections, saved by itself and kept on the device. */
export default function LaudoEditorPage() {
  const { id = '' } = useParams()
  const laudo = useLaudo(id)
  useDocumentTitle('Laudo')
  if (laudo.isPending) return <p>Carregando…</p>
  if (laudo.isError) return <p role="alert">{laudo.error.message}</p>
  const l = laudo.data
  return (
    <section className="laudo-editor">
      <h1>Laudo — {l.exame}</h1>
      <p className="laudo-editor__who">
        {l.paciente} · exame em {formatDate(l.dataExame)} · previsão {formatDate(l.previsao)}{' '}
        {l.atrasado && <span className="laudos__badge laudos__badge--late">Atrasado</span>} · {l.estado}
      </p>
      {l.rascunho ? <Editor key={l.id} laudo={l} /> : <p>Este laudo foi liberado.</p>}
    </section>
  )
}
