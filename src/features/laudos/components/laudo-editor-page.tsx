import { useQueryClient } from '@tanstack/react-query'
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useParams } from 'react-router-dom'
import { BIRADS_CATEGORIAS, formatDate, pacsViewerUrl, type Laudo, type LaudoTexto } from '@contract'
import { useDocumentTitle } from '@/lib/use-document-title'
import { laudoKeys } from '@/lib/query-keys'
import { useLaudo } from '../api/laudo-detail'
import { useLaudoPacsUrl } from '../api/laudo-refs'
import { useFrasesProntas } from '../api/phrase-list'
import { expandAtCaret, insertPhrase, type Edit } from '../lib/phrase-insert'
import { useLaudoAutosave } from '../lib/use-laudo-autosave'
import { LaudoConflictDialog } from './laudo-conflict-dialog'
import { LaudoReleasedText } from './laudo-released'
import { LaudoVersions } from './laudo-versions'
import { PhrasePicker } from './phrase-picker'
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

type Section = (typeof SECTIONS)[number][0]

function Editor({ laudo }: { laudo: Laudo }) {
  const queryClient = useQueryClient()
  const autosave = useLaudoAutosave(laudo, (saved) => queryClient.setQueryData(laudoKeys.detail(saved.id), saved))
  const { texto, change } = autosave
  const frases = useFrasesProntas().data
  const areas = useRef<Partial<Record<Section, HTMLTextAreaElement | null>>>({})
  const [active, setActive] = useState<Section>('relatorio')
  const pendingCaret = useRef<{ name: Section; caret: number } | null>(null)
  useLayoutEffect(() => {
    const pending = pendingCaret.current
    if (!pending) return
    pendingCaret.current = null
    const area = areas.current[pending.name]
    area?.focus()
    area?.setSelectionRange(pending.caret, pending.caret)
  })
  if (!texto) return <p>Carregando…</p>
  const field = (name: keyof LaudoTexto, value: string | number | null) => change({ ...texto, [name]: value })
  const apply = (name: Section, edit: Edit) => {
    pendingCaret.current = { name, caret: edit.caret }
    field(name, edit.text)
  }
  const modalityPhrases = (frases ?? []).filter((f) => f.modalidade === laudo.modalidade)
  const onKeyDown = (name: Section) => (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if ((event.key !== ' ' && event.key !== 'Tab') || event.shiftKey) return
    const area = event.currentTarget
    if (area.selectionStart !== area.selectionEnd) return
    const edit = expandAtCaret(area.value, area.selectionStart, event.key, modalityPhrases)
    if (!edit) return
    event.preventDefault()
    apply(name, edit)
  }
  const insert = (phrase: string) => {
    const area = areas.current[active]
    const value = texto[active]
    const start = area?.selectionStart ?? value.length
    const end = area?.selectionEnd ?? value.length
    apply(active, insertPhrase(value, start, end, phrase))
  }
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
        <ReleaseLaudoButton
          laudoId={laudo.id}
          // the release signs the server's draft: what was typed is saved first
          disabled={autosave.state === 'dirty' || autosave.state === 'saving'}
          onReleased={() => void queryClient.invalidateQueries({ queryKey: laudoKeys.all })}
        />
      </div>
      <div className="laudo-editor__body">
        <form className="laudo-editor__form" onSubmit={(e) => e.preventDefault()}>
          {SECTIONS.map(([name, label]) => (
            <label key={name} className="laudo-editor__section">
              {label}
              <textarea
                ref={(el) => {
                  areas.current[name] = el
                }}
                value={texto[name]}
                rows={name === 'relatorio' ? 10 : 4}
                onChange={(e) => field(name, e.target.value)}
                onFocus={() => setActive(name)}
                onKeyDown={onKeyDown(name)}
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
        <aside className="laudo-editor__phrases">
          <p className="laudo-editor__target" aria-live="polite">
            Inserir em: <strong>{SECTIONS.find(([name]) => name === active)![1]}</strong>
          </p>
          <p className="laudo-editor__hint">
            Ou digite o código de uma frase (por exemplo, .normal) e tecle espaço ou Tab.
          </p>
          <PhrasePicker modalidade={laudo.modalidade} onInsert={insert} />
        </aside>
      </div>
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
      {l.rascunho ? (
        // a new version's draft starts over from its own text
        <Editor key={`${l.id}-${l.rascunho.versao}`} laudo={l} />
      ) : (
        l.liberado && <LaudoReleasedText liberado={l.liberado} />
      )}
      {l.liberado && <LaudoVersions laudoId={l.id} medico={l.medico.nome} />}
    </section>
  )
}
