// The modalities of radiology exams (docs/decisions.md "Agenda and equipment"): one list, used by the
// equipment a machine serves and by the exam catalogue, so that an exam finds the machines that can do it.
import { z } from 'zod'
import { messages } from './messages'

import { MODALIDADES } from './modality-names'

export { MODALIDADES, modalidadeLabels, type Modalidade } from './modality-names'

export const modalidadeField = z.enum(MODALIDADES, { error: messages.modalityInvalid })
