import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Dialog } from '@/components/dialog'
import { FormActions } from '@/components/form-actions'
import { SelectField, TextAreaField, TextField } from '@/components/form-fields'

function Harness({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <Dialog
        open={open}
        onClose={() => {
          onClose()
          setOpen(false)
        }}
        title="Novo agendamento"
        footer={
          <button type="button" onClick={() => setOpen(false)}>
            Fechar
          </button>
        }
      >
        <TextField label="Valor" />
      </Dialog>
    </>
  )
}

describe('Dialog', () => {
  it('opens as a modal named by its title, closes on Esc and gives focus back to the opener', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    render(<Harness onClose={onClose} />)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    const opener = screen.getByRole('button', { name: 'Abrir' })
    await user.click(opener)
    const dialog = screen.getByRole('dialog', { name: 'Novo agendamento' })
    expect(dialog).toHaveAttribute('open')
    expect(screen.getByRole('heading', { level: 2, name: 'Novo agendamento' })).toBeInTheDocument()
    await user.click(screen.getByLabelText('Valor'))
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledOnce()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()
  })

  it('closes from its own footer button too', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.click(screen.getByRole('button', { name: 'Abrir' }))
    await user.click(screen.getByRole('button', { name: 'Fechar' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Abrir' })).toHaveFocus()
  })
})

describe('ConfirmDialog', () => {
  it("asks with 'Confirmar' and 'Cancelar'", async () => {
    const user = userEvent.setup()
    const onConfirm = vi.fn()
    const onCancel = vi.fn()
    render(
      <ConfirmDialog
        open
        message="Deseja realmente excluir este paciente?"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    )
    expect(screen.getByRole('dialog', { name: 'Deseja realmente excluir este paciente?' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Confirmar' }))
    await user.click(screen.getByRole('button', { name: 'Cancelar' }))
    expect(onConfirm).toHaveBeenCalledOnce()
    expect(onCancel).toHaveBeenCalledOnce()
  })

  it('disables both buttons while busy', () => {
    render(
      <ConfirmDialog
        open
        busy
        message="Deseja realmente excluir este agendamento?"
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    )
    expect(screen.getByRole('button', { name: 'Confirmar' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled()
  })

  it("with nothing to confirm: only its closing button ('Marcar faltas' with no one late)", async () => {
    const user = userEvent.setup()
    const onCancel = vi.fn()
    render(
      <ConfirmDialog
        open
        message="Marcar faltas"
        confirmable={false}
        cancelLabel="Fechar"
        onConfirm={() => {}}
        onCancel={onCancel}
      >
        <p>Nenhum atrasado.</p>
      </ConfirmDialog>,
    )
    const dialog = screen.getByRole('dialog', { name: 'Marcar faltas' })
    expect(within(dialog).queryByRole('button', { name: 'Confirmar' })).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }))
    expect(onCancel).toHaveBeenCalledOnce()
  })
})

describe('FormActions', () => {
  it("the submit, busy while saving; 'Cancelar edição' only while a record is edited", async () => {
    const user = userEvent.setup()
    const onCancelEdit = vi.fn()
    const { rerender } = render(<FormActions submitLabel="Salvar exame" />)
    expect(screen.getByRole('button', { name: 'Salvar exame' })).toBeEnabled()
    expect(screen.queryByRole('button', { name: 'Cancelar edição' })).not.toBeInTheDocument()
    rerender(<FormActions submitLabel="Salvar alterações do exame" pending onCancelEdit={onCancelEdit} />)
    const submit = screen.getByRole('button', { name: 'Salvar alterações do exame' })
    expect(submit).toBeDisabled()
    expect(submit).toHaveAttribute('aria-busy', 'true')
    await user.click(screen.getByRole('button', { name: 'Cancelar edição' }))
    expect(onCancelEdit).toHaveBeenCalledOnce()
    rerender(<FormActions submitLabel="Salvar exame" disabled />)
    expect(screen.getByRole('button', { name: 'Salvar exame' })).not.toHaveAttribute('aria-busy')
    expect(screen.getByRole('button', { name: 'Salvar exame' })).toBeDisabled()
  })
})

describe('form fields', () => {
  it('bind a visible label, the hint and the error through aria', () => {
    render(
      <>
        <TextField label="Nome" error="Obrigatório*" hint="Como no documento" />
        <SelectField label="Sexo" error="Opção inválida!">
          <option value="">Selecione</option>
        </SelectField>
        <TextAreaField label="Anotação do médico" maxLength={200} />
      </>,
    )
    const nome = screen.getByLabelText('Nome')
    expect(nome).toHaveAttribute('aria-invalid', 'true')
    expect(nome).toHaveAccessibleDescription('Como no documento Obrigatório*')
    expect(screen.getByLabelText('Sexo')).toHaveAccessibleDescription('Opção inválida!')
    const note = screen.getByLabelText('Anotação do médico')
    expect(note).not.toHaveAttribute('aria-invalid')
    expect(note).not.toHaveAttribute('aria-describedby')
    expect(note).toHaveAttribute('maxlength', '200')
  })

  it('forward the ref (react-hook-form register)', () => {
    let element: HTMLInputElement | null = null
    render(<TextField label="CPF" ref={(node) => void (element = node)} />)
    expect(element).toBe(screen.getByLabelText('CPF'))
  })
})
