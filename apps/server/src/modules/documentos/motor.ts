import { cantidadesDe } from './cantidades.ts';
import { conversionesDe } from './conversiones.ts';
import { emisionDe } from './emision.ts';
import { envioDe } from './envio.ts';
import type { LadoDocumentos } from './lado.ts';
import { pagosDe } from './pagos.ts';
import { pdfDe } from './pdf.ts';
import { plantillasDe } from './plantillas.ts';
import { repositorioDe } from './repositorio.ts';
import { stockDe } from './stock.ts';
import { vencimientosDe } from './vencimientos.ts';

/**
 * The document engine of one side: the side's declaration (`ventas/ladoVenta.ts`,
 * `compras/ladoCompra.ts`) in, every operation on its documents out — repository, conversion quantities,
 * conversions / chain / cancellation, issuing or registering, stock, due dates, payments, PDF and e-mail, recurring templates. `registrarRutas` (rutas.ts) serves them.
 */
export function motorDocumentos(lado: LadoDocumentos) {
  const cantidades = cantidadesDe(lado);
  const repo = repositorioDe(lado, cantidades);
  const vencimientos = vencimientosDe(lado);
  const pdf = pdfDe(lado, vencimientos);
  return {
    lado,
    ...cantidades,
    ...repo,
    ...conversionesDe(lado, repo, cantidades),
    ...emisionDe(lado, repo, vencimientos),
    ...stockDe(lado),
    ...vencimientos,
    ...pagosDe(lado, repo, vencimientos),
    ...pdf,
    ...envioDe(lado, repo, vencimientos, pdf),
    ...plantillasDe(lado, repo),
  };
}
export type MotorDocumentos = ReturnType<typeof motorDocumentos>;
