// A status move made by a machine through DICOM MPPS (issue 19) reads, in 'Histórico de alterações', as made
// by that machine: its name where a user's would be.
import { render, screen } from '@testing-library/react'
import { expect, it } from 'vitest'
import { ChangeHistory } from '@/components/change-history'

it("names the machine as the author of a move it made ('Sala de Raio-X 1')", () => {
  render(
    <ChangeHistory
      status="success"
      entries={[
        {
          at: '2026-03-18T11:20:00.000Z',
          action: 'status',
          user: null,
          equipamento: { id: '1d0c3f2e-6a1b-4c8d-9e0f-1a2b3c4d5e6f', nome: 'Sala de Raio-X 1' },
          fields: ['status'],
          status: { de: 'aguardando', para: 'em_atendimento' },
        },
      ]}
    />,
  )
  const item = screen.getByRole('listitem')
  expect(item).toHaveTextContent(/Status alterado: Aguardando → Em atendimento — Sala de Raio-X 1$/)
  expect(item).not.toHaveTextContent('usuário desconhecido')
})
