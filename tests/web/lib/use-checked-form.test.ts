import { act, renderHook } from '@testing-library/react'
import type { ChangeEvent } from 'react'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { useCheckedForm } from '@/lib/use-checked-form'

const Schema = z.strictObject({ inicio: z.string().min(1, 'Informe o início.'), motivo: z.string().min(1, 'Informe.') })
const typed = (value: string) => ({ target: { value } }) as ChangeEvent<HTMLInputElement>

describe('useCheckedForm', () => {
  it('binds a field to its value and shows the message of the request field it feeds', () => {
    const { result } = renderHook(() => useCheckedForm({ dataInicio: '', motivo: '' }))
    act(() => result.current.field('motivo').onChange(typed('Manutenção')))
    expect(result.current.form).toEqual({ dataInicio: '', motivo: 'Manutenção' })

    let checked: unknown
    act(() => {
      checked = result.current.check(Schema, { inicio: result.current.form.dataInicio, motivo: 'Manutenção' })
    })
    expect(checked).toBeUndefined()
    expect(result.current.field('dataInicio', 'inicio')).toMatchObject({ value: '', error: 'Informe o início.' })
    expect(result.current.field('motivo').error).toBeUndefined()

    act(() => {
      checked = result.current.check(Schema, { inicio: '2099-11-28', motivo: 'Manutenção' })
    })
    expect(checked).toEqual({ inicio: '2099-11-28', motivo: 'Manutenção' })
    expect(result.current.errors).toEqual({})
  })
})
