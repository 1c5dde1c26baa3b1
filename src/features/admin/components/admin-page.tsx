import { lazy, Suspense } from 'react'
import { Link } from 'react-router-dom'
import { useDocumentTitle } from '@/lib/use-document-title'
import { DoctorForm } from './doctor-form'
import { DoctorsList } from './doctors-list'
import { InactivePatients } from './inactive-patients'
import { UserDoctorLinks } from './user-doctor-links'
import { UserForm } from './user-form'
import { UsersList } from './users-list'

// Its own chunk: the settings form (and its template's texts) arrive after the page.
const ClinicSettingsForm = lazy(() => import('./clinic-settings-form'))
// the laudo's settings (issue 36), in a chunk of their own too
const LaudoSettingsForm = lazy(() => import('./laudo-settings-form'))

/** Administration (docs/product.md §2): only reached through the app's admin guard. */
export default function AdminPage() {
  useDocumentTitle('Administração')
  return (
    <div className="page">
      <header className="page-header">
        <h1>Administração</h1>
        {/* the exam catalogue, convênios and prices (docs/decisions.md, "Exam catalogue") */}
        <Link to="/admin/catalogo">Catálogo</Link>
        {/* machines, blocks and doctors' hours (docs/decisions.md "Agenda and equipment") */}
        <Link to="/admin/equipamentos">Equipamentos</Link>
        {/* the waiting room's TV panels (issue 38) */}
        <Link to="/admin/paineis">Painéis</Link>
      </header>
      <div className="admin-grid">
        <DoctorForm />
        <UserForm />
        <UsersList />
        <DoctorsList />
        <InactivePatients />
        <UserDoctorLinks />
        <Suspense fallback={null}>
          <ClinicSettingsForm />
        </Suspense>
        <Suspense fallback={null}>
          <LaudoSettingsForm />
        </Suspense>
      </div>
    </div>
  )
}
