// DICOM_PORT and DICOM_AE_TITLE (issue 19, docs/dicom.md): off unless the port is set, our AE title by
// DICOM's rules, every problem in Portuguese with the others (server/process/config.ts).
import { describe, expect, it } from 'vitest'
import { messages } from '@contract'
import { loadConfig } from '../../server/process/config'
import { configProblems } from '../support/config-problems'

describe('the DICOM settings', () => {
  it('off when DICOM_PORT is unset; on with the port and CLINICA by default', () => {
    expect(loadConfig({}, '/tmp').dicom).toBeUndefined()
    expect(loadConfig({ DICOM_PORT: '11112' }, '/tmp').dicom).toEqual({ port: 11112, aeTitle: 'CLINICA' })
    expect(loadConfig({ DICOM_PORT: '104', DICOM_AE_TITLE: 'RIS_CLINICA' }, '/tmp').dicom).toEqual({
      port: 104,
      aeTitle: 'RIS_CLINICA',
    })
  })

  it('refuses a bad port or AE title, in Portuguese, with the other problems', () => {
    expect(configProblems({ DICOM_PORT: 'onze', DICOM_AE_TITLE: 'UM_NOME_LONGO_DEMAIS', PORT: 'x' })).toEqual([
      'PORT="x" não é uma porta válida (um número de 0 a 65535).',
      'DICOM_PORT="onze" não é uma porta válida (um número de 0 a 65535).',
      `DICOM_AE_TITLE="UM_NOME_LONGO_DEMAIS": ${messages.aeTitleInvalid}`,
    ])
    expect(configProblems({ DICOM_PORT: '11112', DICOM_AE_TITLE: 'A\\B' })).toEqual([
      `DICOM_AE_TITLE="A\\B": ${messages.aeTitleInvalid}`,
    ])
  })
})
