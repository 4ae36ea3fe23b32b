import { ErrorFormato, leerFacturaElectronica } from '@faro/domain';
import type { FastifyInstance } from 'fastify';
import { access } from '../../../platform/auth/access.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { assertCleanInput } from '../../../platform/http/inputGuard.ts';
import { ensureMultipart, readUpload } from '../../../platform/http/uploads.ts';
import { ADJUNTO_LIMITE_KB } from '../../compras/adjuntos.ts';
import { motorCompra } from '../../compras/ladoCompra.ts';
import { importarFacturaRecibida } from './importar.ts';

export const RUTA_IMPORTAR_XML = '/api/compras/fcompra/importar-xml';

/**
 * `POST /api/compras/fcompra/importar-xml` (multipart, the file in any field): a received UBL e-invoice becomes a
 * draft received invoice — supplier matched by NIF or created, lines, taxes, withholding — with the file kept as
 * its original (`fcompra/adjunto/{id}`). 201 with the draft's id, its supplier and every total of the XML that
 * disagrees with Faro's computation (in Spanish), to be seen before registering. A file that is not a UBL invoice
 * is a 400, one Faro cannot book (a VAT rate the company lacks, no supplier NIF) a 422: nothing written. An
 * invoice in another currency is copied as it is, with `AvisoMoneda` saying so.
 */
export function registrarRecepcionEfactura(app: FastifyInstance, deps: AppDeps): void {
  ensureMultipart(app);
  const def = motorCompra.lado.recursos.fcompra!;
  app.post(
    RUTA_IMPORTAR_XML,
    {
      config: { access: access.permission(def.permission, 2, def.module) },
      schema: { tags: ['compras'], summary: 'Factura recibida: importar una factura electrónica (UBL)' },
    },
    async (request, reply) => {
      const upload = await readUpload(request, ADJUNTO_LIMITE_KB);
      let leida: ReturnType<typeof leerFacturaElectronica>;
      try {
        leida = leerFacturaElectronica(upload.bytes);
      } catch (e) {
        if (e instanceof ErrorFormato) throw badRequest(e.message);
        throw e;
      }
      // The file is read past the JSON input guard: what it says is stored and shown, so it meets the same rule.
      assertCleanInput(leida);
      const scope = deps.scopeOf(request);
      const hecha = await scope.tx((t) =>
        importarFacturaRecibida(t, leida, { nombre: upload.filename || 'factura.xml', bytes: upload.bytes }),
      );
      return reply.status(201).send({
        ...hecha,
        NumFacturaProveedor: leida.Numero,
        Totales: leida.Totales,
        Retencion: leida.Retencion,
        Vencimientos: leida.Vencimientos,
        Aviso: hecha.Diferencias.length ? MSG_AVISO : null,
      });
    },
  );
}

const MSG_AVISO =
  'Los totales de la factura electrónica no coinciden con los que calcula Faro: revísalos antes de registrarla';
