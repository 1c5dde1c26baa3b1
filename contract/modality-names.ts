// The modalities' codes and names without zod: the message templates (contract/whatsapp.ts, through
// contract/exam-names.ts) are in the first download, which must not load zod (scripts/check-size.ts).
// contract/modalities.ts adds the field's schema and re-exports these.

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
