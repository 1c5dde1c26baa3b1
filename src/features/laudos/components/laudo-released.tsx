// The released laudo, read-only (issue 36 point 6): a released version never changes; a correction is a
// retification ('Retificar' in 'Versões do laudo'), which opens the next version's draft.
import { laudoSectionTitles, type Laudo } from '@contract'
import { instantText } from '../lib/release-dates'
import './release.css'

export function LaudoReleasedText({ liberado }: { liberado: NonNullable<Laudo['liberado']> }) {
  const sections = [liberado.tecnica, liberado.relatorio, liberado.impressao]
  return (
    <article className="laudo-released" aria-labelledby="laudo-released-title">
      <h2 id="laudo-released-title">
        Versão {liberado.versao} liberada em {instantText(liberado.liberadoEm)}
      </h2>
      {sections.map((texto, i) =>
        texto.trim() === '' ? null : (
          <section key={laudoSectionTitles[i]} aria-label={laudoSectionTitles[i]}>
            <h3>{laudoSectionTitles[i]}</h3>
            <p className="laudo-released__text">{texto}</p>
          </section>
        ),
      )}
      {liberado.birads !== null && <p>Categoria BI-RADS: {liberado.birads}</p>}
    </article>
  )
}
