import { useEffect, useId, useRef, useState } from 'react'
import { NavLink, useLocation } from 'react-router-dom'

export interface MoreMenuProps {
  admin: boolean
  /** A user linked to a doctor: the front desk's pages ('Confirmações de amanhã') are not theirs. */
  doctor: boolean
  onChangePassword: () => void
}

/**
 * 'Mais' (issue 34): every screen beyond the specification's header links, one click away from any page —
 * a disclosure button and a list of links, each only for the roles that may use it. It closes on a choice,
 * on Escape, on a click outside and when the page changes.
 */
export function MoreMenu({ admin, doctor, onChangePassword }: MoreMenuProps) {
  const { pathname } = useLocation()
  // open on the page it was opened on: another page (a link, the back button) finds it closed
  const [openOn, setOpenOn] = useState<string | null>(null)
  const open = openOn === pathname
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null)
  const listId = useId()
  const root = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenOn(null)
    }
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpenOn(null)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open])
  const close = () => setOpen(false)
  return (
    <div className="more-menu" ref={root}>
      <button
        type="button"
        className="more-menu__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        Mais
      </button>
      <ul id={listId} className="more-menu__list" hidden={!open} aria-label="Mais páginas">
        {/* on a phone the bar has no room for 'Agenda': it is here (global.css hides it on a wide screen) */}
        <li className="more-menu__agenda">
          <NavLink to="/agenda" onClick={close}>
            Agenda
          </NavLink>
        </li>
        {!doctor && (
          <li>
            <NavLink to="/confirmacoes" onClick={close}>
              Confirmações de amanhã
            </NavLink>
          </li>
        )}
        <li>
          <NavLink to="/relatorios" onClick={close}>
            Relatórios
          </NavLink>
        </li>
        {admin && (
          <>
            <li>
              <NavLink to="/admin/catalogo" onClick={close}>
                Catálogo
              </NavLink>
            </li>
            <li>
              <NavLink to="/admin/equipamentos" onClick={close}>
                Equipamentos
              </NavLink>
            </li>
            <li>
              <NavLink to="/admin/tiss" onClick={close}>
                Dados TISS
              </NavLink>
            </li>
          </>
        )}
        {(doctor || admin) && (
          // issue 36: the laudo's worklist, its templates and stock phrases, for doctors and ADMIN
          <>
            <li>
              <NavLink to="/laudos" end onClick={close}>
                Laudos
              </NavLink>
            </li>
            <li>
              <NavLink to="/laudos/modelos" onClick={close}>
                Modelos de laudo
              </NavLink>
            </li>
            <li>
              <NavLink to="/laudos/frases" onClick={close}>
                Frases prontas
              </NavLink>
            </li>
          </>
        )}
        <li>
          <button
            type="button"
            onClick={() => {
              close()
              onChangePassword()
            }}
          >
            Minha conta: alterar senha
          </button>
        </li>
        {doctor && (
          <li>
            <NavLink to="/conta/certificado" onClick={close}>
              Minha conta: certificado digital
            </NavLink>
          </li>
        )}
        {/* issue 36 point 7: the laudos handed over at the desk, for everyone */}
        <li>
          <NavLink to="/laudos/entregas" onClick={close}>
            Laudos entregues
          </NavLink>
        </li>
        {admin && (
          // issue 37 points 4–5: the convênios' batches
          <li>
            <NavLink to="/admin/faturamento" onClick={close}>
              Faturamento
            </NavLink>
          </li>
        )}
      </ul>
    </div>
  )
}
