// One exam's laudo template: 'Técnica', 'Relatório' and 'Impressão diagnóstica' as text areas, and the
// placeholders as buttons that insert at the cursor of the section last edited (issue 36 point 2).
import { useRef, useState, type FormEvent } from 'react'
import {
  LAUDO_PLACEHOLDERS,
  MODELO_SECOES,
  SalvarModeloLaudoRequest,
  type LaudoPlaceholder,
  type ModeloLaudo,
  type ModeloSecao,
} from '@contract'
import { FormAlert } from '@/components/form-alert'
import { FormActions } from '@/components/form-actions'
import { TextAreaField } from '@/components/form-fields'
import { useCheckedForm } from '@/lib/use-checked-form'
import { useSaveModeloLaudo } from '../api/template-modelo'

type Sections = Pick<ModeloLaudo, ModeloSecao>

export function TemplateEditor({ modelo, exameNome }: { modelo: ModeloLaudo; exameNome: string }) {
  const { form, set, errors, field, check } = useCheckedForm<Sections>({
    tecnica: modelo.tecnica,
    relatorio: modelo.relatorio,
    impressao: modelo.impressao,
  })
  const save = useSaveModeloLaudo()
  const areas = useRef<Partial<Record<ModeloSecao, HTMLTextAreaElement | null>>>({})
  // where a placeholder goes: the section last focused, at its cursor (the end until one is focused)
  const [target, setTarget] = useState<ModeloSecao>('relatorio')
  const caret = useRef<{ start: number; end: number } | null>(null)

  const remember = (campo: ModeloSecao, area: HTMLTextAreaElement) => {
    setTarget(campo)
    caret.current = { start: area.selectionStart, end: area.selectionEnd }
  }

  const insert = (placeholder: LaudoPlaceholder) => {
    const text = form[target]
    const { start, end } = caret.current ?? { start: text.length, end: text.length }
    set({ [target]: text.slice(0, start) + placeholder + text.slice(end) } as Partial<Sections>)
    const at = start + placeholder.length
    caret.current = { start: at, end: at }
    // back to the text, the cursor after what was inserted
    requestAnimationFrame(() => {
      const area = areas.current[target]
      area?.focus()
      area?.setSelectionRange(at, at)
    })
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = check(SalvarModeloLaudoRequest, { exameId: modelo.exameId, ...form })
    if (checked) save.mutate(checked)
  }

  const targetTitle = MODELO_SECOES.find((s) => s.campo === target)!.titulo
  return (
    <form onSubmit={submit} noValidate className="form-grid" aria-label={`Modelo de laudo: ${exameNome}`}>
      <FormAlert failure={save.failure} className="form-grid__full" />
      <div role="group" aria-label="Marcadores" className="form-grid__full template-editor__placeholders">
        <p className="template-editor__hint">Inserir marcador em {targetTitle}:</p>
        {Object.entries(LAUDO_PLACEHOLDERS).map(([placeholder, description]) => (
          <button
            key={placeholder}
            type="button"
            className="button button--small"
            title={description}
            // keeps the section's focus and cursor while the button is pressed
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => insert(placeholder as LaudoPlaceholder)}
          >
            {placeholder}
          </button>
        ))}
      </div>
      {MODELO_SECOES.map(({ campo, titulo }) => (
        <TextAreaField
          key={campo}
          ref={(area) => {
            areas.current[campo] = area
          }}
          label={titulo}
          className="form-grid__full"
          rows={campo === 'impressao' ? 3 : 6}
          {...field(campo)}
          error={errors[campo]}
          onFocus={(event) => remember(campo, event.currentTarget)}
          onSelect={(event) => remember(campo, event.currentTarget)}
          onChange={(event) => {
            remember(campo, event.currentTarget)
            set({ [campo]: event.target.value } as Partial<Sections>)
          }}
        />
      ))}
      <FormActions className="form-grid__full" submitLabel="Salvar modelo" pending={save.isPending} />
    </form>
  )
}
