// Journey (docs/journeys.md, "A forgotten password"): ADMIN gives a staff member a temporary password from
// 'Admin' on the tablet; the staff member signs in with it on the phone and is taken to 'Troque sua senha
// temporária' before anything else; after the change the home page shows the day.
import { expect, test } from '@playwright/test'
import { E2E_ADMIN } from '../../../playwright.config'
import { apiCall, apiSignIn, signIn } from '../support/app'
import { tag } from './support'

// first in the users' list (by name), whatever other specs added
const staff = { nome: `Aarão Provisório ${tag}`, email: `aarao.${tag}@clinica.local`, password: 'senha-esquecida-1' }
const chosen = 'minha senha nova de verdade'

test('a temporary password is changed at the next sign-in, before anything else', async ({ browser, request }) => {
  const admin = await apiSignIn(request, E2E_ADMIN.email, E2E_ADMIN.password)
  await apiCall(request, admin, '/users/register', staff)

  // ADMIN, on the tablet
  const desk = await browser.newContext({ viewport: { width: 1180, height: 820 } })
  const page = await desk.newPage()
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
  await page.getByRole('link', { name: 'Admin', exact: true }).first().click()
  const row = page.getByRole('row', { name: new RegExp(staff.nome) })
  await row.getByRole('button', { name: 'Redefinir senha' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click()
  const shown = page.getByRole('dialog', { name: `Senha temporária de ${staff.nome}` })
  const temporary = (await shown.getByLabel('Senha temporária').textContent())!.trim()
  expect(temporary).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/)
  await shown.getByRole('button', { name: 'Fechar' }).click()
  await desk.close()

  // the staff member, on the phone
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const mobile = await phone.newPage()
  await mobile.goto('/login')
  await mobile.getByLabel('Usuário').fill(staff.email)
  await mobile.getByLabel('Senha').fill(temporary)
  await mobile.getByRole('button', { name: 'Entrar' }).click()
  const dialog = mobile.getByRole('dialog', { name: 'Troque sua senha temporária' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toHaveCount(0)
  await expect(mobile.getByRole('heading', { name: /^Agendamentos dia / })).toHaveCount(0)
  await mobile.screenshot({ path: test.info().outputPath('temporary-password-phone.png') })
  await dialog.getByLabel('Senha temporária').fill(temporary)
  await dialog.getByLabel('Nova senha', { exact: true }).fill(chosen)
  await dialog.getByLabel('Confirme a nova senha').fill(chosen)
  await dialog.getByRole('button', { name: 'Alterar senha' }).click()
  await expect(dialog).toBeHidden()
  await expect(mobile.getByRole('heading', { name: /^Agendamentos dia / })).toBeVisible()
  await mobile.screenshot({ path: test.info().outputPath('after-change-phone.png') })
  await phone.close()
})
