import {
  citaSchema,
  consentimientoSchema,
  entradaHistoriaSchema,
  historiaSchema,
  MSG,
  marcaSchema,
  type PermissionCode,
  planSchema,
} from '@faro/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import type { AreaModule } from '../../platform/deps.ts';
import { ficheroVisible } from '../../platform/files/origenes.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { idParam } from '../crm/comun.ts';
import { almacenGestordoc, enviarFichero } from '../crm/gestordoc.ts';
import { borrarCita, cita, guardarCita, listarCitas, recursos } from './citas.ts';
import {
  borrarConsentimiento,
  borrarMarca,
  cambiarMarca,
  ficheroDeConsentimiento,
  guardarHistoria,
  historia,
  nuevaEntrada,
  nuevaMarca,
  nuevoConsentimiento,
  odontograma,
  pacientes,
} from './clinica.ts';
import { aceptarPlan, crearPlan, listarPlanes, nuevoTratamiento, plan, tratamientos } from './planes.ts';

const fecha = z.iso.date({ error: MSG.format });
const cambioMarcaSchema = z.object({
  Estado: z.enum(['planificado', 'realizado'], { error: MSG.format }),
  Fecha: fecha.nullish(),
  IdDentista: z.coerce.number({ error: MSG.format }).int().positive().nullish(),
});
const aceptarSchema = z.object({ Fecha: fecha });
const tratamientoSchema = z.object({
  Codigo: z.string().trim().max(30, { error: 'Máximo 30 caracteres' }).nullish(),
  Descripcion: z
    .string()
    .trim()
    .min(1, { error: MSG.required('La descripción') })
    .max(200, { error: 'Máximo 200 caracteres' }),
  PrecioVenta: z.coerce
    .number({ error: MSG.format })
    .min(0, { error: MSG.format })
    .max(1_000_000, { error: MSG.format }),
  Estetico: z.boolean({ error: MSG.format }).optional(),
});

const q = (request: FastifyRequest) => request.query as Record<string, string | undefined>;
function fechaQuery(request: FastifyRequest, name: string): string {
  const v = q(request)[name];
  if (!v || !fecha.safeParse(v).success) throw fieldError(name, MSG.format);
  return v;
}
const numQuery = (request: FastifyRequest, name: string) => {
  const n = Number(q(request)[name]);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/**
 * Dental practices (`/api/odontologia/…`; our reading in docs/odontologia.md). The clinical file (history,
 * consents, odontogram) needs OdonClinica and every read of it is audited; plans are quotes (VentasPresup),
 * appointments the agenda (CursoHorario), treatments the catalogue's services (CataProdServ).
 */
export const odontologiaModule: AreaModule = (app, deps) => {
  const base = '/api/odontologia';
  const perm = (code: PermissionCode, level: 1 | 2 | 3) => ({
    config: { access: access.permission(code, level) },
    schema: { tags: ['odontologia'] },
  });
  const sc = (request: FastifyRequest) => deps.scopeOf(request);

  // Patients and their clinical file -------------------------------------------------------------------------
  app.get(`${base}/pacientes/list`, perm('ConClientes', 1), async (request) =>
    pacientes(sc(request), String(q(request).Buscar ?? '').slice(0, 100), numQuery(request, 'Pagina') ?? 1),
  );
  app.get(`${base}/historia/:id`, perm('OdonClinica', 1), async (request) => historia(sc(request), idParam(request)));
  app.put(`${base}/historia/:id`, perm('OdonClinica', 2), async (request) =>
    guardarHistoria(
      sc(request),
      idParam(request),
      parseBody(historiaSchema, request.body) as z.infer<typeof historiaSchema>,
    ),
  );
  app.post(`${base}/historia/:id/entradas`, perm('OdonClinica', 2), async (request, reply) => {
    const id = idParam(request);
    const body = parseBody(entradaHistoriaSchema, request.body) as z.infer<typeof entradaHistoriaSchema>;
    return reply.code(201).send(await nuevaEntrada(sc(request), id, body));
  });
  app.post(`${base}/consentimientos/:id`, perm('OdonClinica', 2), async (request, reply) => {
    const id = idParam(request);
    const body = parseBody(consentimientoSchema, request.body) as z.infer<typeof consentimientoSchema>;
    return reply.code(201).send(await nuevoConsentimiento(sc(request), id, body));
  });
  app.delete(`${base}/consentimientos/:id`, perm('OdonClinica', 3), async (request) =>
    borrarConsentimiento(sc(request), idParam(request)),
  );
  // The signed document, served by its owning screen through the files door (read audited as in the document manager).
  const almacen = almacenGestordoc(deps.config.dataDir);
  app.get(`${base}/consentimientos/:id/fichero`, perm('OdonClinica', 1), async (request, reply) => {
    const s = sc(request);
    const fichero = await ficheroVisible(s, request.ctx, await ficheroDeConsentimiento(s, idParam(request)));
    return enviarFichero(s, reply, almacen, fichero, true);
  });

  // Odontogram -----------------------------------------------------------------------------------------------
  app.get(`${base}/odontograma/:id`, perm('OdonClinica', 1), async (request) =>
    odontograma(sc(request), idParam(request)),
  );
  app.post(`${base}/odontograma/:id`, perm('OdonClinica', 2), async (request, reply) => {
    const id = idParam(request);
    const body = parseBody(marcaSchema, request.body) as z.infer<typeof marcaSchema>;
    return reply.code(201).send(await nuevaMarca(sc(request), id, body));
  });
  app.put(`${base}/odontograma/marca/:id`, perm('OdonClinica', 2), async (request) =>
    cambiarMarca(
      sc(request),
      idParam(request),
      parseBody(cambioMarcaSchema, request.body) as z.infer<typeof cambioMarcaSchema>,
    ),
  );
  app.delete(`${base}/odontograma/marca/:id`, perm('OdonClinica', 3), async (request) =>
    borrarMarca(sc(request), idParam(request)),
  );

  // Treatment plans and the treatments catalogue -------------------------------------------------------------
  app.get(`${base}/planes/list`, perm('VentasPresup', 1), async (request) => ({
    Items: await listarPlanes(sc(request), numQuery(request, 'IdCliente')),
  }));
  app.get(`${base}/planes/edit/:id`, perm('VentasPresup', 1), async (request) => plan(sc(request), idParam(request)));
  app.post(`${base}/planes/save`, perm('VentasPresup', 2), async (request, reply) => {
    const body = parseBody(planSchema, request.body) as z.infer<typeof planSchema>;
    return reply.code(201).send(await crearPlan(sc(request), body));
  });
  app.post(`${base}/planes/aceptar/:id`, perm('VentasPresup', 2), async (request) => {
    const id = idParam(request);
    return aceptarPlan(
      sc(request),
      id,
      (parseBody(aceptarSchema, request.body) as z.infer<typeof aceptarSchema>).Fecha,
    );
  });
  app.get(`${base}/tratamientos/list`, perm('CataProdServ', 1), async (request) => ({
    Items: await tratamientos(sc(request)),
  }));
  app.post(`${base}/tratamientos/save`, perm('CataProdServ', 2), async (request, reply) => {
    const body = parseBody(tratamientoSchema, request.body) as z.infer<typeof tratamientoSchema>;
    return reply.code(201).send(await nuevoTratamiento(sc(request), body));
  });

  // Appointments per dentist and chair -----------------------------------------------------------------------
  app.get(`${base}/citas/recursos`, perm('CursoHorario', 1), async (request) => recursos(sc(request)));
  app.get(`${base}/citas/list`, perm('CursoHorario', 1), async (request) => {
    const desde = fechaQuery(request, 'Desde');
    const hasta = q(request).Hasta ? fechaQuery(request, 'Hasta') : desde;
    if (hasta < desde) throw fieldError('Hasta', 'La fecha final no puede ser anterior a la inicial');
    if ((Date.parse(hasta) - Date.parse(desde)) / 86_400_000 > 62)
      throw fieldError('Hasta', 'El periodo no puede superar dos meses');
    return {
      Items: await listarCitas(sc(request), {
        desde,
        hasta,
        dentista: numQuery(request, 'IdDentista'),
        sillon: numQuery(request, 'IdSillon'),
        cliente: numQuery(request, 'IdCliente'),
      }),
    };
  });
  app.get(`${base}/citas/edit/:id`, perm('CursoHorario', 1), async (request) => cita(sc(request), idParam(request)));
  app.post(`${base}/citas/save`, perm('CursoHorario', 2), async (request, reply) => {
    const body = parseBody(citaSchema, request.body) as z.infer<typeof citaSchema>;
    return reply.code(201).send(await guardarCita(sc(request), body, null));
  });
  app.put(`${base}/citas/save/:id`, perm('CursoHorario', 2), async (request) => {
    const id = idParam(request);
    return guardarCita(sc(request), parseBody(citaSchema, request.body) as z.infer<typeof citaSchema>, id);
  });
  app.delete(`${base}/citas/delete/:id`, perm('CursoHorario', 3), async (request) =>
    borrarCita(sc(request), idParam(request)),
  );
};
