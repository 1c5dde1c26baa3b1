// 'Modelos de laudo' (issue 36 point 2): pick a catalogue exam (or come from its row in 'Catálogo') and edit
// its template. ADMIN and doctor-linked users save; the server refuses anyone else.
import { Link, useSearchParams } from 'react-router-dom'
import { messages } from '@contract'
import { SelectField } from '@/components/form-fields'
import { useCatalogo } from '@/lib/catalogue-query'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useModeloLaudo } from '../api/template-modelo'
import { TemplateEditor } from './template-editor'
import './template.css'

export default function TemplatePage() {
  useDocumentTitle('Modelos de laudo')
  const [params, setParams] = useSearchParams()
  const exameId = params.get('exame') ?? ''
  const catalogo = useCatalogo()
  const modelo = useModeloLaudo(exameId)
  const exames = catalogo.data?.exames ?? []
  const exame = exames.find((e) => e.id === exameId)

  return (
    <div className="page">
      <header className="page-header">
        <h1>Modelos de laudo</h1>
        <Link to="/laudos/frases">Frases prontas</Link>
      </header>
      <section className="card" aria-labelledby="template-exam-title">
        <h2 id="template-exam-title">{exame ? exame.nome : 'Escolha o exame'}</h2>
        <SelectField
          label="Exame"
          value={exameId}
          onChange={(event) => setParams(event.target.value ? { exame: event.target.value } : {})}
        >
          <option value="">Selecione o exame</option>
          {exames.map((e) => (
            <option key={e.id} value={e.id}>
              {e.nome} ({e.modalidade})
            </option>
          ))}
        </SelectField>
        {exameId === '' ? null : modelo.data && exame ? (
          <TemplateEditor key={exameId} modelo={modelo.data} exameNome={exame.nome} />
        ) : modelo.isError || catalogo.isError ? (
          <p role="alert" className="alert">
            {messages.fetchFailed}
          </p>
        ) : (
          <p role="status">Carregando modelo…</p>
        )}
      </section>
    </div>
  )
}
