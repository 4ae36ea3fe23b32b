import { clientespot, MSG_DATOS } from '@faro/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { access } from '../../platform/auth/access.ts';
import type { EntityRepository } from '../../platform/crud/entityRepository.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { clientespotTable, clientesTable, col } from '../../platform/tenancy/tables.ts';

/** Fields a lead hands over to the customer it becomes. */
const CARRIED = [
  'Nombre',
  'NombreComercial',
  'TipoNIF',
  'NIF',
  'Direccion',
  'CodPostal',
  'Poblacion',
  'Provincia',
  'Pais',
  'Email',
  'Telefono',
  'Movil',
  'Web',
  'Contactos',
  'IdGrupo',
  'IdComercial',
  'Observaciones',
] as const;

/**
 * `POST ventas/clientespot/convertir/{id}`: one click turns a lead into a customer, in one transaction: the
 * customer is created (keeping the lead's code when free) with the company's defaults, and the lead is marked
 * converted (IdCliente, FechaConversion) and Baja. Both changes are audited.
 */
export function registerConversionRoute(
  app: FastifyInstance,
  deps: AppDeps,
  customers: (scope: Scope) => EntityRepository,
) {
  const tcol = (f: string) => col(clientespotTable, f);
  app.post(
    '/api/ventas/clientespot/convertir/:id',
    {
      config: { access: access.permission(clientespot.permission, 2) },
      schema: { tags: ['ventas'], summary: 'Convertir el cliente potencial en cliente' },
    },
    async (request, reply) => {
      const id = Number((request.params as { id: string }).id);
      if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
      const scope = deps.scopeOf(request);
      const result = await scope.tx(async (t) => {
        const mine = eq(tcol('Id'), id);
        const [lead] = (await t.select(clientespotTable, mine).for('update')) as Record<string, unknown>[];
        if (!lead) throw notFound();
        if (lead.IdCliente) throw new AppError(400, MSG_DATOS.alreadyConverted);
        const values: Record<string, unknown> = Object.fromEntries(CARRIED.map((k) => [k, lead[k] ?? null]));
        values.Contactos = lead.Contactos ?? [];
        values.DireccionesEnvio = [];
        const [taken] = await t
          .pick(
            { id: col(clientesTable, 'Id') },
            clientesTable,
            eq(col(clientesTable, 'Codigo'), lead.Codigo as string),
          )
          .limit(1);
        values.Codigo = taken ? null : lead.Codigo;
        const cliente = await customers(t).create(values);
        const FechaConversion = new Date().toISOString();
        await t.update(clientespotTable, { IdCliente: cliente.Id, FechaConversion, Baja: true } as never, mine);
        await t.audit({
          accion: 'M',
          recurso: 'clientespot',
          idRegistro: id,
          campos: { IdCliente: [null, cliente.Id], Baja: [lead.Baja, true] },
        });
        return { IdCliente: cliente.Id, Cliente: cliente };
      });
      return reply.status(201).send(result);
    },
  );
}
