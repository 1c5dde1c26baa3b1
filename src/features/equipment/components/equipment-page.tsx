import { Link } from 'react-router-dom'
import { messages } from '@contract'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useDoctorHours, useEquipmentAdmin } from '../api/equipment-admin'
import { BlocksSection } from './blocks-section'
import { DicomSection } from './dicom-section'
import { DoctorHoursSection } from './doctor-hours-section'
import { EquipmentSection } from './equipment-section'

/**
 * 'Equipamentos' (ADMIN, from Admin; docs/product.md §21): machines with their modalities and hours, their
 * blocks, and doctors' hours: what the agenda and 'Próximos horários livres' decide with.
 */
export default function EquipmentPage() {
  useDocumentTitle('Equipamentos')
  const equipment = useEquipmentAdmin()
  const doctors = useDoctorHours()
  return (
    <div className="page">
      <header className="page-header">
        <h1>Equipamentos e horários</h1>
        <Link to="/admin">Voltar à administração</Link>
      </header>
      {equipment.data && doctors.data ? (
        <div className="admin-grid">
          <EquipmentSection equipamentos={equipment.data.equipamentos} />
          <BlocksSection equipamentos={equipment.data.equipamentos} bloqueios={equipment.data.bloqueios} />
          <DoctorHoursSection medicos={doctors.data} />
          <DicomSection equipamentos={equipment.data.equipamentos} />
        </div>
      ) : equipment.isError || doctors.isError ? (
        <p role="alert" className="alert">
          {messages.fetchFailed}
        </p>
      ) : (
        <p role="status">Carregando equipamentos…</p>
      )}
    </div>
  )
}
