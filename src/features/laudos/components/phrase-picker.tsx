// A searchable list of a modality's stock phrases (issue 36 point 2), for the laudo editor: a click hands
// the phrase's text to `onInsert`. Searches the code and the text, whatever the case and accents.
import { useId, useState } from 'react'
import { sortFrases, type Modalidade } from '@contract'
import { useFrasesProntas } from '../api/phrase-list'
import './template.css'

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

export function PhrasePicker({ modalidade, onInsert }: { modalidade: Modalidade; onInsert: (texto: string) => void }) {
  const frases = useFrasesProntas()
  const [busca, setBusca] = useState('')
  const id = useId()
  const wanted = fold(busca.trim().replace(/^\./, ''))
  const shown = sortFrases(frases.data ?? []).filter(
    (f) => f.modalidade === modalidade && (fold(f.codigo).includes(wanted) || fold(f.texto).includes(wanted)),
  )
  return (
    <div role="group" aria-labelledby={`${id}-title`} className="phrase-picker">
      <p id={`${id}-title`}>Frases prontas</p>
      <label htmlFor={`${id}-search`}>Buscar frase</label>
      <input
        id={`${id}-search`}
        type="search"
        className="field__control"
        value={busca}
        onChange={(event) => setBusca(event.target.value)}
      />
      {frases.isPending ? (
        <p role="status">Carregando frases…</p>
      ) : shown.length === 0 ? (
        <p>Nenhuma frase pronta.</p>
      ) : (
        <ul className="phrase-picker__list">
          {shown.map((f) => (
            <li key={f.id}>
              <button type="button" className="button button--small" onClick={() => onInsert(f.texto)}>
                <strong>.{f.codigo}</strong> {f.texto}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
