// What the laudo's PDF prints, built from the draft being released: one builder for the release call and for
// the demonstration's seeded laudos (server/demo/laudos.ts), so both print the patient, the exam, the sections
// and the doctor alike.
import { ageOn, clinicToday, laudoSectionTitles, type LaudoDocument } from '@contract'
import type { DraftForRelease } from '../../repositories/laudo-release'

/** 'masculino' → 'Masculino', as the laudo prints the sex. */
const capitalized = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text)

/** What the release adds to the draft: the letterhead, the responsável técnico, the code and the signature. */
export type LaudoDocumentParts = Pick<
  LaudoDocument,
  'clinica' | 'responsavelTecnico' | 'codigoVerificacao' | 'assinatura'
>

export function laudoDocumentOf(draft: DraftForRelease, parts: LaudoDocumentParts): LaudoDocument {
  const examDay = clinicToday(draft.dataExame)
  return {
    clinica: parts.clinica,
    paciente: {
      nome: draft.paciente.nome,
      nomesocial: draft.paciente.nomesocial,
      idade: Math.max(0, ageOn(draft.paciente.datanascimento.toISOString().slice(0, 10), examDay)),
      sexo: capitalized(draft.paciente.sexo),
    },
    exame: { nome: draft.exame.nome, data: examDay },
    convenio: draft.convenio || 'Particular',
    secoes: [draft.tecnica, draft.relatorio, draft.impressao]
      .map((texto, i) => ({ titulo: laudoSectionTitles[i]!, texto }))
      .filter((s) => s.texto.trim() !== ''),
    biRads: draft.exame.modalidade === 'MMG' && draft.birads !== null ? draft.birads : undefined,
    medico: {
      tratamento: draft.medico?.tratamento === 'Dra.' ? 'Dra.' : 'Dr.',
      nome: draft.medico?.nome ?? '',
      crm: draft.medico?.crm ?? '',
      crmUf: draft.medico?.crmUf ?? '',
      rqe: draft.medico?.rqe || undefined,
    },
    responsavelTecnico: parts.responsavelTecnico,
    codigoVerificacao: parts.codigoVerificacao,
    versao: draft.versao,
    assinatura: parts.assinatura,
  }
}
