import { Navigate } from 'react-router';
import { lazyNamed } from '../../ui/lazyNamed.ts';
import { TimeClockPage } from './TimeClockPage.tsx';

// the agenda and the notifications are their features' lazy chunks.
const AgendaPage = lazyNamed(() => import('../agenda/AgendaPage.tsx'), 'AgendaPage');
const NotificacionesPage = lazyNamed(() => import('../notificaciones/NotificacionesPage.tsx'), 'NotificacionesPage');

/** usuario/…: the personal screens of the user menu. */
export function UsuarioScreens({ segments }: { segments: string[] }) {
  const [page] = segments;
  if (page === 'fichajes') return <TimeClockPage />;
  if (page === 'agenda') return <AgendaPage />;
  if (page === 'notificaciones') return <NotificacionesPage />;
  return <Navigate to="/usuario/fichajes" replace />;
}
