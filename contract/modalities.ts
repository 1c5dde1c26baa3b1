// The modalities of radiology exams (docs/decisions.md "Agenda and equipment"): one list, used by the
// equipment a machine serves and by the exam catalogue, so that an exam finds the machines that can do it.
import { z } from 'zod'
import { messages } from './messages'

/** Modality codes as the API carries them. */
export const MODALIDADES = ['RX', 'US', 'TC', 'RM', 'MMG', 'DO', 'Outros'] as const
export type Modalidade = (typeof MODALIDADES)[number]

/** Their names on screen. */
export const modalidadeLabels: Record<Modalidade, string> = {
  RX: 'Raio-X',
  US: 'Ultrassonografia',
  TC: 'Tomografia',
  RM: 'Ressonância magnética',
  MMG: 'Mamografia',
  DO: 'Densitometria óssea',
  Outros: 'Outros',
}

export const modalidadeField = z.enum(MODALIDADES, { error: messages.modalityInvalid })
