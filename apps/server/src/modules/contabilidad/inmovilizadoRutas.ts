import {
  type BajaInmovilizado,
  bajaInmovilizadoSchema,
  type InmovilizadoEntrada,
  inmovilizadoSchema,
  isIsoDate,
  MSG,
} from '@faro/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/http/errors.ts';
import { cuentasEmpresa } from './asientos.ts';
import { RUTA_CONTABILIDAD } from './contabilidad.ts';
import { actualizar, amortizar, borrar, crear, cuadro, darDeBaja, listar, obtener } from './inmovilizado.ts';

/**
 * `/api/impuestos/contabilidad/inmovilizado`: the fixed-asset register beside the ledger, with the ledger's
 * permission (ImptoEmit: 1 read, 2 create, edit, depreciate and baja, 3 delete).
 */
export const RUTA_INMOVILIZADO = `${RUTA_CONTABILIDAD}/inmovilizado`;
const tags = ['impuestos'];
const nivel = (n: 1 | 2 | 3) => ({ access: access.permission('ImptoEmit', n) });

/** A path id: anything but a positive integer is no asset of this company (404). */
const idDe = (request: FastifyRequest) => {
  const n = Number((request.params as { id?: string }).id);
  if (!Number.isSafeInteger(n) || n < 1) throw notFound();
  return n;
};

const amortizarBody = z.object({
  Hasta: z
    .string({ error: MSG.required('Hasta') })
    .trim()
    .min(1, { error: MSG.required('Hasta') })
    .refine(isIsoDate, { error: MSG.format }),
});

export function registrarInmovilizado(app: FastifyInstance, deps: AppDeps): void {
  const digitos = async (request: FastifyRequest) => (await cuentasEmpresa(deps.scopeOf(request))).Digitos;

  app.get(RUTA_INMOVILIZADO, { config: nivel(1), schema: { tags, summary: 'Inmovilizado: elementos' } }, (request) =>
    listar(deps.scopeOf(request)),
  );
  app.post(
    RUTA_INMOVILIZADO,
    { config: nivel(2), schema: { tags, summary: 'Dar de alta un elemento del inmovilizado' } },
    async (request, reply) => {
      const e = parseBody(inmovilizadoSchema, request.body) as unknown as InmovilizadoEntrada;
      const s = deps.scopeOf(request);
      const d = await digitos(request);
      const id = await s.tx((t) => crear(t, e, d));
      return reply.status(201).send(await obtener(s, id));
    },
  );
  app.post(
    `${RUTA_INMOVILIZADO}/amortizar`,
    { config: nivel(2), schema: { tags, summary: 'Asentar la amortización pendiente hasta una fecha' } },
    async (request) => {
      const { Hasta } = parseBody(amortizarBody, request.body ?? {}) as { Hasta: string };
      const d = await digitos(request);
      return deps.scopeOf(request).tx((t) => amortizar(t, Hasta, d));
    },
  );
  app.get(
    `${RUTA_INMOVILIZADO}/:id`,
    { config: nivel(1), schema: { tags, summary: 'Un elemento del inmovilizado' } },
    (request) => obtener(deps.scopeOf(request), idDe(request)),
  );
  app.get(
    `${RUTA_INMOVILIZADO}/:id/cuadro`,
    { config: nivel(1), schema: { tags, summary: 'Cuadro de amortización de un elemento' } },
    (request) => cuadro(deps.scopeOf(request), idDe(request)),
  );
  app.put(
    `${RUTA_INMOVILIZADO}/:id`,
    { config: nivel(2), schema: { tags, summary: 'Modificar un elemento sin asientos' } },
    async (request) => {
      const id = idDe(request);
      const e = parseBody(inmovilizadoSchema, request.body) as unknown as InmovilizadoEntrada;
      const s = deps.scopeOf(request);
      const d = await digitos(request);
      await s.tx((t) => actualizar(t, id, e, d));
      return obtener(s, id);
    },
  );
  app.delete(
    `${RUTA_INMOVILIZADO}/:id`,
    { config: nivel(3), schema: { tags, summary: 'Borrar un elemento sin asientos' } },
    async (request) => {
      const id = idDe(request);
      await deps.scopeOf(request).tx((t) => borrar(t, id));
      return { Id: id };
    },
  );
  app.post(
    `${RUTA_INMOVILIZADO}/:id/baja`,
    { config: nivel(2), schema: { tags, summary: 'Dar de baja un elemento (venta o retiro)' } },
    async (request) => {
      const id = idDe(request);
      const b = parseBody(bajaInmovilizadoSchema, request.body ?? {}) as unknown as BajaInmovilizado;
      const d = await digitos(request);
      return deps.scopeOf(request).tx((t) => darDeBaja(t, id, b, d));
    },
  );
}
