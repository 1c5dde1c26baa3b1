import { Link } from 'react-router-dom'
import { messages } from '@contract'
import { useClinicSettings } from '@/lib/clinic-settings'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useDoctorHours, useEquipmentAdmin } from '../api/equipment-admin'
import { BlocksSection } from './blocks-section'
import { ClinicHoursSection } from './clinic-hours-section'
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
  const clinic = useClinicSettings()
  return (
    <div className="page">
      <header className="page-header">
        <h1>Equipamentos e horários</h1>
        <Link to="/admin">Voltar à administração</Link>
      </header>
      {equipment.data && doctors.data && clinic.data ? (
        // one section under the other at full width: the machines' table and hours need it (issue 34)
        <div className="admin-grid admin-grid--stacked">
          <ClinicHoursSection horarios={clinic.data.horarios} />
          <EquipmentSection equipamentos={equipment.data.equipamentos} />
          <BlocksSection equipamentos={equipment.data.equipamentos} bloqueios={equipment.data.bloqueios} />
          <DoctorHoursSection medicos={doctors.data} />
          <DicomSection equipamentos={equipment.data.equipamentos} />
        </div>
      ) : equipment.isError || doctors.isError || clinic.isError ? (
        <p role="alert" className="alert">
          {messages.fetchFailed}
        </p>
      ) : (
        <p role="status">Carregando equipamentos…</p>
      )}
    </div>
  )
}
