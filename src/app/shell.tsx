import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { NavLink, Outlet, useNavigate } from 'react-router-dom'
import { messages } from '@contract/messages'
import { firstName } from '@/lib/format'
import {
  hasTemporaryPassword,
  hasWeakPassword,
  rememberTemporaryPassword,
  rememberWeakPassword,
} from '@/lib/weak-password'
import { isAdmin } from '@/lib/session'
import { useLinkedDoctor } from '@/lib/linked-doctor'
import { useSession } from '@/lib/use-session'
import { PageLoading } from '@/components/page-loading'
import { AppointmentPanelSlotContext, type AppointmentPanelSlot } from '@/lib/appointment-panel-slot'
import { WaitingRoomSlotContext, type WaitingRoomSlot } from '@/lib/waiting-room-slot'
import { TissSlotContext, type TissSlot } from '@/lib/tiss-slot'
import { LaudoPanelSlotContext, type LaudoPanelSlot } from '@/lib/laudo-panel-slot'
import { MoreMenu } from './more-menu'
import { OfflineBanner } from './offline-banner'
import { revokeAndEndSession } from './session-actions'

/** Shown in the footer; a tel: link so a phone dials it with one tap. */
export const SUPPORT_PHONE = { display: '(11) 4000-1234', tel: '+551140001234' }

function NavLinks({ admin, doctor, more }: { admin: boolean; doctor: boolean; more?: ReactNode }) {
  return (
    <ul className="nav-links">
      <li>
        <NavLink to="/" end>
          Página inicial
        </NavLink>
      </li>
      {doctor && (
        <li>
          <NavLink to="/minha-agenda">Minha agenda</NavLink>
        </li>
      )}
      <li>
        <NavLink to="/pacientes">Pacientes</NavLink>
      </li>
      <li>
        <NavLink to="/agendamentos">Agendamentos</NavLink>
      </li>
      {more && (
        // added around the specification's links (issue 34): on a phone it moves into 'Mais' (global.css)
        <li className="nav-links__agenda">
          <NavLink to="/agenda">Agenda</NavLink>
        </li>
      )}
      {admin && (
        <li>
          <NavLink to="/admin">Admin</NavLink>
        </li>
      )}
      {more && <li className="nav-links__more">{more}</li>}
    </ul>
  )
}

// The board's panel shows the appointments feature's desk part (src/lib/appointment-panel-slot.ts): handed
// down from here, as features never import each other; loaded when a panel first opens.
const panelSlot: AppointmentPanelSlot = {
  DeskPart: lazy(() => import('@/features/appointments/components/board-desk-part')),
}

// The board's 'Chamar' (issue 38, src/lib/waiting-room-slot.ts), handed down the same way.
const waitingRoomSlot: WaitingRoomSlot = {
  CallButton: lazy(() => import('@/features/waiting-room/components/call-button')),
}

// TISS at the desk (issue 37, src/lib/tiss-slot.ts): the profile's cards, the booking's card, the guia.
const tissSlot: TissSlot = {
  PatientCards: lazy(() => import('@/features/tiss/components/patient-cards')),
  BookingCard: lazy(() => import('@/features/tiss/components/booking-card')),
  GuiaButton: lazy(() => import('@/features/tiss/components/guia-button')),
}

// The board panel's released laudo: print, download, 'Entregar laudo' (issue 36, src/lib/laudo-panel-slot.ts).
const laudoSlot: LaudoPanelSlot = {
  LaudoPart: lazy(() => import('@/features/laudos/components/laudo-desk-part')),
}

// Loaded when opened: the initial bundle stays within its budget.
const ChangePasswordDialog = lazy(() => import('@/features/account/components/change-password-dialog'))

/** Header, footer and the signed-in pages between them (docs/product.md §2 "Shell"). */
export function AppShell() {
  const session = useSession()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const admin = isAdmin(session)
  // a user linked to a doctor has their own agenda ('Minha agenda')
  const doctor = useLinkedDoctor()
  // After a sign-in with a weak password the dialog opens by itself, saying why; 'Alterar senha' opens it too.
  const [weakAtSignIn, setWeakAtSignIn] = useState(hasWeakPassword)
  // issue 34: a temporary password is changed before anything else (the server refuses the rest meanwhile)
  const [temporary, setTemporary] = useState(hasTemporaryPassword)
  const [changingPassword, setChangingPassword] = useState(false)
  const passwordDialogOpen = changingPassword || weakAtSignIn || temporary
  const closePasswordDialog = () => {
    setChangingPassword(false)
    setWeakAtSignIn(false)
    rememberWeakPassword(false)
    setTemporary(false)
    rememberTemporaryPassword(false)
  }

  // The cache is erased (memory, IndexedDB) before the app moves to /login: a shared tablet keeps
  // nothing of this user.
  const signOut = () => {
    void revokeAndEndSession(queryClient).finally(() => navigate('/login', { replace: true }))
  }

  return (
    <>
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      <header className="app-header">
        <div className="app-header__inner">
          <span className="app-header__brand">Clínica</span>
          <nav aria-label="Menu principal">
            <NavLinks
              admin={admin}
              doctor={doctor}
              more={<MoreMenu admin={admin} doctor={doctor} onChangePassword={() => setChangingPassword(true)} />}
            />
          </nav>
          {session && <p className="app-header__greeting">Bem vindo {firstName(session.user.nome)}</p>}
        </div>
      </header>
      <OfflineBanner />
      <main id="conteudo" className="app-main" tabIndex={-1}>
        <AppointmentPanelSlotContext value={panelSlot}>
          <WaitingRoomSlotContext value={waitingRoomSlot}>
            <TissSlotContext value={tissSlot}>
              <LaudoPanelSlotContext value={laudoSlot}>
                <Suspense fallback={<PageLoading />}>
                  {temporary ? <p>{messages.temporaryPasswordMustChange}</p> : <Outlet />}
                </Suspense>
              </LaudoPanelSlotContext>
            </TissSlotContext>
          </WaitingRoomSlotContext>
        </AppointmentPanelSlotContext>
      </main>
      <footer className="app-footer">
        <div className="app-footer__inner">
          <nav aria-label="Links do rodapé">
            <NavLinks admin={admin} doctor={doctor} />
          </nav>
          <p className="app-footer__support">
            Suporte técnico: <a href={`tel:${SUPPORT_PHONE.tel}`}>{SUPPORT_PHONE.display}</a>
          </p>
          <button type="button" className="button button--ghost" onClick={() => setChangingPassword(true)}>
            Alterar senha
          </button>
          {/* on a phone, drawn in the compact top bar (global.css, issue 14); it stays the footer's button */}
          <button type="button" className="button button--ghost app-footer__sign-out" onClick={signOut}>
            Sair
          </button>
        </div>
      </footer>
      {passwordDialogOpen && (
        <Suspense fallback={null}>
          <ChangePasswordDialog
            open
            onClose={closePasswordDialog}
            forced={temporary}
            onSignOut={() => {
              closePasswordDialog()
              signOut()
            }}
            prompt={
              temporary ? messages.temporaryPasswordPrompt : weakAtSignIn ? messages.weakPasswordPrompt : undefined
            }
          />
        </Suspense>
      )}
    </>
  )
}
