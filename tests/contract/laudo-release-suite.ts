// The contract suite's bad bodies for the laudo's release, PDF, retification, delivery and verification
// (issue 36 points 5–8): the server and the msw mock refuse them with the same 400. Their successful answers
// are proven on the server (tests/server/laudo-release.test.ts); see LAUDO_CALLS_AWAITING_ONE_MOCK_STORE.
const someId = '00000000-0000-4000-8000-000000000000'

export const laudoReleaseBadBodies = {
  liberarLaudo: [{}, { laudoId: 'x' }, { laudoId: someId, lembrarSenha: 'sim' }, { laudoId: someId, extra: 1 }],
  versoesLaudo: [{}, { laudoId: 1 }],
  pdfLaudo: [{}, { laudoId: someId }, { laudoId: someId, versao: 0 }, { laudoId: someId, versao: 1.5 }],
  retificarLaudo: [
    {},
    { laudoId: someId },
    { laudoId: someId, motivo: '   ' },
    { laudoId: someId, motivo: 'x'.repeat(501) },
  ],
  entregarLaudo: [
    {},
    { laudoId: someId, recebedor: 'vizinho' },
    { laudoId: someId, recebedor: 'terceiro', nome: 'Ana', cpf: '111.111.111-11' },
    { laudoId: someId, recebedor: 'terceiro', nome: '', cpf: '529.982.247-25' },
  ],
  verificarLaudo: [{}, { codigo: 'x'.repeat(41) }, { codigo: '!!!!' }],
}
