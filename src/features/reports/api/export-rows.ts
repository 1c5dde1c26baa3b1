import type { RelatorioRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { buildCsv, csvFileName } from '../lib/csv'

/**
 * 'Exportar planilha': reads the range's appointments and hands the CSV to the browser as a download.
 * Not a cached query: the file is written from what the server says at the moment of the click.
 */
export async function downloadSpreadsheet(range: RelatorioRequest): Promise<void> {
  const { linhas } = await callApi('relatorioAgendamentos', range)
  const blob = new Blob([buildCsv(linhas)], { type: 'text/csv;charset=utf-8' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = csvFileName(range.de, range.ate)
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
