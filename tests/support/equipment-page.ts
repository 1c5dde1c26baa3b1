// ADMIN's way to 'Equipamentos e horários': from Admin, its link — shared by the equipment and DICOM tests.
import { screen } from '@testing-library/react'
import { renderApp } from './render-app'

/** Renders the app at /admin as ADMIN and follows 'Equipamentos' until the page's heading shows. */
export async function openEquipment() {
  const app = renderApp('/admin', { as: 'admin' })
  await app.user.click(await screen.findByRole('link', { name: 'Equipamentos' }))
  await screen.findByRole('heading', { name: 'Equipamentos e horários', level: 1 })
  return app
}
