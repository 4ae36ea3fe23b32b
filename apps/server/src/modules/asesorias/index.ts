import { ESPECIALIDADES_ASESORIA, requiredString } from '@faro/domain';
import { z } from 'zod';
import { cuerpo, firmaDe, lista, param, propietarioDe } from '../../platform/admin/http.ts';
import { plataforma } from '../../platform/admin/index.ts';
import { access } from '../../platform/auth/access.ts';
import type { AreaModule } from '../../platform/deps.ts';

const nivel = z.coerce.number().int().min(1).max(3);
const perfilBody = z.object({
  Provincia: z
    .string()
    .trim()
    .max(2)
    .regex(/^(\d{2})?$/, { error: 'El formato es incorrecto' })
    .default(''),
  Especialidades: z.array(z.enum(ESPECIALIDADES_ASESORIA)).max(10).default([]),
  Descripcion: z.string().trim().max(1000).default(''),
  NivelDefecto: nivel.default(1),
  Visible: z.boolean().default(true),
});

/**
 * Advisory firms (role asesoria, account type asesoria): the work queue across client companies (aseempresas) and
 * entering a client at the delegated level, staff and their clients (aseusuarios), firm settings (aseconfigura),
 * requests received (asesolicitud); and, for company owners, 'buscar asesoría' (asesorias). The firm is always the
 * caller's own company (from the token).
 */
export const asesoriasModule: AreaModule = (app, deps) => {
  const p = plataforma(deps).asesorias;
  const cfg = { config: { access: access.company }, schema: { tags: ['asesorias'] } };
  const b = '/api/asesorias';

  app.get(`${b}/aseempresas/list`, cfg, (request) => {
    const f = firmaDe(request);
    return p.colaTrabajo(f.firma, f.propietario ? null : f.personaId);
  });
  app.post(`${b}/aseempresas/entrar/:id`, cfg, (request) => {
    const f = firmaDe(request);
    return p.entrar(f.firma, f, param(request, 'id'));
  });

  app.get(`${b}/aseusuarios/list`, cfg, (request) => p.personal(firmaDe(request).firma));
  app.get(`${b}/aseusuarios/clientes`, cfg, async (request) => {
    const Items = await p.nombresClientes(firmaDe(request).firma);
    return { Items, Total: Items.length, TotalLimitado: false };
  });
  app.put(`${b}/aseusuarios/asignar/:id`, cfg, async (request) => {
    const f = firmaDe(request);
    const body = cuerpo(z.object({ Clientes: z.array(z.coerce.number().int().positive()).max(1000) }), request.body);
    await p.asignar(f.firma, param(request, 'id'), body.Clientes);
    return { Mensaje: 'Los datos se han guardado correctamente' };
  });

  app.get(`${b}/aseconfigura/edit`, cfg, (request) => p.perfil(firmaDe(request).firma));
  app.put(`${b}/aseconfigura/save`, cfg, async (request) => {
    const f = firmaDe(request);
    await p.guardarPerfil(f.firma, cuerpo(perfilBody, request.body));
    return p.perfil(f.firma);
  });

  app.get(`${b}/asesolicitud/list`, cfg, (request) => {
    const q = lista(request.query);
    return p.solicitudes(firmaDe(request).firma, { ...q, Estado: q.f('Estado') });
  });
  app.post(`${b}/asesolicitud/aceptar/:id`, cfg, async (request) => {
    const f = firmaDe(request);
    const body = cuerpo(z.object({ Nivel: nivel.optional() }), request.body ?? {});
    const n = body.Nivel ?? (await p.perfil(f.firma)).NivelDefecto;
    await p.aceptar(f.firma, param(request, 'id'), n);
    return { Mensaje: 'Solicitud aceptada: la empresa ya es cliente de la asesoría' };
  });
  app.post(`${b}/asesolicitud/rechazar/:id`, cfg, async (request) => {
    const f = firmaDe(request);
    const body = cuerpo(z.object({ Motivo: requiredString('Motivo', 500) }), request.body);
    await p.rechazar(f.firma, param(request, 'id'), body.Motivo);
    return { Mensaje: 'Solicitud rechazada' };
  });

  // 'Buscar asesoría' (company owners).
  app.get(`${b}/asesorias/list`, cfg, (request) => {
    propietarioDe(request);
    const q = lista(request.query);
    return p.buscar({ Provincia: q.f('Provincia'), Especialidad: q.f('Especialidad'), Buscar: q.f('Buscar') });
  });
  app.get(`${b}/asesorias/mias`, cfg, async (request) => {
    const Items = await p.misSolicitudes(propietarioDe(request).empresa!.id);
    return { Items, Total: Items.length, TotalLimitado: false };
  });
  app.post(`${b}/asesorias/solicitar/:id`, cfg, async (request, reply) => {
    const ctx = propietarioDe(request);
    const body = cuerpo(z.object({ Mensaje: z.string().trim().max(1000).default('') }), request.body ?? {});
    const r = await p.solicitar(
      { id: ctx.empresa!.id, nombre: ctx.empresa!.nombre },
      param(request, 'id'),
      body.Mensaje,
    );
    return reply.code(201).send({ ...r, Mensaje: 'Solicitud enviada a la asesoría' });
  });
};
