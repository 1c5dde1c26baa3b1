// The patient screens' own texts of issue 14 (docs/decisions.md, "Brazilian forms"): said only by the PWA,
// never by the API, so they stay out of the contract, which the start-up bundle carries.
export const formTexts = {
  ufInvalid: 'Selecione uma UF da lista.',
  birthDateFormat: 'Digite a data de nascimento como DD/MM/AAAA.',
  birthDateImpossible: 'Essa data não existe: confira o dia e o mês.',
  birthDateFuture: 'A data de nascimento não pode ser depois de hoje.',
  /** The extra option of an older record whose Estado is free text (docs/decisions.md "Brazilian forms"). */
  ufLegacy: '{estado} (escolha a UF)',
  cepNotFound: 'CEP não encontrado. Preencha o endereço.',
  cepUnavailable: 'Busca de CEP indisponível agora. Preencha o endereço.',
  cepSearching: 'Buscando endereço…',
  cepFound: 'Endereço preenchido pelo CEP. Confira e complete.',
  deleteHasAppointments: 'Este paciente tem agendamentos ({n}): a exclusão será recusada.',
  duplicateActive: 'Já existe um paciente com este CPF:',
  duplicateInactive: 'Este CPF é de um paciente inativo:',
  duplicateInactiveAskAdmin: 'Este CPF é de um paciente inativo. Peça a um administrador para reativá-lo.',
} as const

// The 27 federative units: 'Estado' offers these (one list with the CRM's UF, in the contract).
export { UFS } from '@contract'
