import type { RouteDef } from '@faro/domain';
import { CobrosPage } from './CobrosPage.tsx';
import { LibroFacturasEmitidas } from './LibroFacturas.tsx';
import { LADO_COBROS, LADO_PAGOS } from './ladoPagos.ts';

export const COBRO_GUARDADO = LADO_COBROS.guardado;

/**
 * Screens of movstesoreriac (collections, with the overdue invoices) and factemitidas (issued-invoice book), and
 * their purchase twins movstesoreriap (payments) and factrecibidas (received-invoice book): one set of screens,
 * two sides (`ladoPagos.ts`).
 */
export function CobrosScreens({ action, route }: { action: string; segments: string[]; route: RouteDef }) {
  const lado = action === 'movstesoreriap' || action === 'factrecibidas' ? LADO_PAGOS : LADO_COBROS;
  if (action === 'factemitidas' || action === 'factrecibidas')
    return <LibroFacturasEmitidas title={route.title} lado={lado} />;
  return <CobrosPage title={route.title} lado={lado} />;
}
