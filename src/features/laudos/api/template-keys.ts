// Query keys of the laudo's templates and stock phrases (issue 36 point 2).
export const laudoTemplateKeys = {
  all: ['laudo-modelos'] as const,
  modelo: (exameId: string) => ['laudo-modelos', exameId] as const,
}
export const frasesKeys = { all: ['frases-prontas'] as const }
