import { compare, dec, neg, toFixed, ZERO } from '@faro/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { apuntesBancarios as ab } from '../../platform/tenancy/tables.ts';
import { motorCompra } from '../compras/ladoCompra.ts';
import { asentarAlFinal } from '../contabilidad/libro.ts';
import { idDe, MSG_EXTRACTOS, permiso, zId } from './comun.ts';

export const MSG_PAGO_APUNTE = {
  noCargo: 'Solo un cargo del extracto (un importe negativo) paga una factura recibida',
} as const;

const pagarBody = z.object({ IdFactura: zId('Factura') });

/**
 * A charge of a bank statement pays a registered received invoice, in one transaction: the payment on the line's
 * account, day and amount (the purchases engine's checks: never above what is pending), and the line reconciled
 * with it. A received e-invoice paid in full so reports «pagada» with the bank's day, as any payment does.
 */
export const pagarDesdeApunte = (t: Scope, idApunte: number, idFactura: number) =>
  asentarAlFinal(t, async () => {
    const [a] = await t.select(ab, eq(ab.Id, idApunte)).for('update');
    if (!a) throw notFound();
    if (a.IdConciliado !== null) throw badRequest(MSG_EXTRACTOS.yaConciliado);
    if (compare(dec(a.Importe), ZERO) >= 0) throw badRequest(MSG_PAGO_APUNTE.noCargo);
    const pago = await motorCompra.registrarPago(t, {
      IdFactura: idFactura,
      Fecha: a.FechaOperacion,
      Importe: toFixed(neg(dec(a.Importe)), 2),
      IdTesoreria: a.IdTesoreria,
      IdConcepto: null,
      Notas: `Extracto bancario, apunte ${a.Linea}`,
    });
    await t.update(ab, { ConciliadoCon: 'pago', IdConciliado: pago.Id }, and(eq(ab.Id, a.Id), isNull(ab.IdConciliado)));
    const { empresaId: _, CreadoEn: __, ...json } = pago;
    return json;
  });

/** `POST /api/tesoreria/extractos/pagar/{apunte}` (`IdFactura`): the line pays that received invoice (201). */
export function registrarPagoDesdeApunte(app: FastifyInstance, deps: AppDeps): void {
  app.post(
    '/api/tesoreria/extractos/pagar/:id',
    permiso('TesoMovsCajaBanco', 2, 'Pagar una factura recibida con un apunte del extracto'),
    async (request, reply) => {
      const id = idDe(request);
      const body = parseBody(pagarBody, request.body) as z.infer<typeof pagarBody>;
      const pago = await deps.scopeOf(request).tx((t) => pagarDesdeApunte(t, id, body.IdFactura));
      return reply.status(201).send(pago);
    },
  );
}
