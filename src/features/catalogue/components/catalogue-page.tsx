import { Link } from 'react-router-dom'
import { messages } from '@contract'
import { useCatalogo } from '@/lib/catalogue-query'
import { useDocumentTitle } from '@/lib/use-document-title'
import { ConveniosSection } from './convenios-section'
import { ExamsSection } from './exams-section'
import { PricesSection } from './prices-section'

/** 'Catálogo' (ADMIN, from Admin): exams, convênios and their prices (docs/decisions.md, "Exam catalogue"). */
export default function CataloguePage() {
  useDocumentTitle('Catálogo')
  const catalogo = useCatalogo()
  return (
    <div className="page">
      <header className="page-header">
        <h1>Catálogo</h1>
        <Link to="/admin">Voltar à administração</Link>
      </header>
      {catalogo.data ? (
        <div className="admin-grid admin-grid--stacked">
          <ExamsSection exames={catalogo.data.exames} />
          <ConveniosSection convenios={catalogo.data.convenios} />
          <PricesSection catalogo={catalogo.data} />
        </div>
      ) : catalogo.isError ? (
        <p role="alert" className="alert">
          {messages.fetchFailed}
        </p>
      ) : (
        <p role="status">Carregando catálogo…</p>
      )}
    </div>
  )
}
