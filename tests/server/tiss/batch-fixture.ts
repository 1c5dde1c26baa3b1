// A TISS batch document for the tests (contract/tiss-batch.ts): accents in every kind of text, two guias.
import type { TissGuia, TissLoteDocument } from '@contract'

export function tissGuia(numero: string, overrides: Partial<TissGuia> = {}): TissGuia {
  return {
    numeroGuiaPrestador: numero,
    numeroGuiaOperadora: `OP${numero}`,
    autorizacao: { senha: `S${numero}`, data: '2026-11-02', validade: '2026-12-02' },
    beneficiario: { carteirinha: `0099${numero}`, nome: 'João Conceição' },
    solicitante: { nome: 'Inês Araújo', conselho: 'CRM', numero: '123456', uf: 'SP', cbo: '225125' },
    carater: 'ELETIVO',
    indicacaoClinica: 'Dor abdominal à esquerda & náusea',
    dataSolicitacao: '2026-11-01',
    execucao: { data: '2026-11-10', horaInicial: '09:30:00', horaFinal: '09:50:00' },
    executante: { nome: 'Sérgio Lúcio', conselho: 'CRM', numero: '654321', uf: 'SP', cbo: '225320' },
    procedimentos: [
      {
        codigo: '40901122',
        tabela: '22',
        descricao: 'US - abdome total (abdômen superior, rins, bexiga)',
        quantidade: 1,
        valorUnitario: 15_000,
        valorTotal: 15_000,
      },
    ],
    ...overrides,
  }
}

export function tissDocument(guias: TissGuia[] = [tissGuia('1001'), tissGuia('1002')]): TissLoteDocument {
  return {
    operadora: { registroAns: '123456', codigoPrestador: 'PREST0042' },
    clinica: { cnes: '1234567', cnpj: '12345678000195', nome: 'Clínica São Lucas de Imagem' },
    numeroLote: '7',
    geradoEm: { data: '2026-11-27', hora: '14:05:00' },
    guias,
  }
}
