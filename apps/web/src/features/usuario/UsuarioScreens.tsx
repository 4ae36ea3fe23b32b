import { Navigate } from 'react-router';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';
import { TimeClockPage } from './TimeClockPage.tsx';

/** usuario/…: the personal screens of the user menu. */
export function UsuarioScreens({ segments }: { segments: string[] }) {
  const [page] = segments;
  if (page === 'fichajes') return <TimeClockPage />;
  if (page === 'agenda') return <PlaceholderPage title="Mi agenda" />;
  if (page === 'notificaciones') return <PlaceholderPage title="Notificaciones" />;
  return <Navigate to="/usuario/fichajes" replace />;
}
