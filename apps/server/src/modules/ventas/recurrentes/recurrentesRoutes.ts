import { MSG_RECURRENTES, type PlantillaRecurrenteInput, plantillaRecurrenteSchema } from '@faro/domain';
import type { FastifyInstance } from 'fastify';
import { access } from '../../../platform/auth/access.ts';
import { parseBody } from '../../../platform/crud/crudRoutes.ts';
import { parseListQuery } from '../../../platform/crud/listQuery.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { badRequest, notFound } from '../../../platform/http/errors.ts';
import type { Job } from '../../../platform/jobs/runner.ts';
import { companyDirectory } from '../../../platform/tenancy/directory.ts';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import { generarPendientes, generarPlantilla, hoyEnEspana } from './generar.ts';
import {
  borrarPlantilla,
  cargarLineasPlantilla,
  cargarPlantilla,
  guardarPlantilla,
  historialPlantilla,
  listarPlantillas,
  plantillaJson,
} from './plantillasRepository.ts';

const idOf = (request: { params: unknown }) => {
  const id = Number((request.params as { id: string }).id);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
};

const PERMISO = 'VentasRecurr';
const MODULO = 'ActFactRecurrentes';

/**
 * Recurring sales invoices: `/api/ventas/fventarec/` list / edit / save / save/{id} / delete/{id}, `generar/{id}`
 * (the template's due periods now) and `historial/{id}` (the invoices it generated). Permission VentasRecurr,
 * module gate ActFactRecurrentes.
 */
export function registerRecurrentes(app: FastifyInstance, deps: AppDeps): void {
  const base = '/api/ventas/fventarec';
  const perm = (level: 1 | 2 | 3) => ({ access: access.permission(PERMISO, level, MODULO) });
  const schema = (summary: string) => ({ schema: { tags: ['ventas'], summary } });
  const load = async (s: Scope, id: number) =>
    plantillaJson(await cargarPlantilla(s, id), await cargarLineasPlantilla(s, id));

  app.get(`${base}/list`, { config: perm(1), ...schema('Facturas recurrentes') }, async (request) => {
    const scope = deps.scopeOf(request);
    return listarPlantillas(scope, parseListQuery(request.query));
  });

  app.get(`${base}/edit/:id`, { config: perm(1), ...schema('Factura recurrente: ver') }, async (request) => {
    const scope = deps.scopeOf(request);
    return load(scope, idOf(request));
  });

  app.post(`${base}/save`, { config: perm(2), ...schema('Factura recurrente: crear') }, async (request, reply) => {
    const scope = deps.scopeOf(request);
    const input = parseBody(plantillaRecurrenteSchema, request.body) as PlantillaRecurrenteInput;
    const id = await scope.tx((t) => guardarPlantilla(t, input, null));
    return reply.status(201).send(await load(scope, id));
  });

  app.put(`${base}/save/:id`, { config: perm(2), ...schema('Factura recurrente: guardar') }, async (request) => {
    const scope = deps.scopeOf(request);
    const id = idOf(request);
    await scope.tx(async (t) => {
      // The template first: another company's id is a 404 whatever the body says.
      const actual = await cargarPlantilla(t, id, true);
      const input = parseBody(plantillaRecurrenteSchema, request.body) as PlantillaRecurrenteInput;
      await guardarPlantilla(t, input, actual);
    });
    return load(scope, id);
  });

  app.delete(`${base}/delete/:id`, { config: perm(3), ...schema('Factura recurrente: borrar') }, async (request) => {
    const scope = deps.scopeOf(request);
    const id = idOf(request);
    await scope.tx((t) => borrarPlantilla(t, id));
    return { Id: id };
  });

  app.post(
    `${base}/generar/:id`,
    { config: perm(2), ...schema('Factura recurrente: generar los periodos pendientes') },
    async (request) => {
      const scope = deps.scopeOf(request);
      const id = idOf(request);
      const p = await cargarPlantilla(scope, id);
      if (p.baja) throw badRequest(MSG_RECURRENTES.deBaja);
      const r = await generarPlantilla(scope, deps.mailer, id, hoyEnEspana());
      return { ...r, Plantilla: await load(scope, id) };
    },
  );

  app.get(
    `${base}/historial/:id`,
    { config: perm(1), ...schema('Factura recurrente: facturas generadas') },
    async (request) => {
      const scope = deps.scopeOf(request);
      return historialPlantilla(scope, idOf(request));
    },
  );
}

/** The background job that generates every due period of every company (platform/jobs runs it). */
export function trabajoFacturasRecurrentes(deps: Pick<AppDeps, 'database' | 'mailer'>, minutos = 15): Job {
  return {
    nombre: 'facturas-recurrentes',
    intervaloSegundos: minutos * 60,
    run: () => generarPendientes(companyDirectory(deps), deps.mailer),
  };
}
