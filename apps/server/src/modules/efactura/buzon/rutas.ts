import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { access } from '../../../platform/auth/access.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { efacturaCorreos } from '../../../platform/tenancy/tables.ts';
import { motorCompra } from '../../compras/ladoCompra.ts';
import { direccionBuzon, rotarBuzon, tokenBuzon } from './buzon.ts';

export const RUTA_BUZON = '/api/compras/fcompra/buzon';

const MSG_INACTIVO =
  'El buzón de facturas electrónicas no está activo en este servidor: lo activa quien lo administra (FARO_BUZON_DOMINIO)';

/**
 * The company's e-invoice mailbox: `GET …/buzon` its address (`Activo` false, with the reason, while the server
 * has no mailbox domain), `POST …/buzon/rotar` a new address (the old one stops receiving; level 3, since suppliers
 * must be told), `GET …/buzon/correos` the last mails received with what each attachment became.
 */
export function registrarBuzonEfactura(app: FastifyInstance, deps: AppDeps): void {
  const def = motorCompra.lado.recursos.fcompra!;
  const perm = (nivel: 1 | 3) => ({ access: access.permission(def.permission, nivel, def.module) });
  const schema = (summary: string) => ({ schema: { tags: ['compras'], summary } });
  const respuesta = (token: string) => {
    const dominio = deps.config.buzonEfactura?.dominio;
    return dominio
      ? { Activo: true, Direccion: direccionBuzon(token, dominio), Aviso: null }
      : { Activo: false, Direccion: null, Aviso: MSG_INACTIVO };
  };

  app.get(RUTA_BUZON, { config: perm(1), ...schema('Buzón de facturas electrónicas: dirección') }, async (request) =>
    respuesta(await tokenBuzon(deps.scopeOf(request))),
  );
  app.post(
    `${RUTA_BUZON}/rotar`,
    { config: perm(3), ...schema('Buzón de facturas electrónicas: nueva dirección') },
    async (request) => {
      const scope = deps.scopeOf(request);
      const token = await rotarBuzon(scope);
      await scope.audit({ accion: 'M', recurso: 'efacturabuzon', idRegistro: null, campos: { Token: 'rotado' } });
      return respuesta(token);
    },
  );
  app.get(
    `${RUTA_BUZON}/correos`,
    { config: perm(1), ...schema('Buzón de facturas electrónicas: correos recibidos') },
    async (request) => {
      const scope = deps.scopeOf(request);
      const c = efacturaCorreos;
      const filas = await scope
        .pick({ Id: c.Id, Recibido: c.Recibido, Remitente: c.Remitente, Asunto: c.Asunto, Resultados: c.Resultados }, c)
        .orderBy(desc(c.Recibido), desc(c.Id))
        .limit(50);
      return { Items: filas };
    },
  );
}
