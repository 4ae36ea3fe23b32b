import { cantidadesDe } from './cantidades.ts';
import { conversionesDe } from './conversiones.ts';
import { emisionDe } from './emision.ts';
import type { LadoDocumentos } from './lado.ts';
import { repositorioDe } from './repositorio.ts';
import { stockDe } from './stock.ts';

/**
 * The document engine of one side (issue 12): the side's declaration (`ventas/ladoVenta.ts`,
 * `compras/ladoCompra.ts`) in, every operation on its documents out — repository, conversion quantities,
 * conversions / chain / cancellation, issuing or registering, stock. `registrarRutas` (rutas.ts) serves them.
 */
export function motorDocumentos(lado: LadoDocumentos) {
  const cantidades = cantidadesDe(lado);
  const repo = repositorioDe(lado, cantidades);
  return {
    lado,
    ...cantidades,
    ...repo,
    ...conversionesDe(lado, repo, cantidades),
    ...emisionDe(lado, repo),
    ...stockDe(lado),
  };
}
export type MotorDocumentos = ReturnType<typeof motorDocumentos>;
