import {
  ACCOUNT_TYPES,
  isIsoDate,
  MODULE_FLAG_LIST,
  MSG,
  newPasswordSchema,
  PATTERNS,
  PLAN_CODIGOS,
  PRIORIDADES_AVISO,
  requiredString,
  sanitizeRichText,
} from '@faro/domain';
import { z } from 'zod';
import { cuerpo, lista, param, pdf } from '../../platform/admin/http.ts';
import { plataforma } from '../../platform/admin/index.ts';
import { access } from '../../platform/auth/access.ts';
import type { AreaModule } from '../../platform/deps.ts';
import { AppError } from '../../platform/http/errors.ts';
import { enviarContrato } from '../contratacion/correo.ts';
import { suspensionGuard } from './suspension.ts';

const passwordBody = z.object({ NuevoPassword: newPasswordSchema() });
const ROLES = ['usuario', 'empleado', 'asesoria', 'profesor', 'reghorario'] as const;
const texto = (max: number) => z.string().trim().max(max).optional().default('');
const lista_ = <T extends [string, ...string[]]>(values: T) => z.array(z.enum(values)).max(20).default([]);

const empresaBody = z.object({
  Codigo: z.string().trim().toUpperCase().max(20).regex(PATTERNS.codigo).optional(),
  Nombre: requiredString('Nombre', 100),
  NIF: texto(20),
  TipoCuenta: z.enum(ACCOUNT_TYPES),
  Plan: z.enum(PLAN_CODIGOS),
  Modulos: z.partialRecord(z.enum(MODULE_FLAG_LIST as [string, ...string[]]), z.boolean()).default({}),
  Usuarios: z.coerce.number().int().min(1).max(1000).default(1),
  Centros: z.coerce.number().int().min(1).max(1000).default(1),
});
const usuarioBody = z.object({
  UserName: requiredString('Usuario', 50).regex(PATTERNS.codigo, { error: 'El formato es incorrecto' }),
  Nombre: requiredString('Nombre', 60),
  Apellido1: texto(60),
  Apellido2: texto(60),
  // Left out, the stored one stays; '' or null clears it (an edit's answer saved back as it came).
  NombreComercial: z
    .string()
    .trim()
    .max(100, { error: MSG.maxLength('Nombre comercial', 100) })
    .nullable()
    .optional(),
  Email: requiredString('Email', 120).regex(PATTERNS.email, { error: 'El formato es incorrecto' }),
  Roles: z.array(z.enum(ROLES)).min(1, { error: 'Roles es obligatorio' }).max(5),
  Propietario: z.boolean().default(false),
  Password: newPasswordSchema('Contraseña').optional(),
});
const avisoBody = z.object({
  Titulo: requiredString('Título', 120),
  Texto: requiredString('Texto', 4000),
  Prioridad: z.enum(Object.keys(PRIORIDADES_AVISO) as [string, ...string[]]).default('i'),
  TiposCuenta: lista_([...ACCOUNT_TYPES]),
  Planes: lista_(PLAN_CODIGOS),
});
const plantillaBody = z.object({
  Titulo: requiredString('Título', 200),
  Cuerpo: requiredString('Texto del contrato', 100_000).transform(sanitizeRichText),
});
const categoriaBody = z.object({
  Nombre: requiredString('Nombre', 100),
  Orden: z.coerce.number().int().min(0).max(9999).default(0),
  Baja: z.boolean().default(false),
});
const videoBody = z.object({
  IdCategoria: z.coerce.number().int().positive({ error: 'Categoría es obligatorio' }),
  Titulo: requiredString('Título', 200),
  Descripcion: texto(1000),
  Url: requiredString('URL', 500).regex(/^(https:\/\/|\/)/, { error: 'La URL debe empezar por https:// o /' }),
  TiposCuenta: lista_([...ACCOUNT_TYPES]),
  Orden: z.coerce.number().int().min(0).max(9999).default(0),
  Baja: z.boolean().default(false),
});
const versionBody = z.object({
  Version: requiredString('Versión', 30).regex(/^[0-9A-Za-z.+-]+$/, { error: 'El formato es incorrecto' }),
  Fecha: requiredString('Fecha', 10).refine(isIsoDate, { error: 'El formato es incorrecto' }),
  Notas: requiredString('Notas de la versión', 20_000),
});

/**
 * Platform administration (role admin): companies (admempresas) and their users (administrador/admusuarios, spec
 * §7), exceptions, notices, the contract template, video tutorials, reports and product versions. Every route
 * declares `access.admin`; the data goes through the platform repository (`platform/admin`).
 */
export const administracionModule: AreaModule = async (app, deps) => {
  const p = plataforma(deps);
  const cfg = { config: { access: access.admin }, schema: { tags: ['administracion'] } };
  const adm = '/api/usuarios/administrador';
  const base = `${adm}/admusuarios`;
  const autor = (request: { ctx: { userName: string } | null }) => request.ctx?.userName ?? 'admin';
  suspensionGuard(app);

  // --- admempresas ---
  app.get(`${adm}/admempresas/list`, cfg, (request) => {
    const q = lista(request.query);
    return p.empresas.list({ ...q, Buscar: q.f('Buscar'), TipoCuenta: q.f('TipoCuenta') });
  });
  app.get(`${adm}/admempresas/edit/:id`, cfg, (request) => p.empresas.edit(param(request, 'id')));
  app.post(`${adm}/admempresas/save`, cfg, async (request, reply) => {
    const body = cuerpo(empresaBody, request.body);
    if (!body.Codigo)
      throw new AppError(400, 'Revisa los errores del formulario', [
        { Campo: 'Codigo', Mensaje: 'Código es obligatorio' },
      ]);
    return reply.code(201).send(await p.empresas.edit(await p.empresas.save(null, body)));
  });
  app.put(`${adm}/admempresas/save/:id`, cfg, async (request) => {
    const id = param(request, 'id');
    return p.empresas.edit(await p.empresas.save(id, cuerpo(empresaBody, request.body)));
  });
  app.post(`${adm}/admempresas/suspender/:id`, cfg, async (request) => {
    const id = param(request, 'id');
    const body = cuerpo(z.object({ Suspendida: z.boolean(), Motivo: texto(500) }), request.body);
    await p.empresas.suspender(id, body.Suspendida, body.Motivo || null);
    return { Mensaje: body.Suspendida ? 'La empresa se ha suspendido' : 'La empresa se ha reactivado' };
  });
  app.post(`${adm}/admempresas/produccion/:id`, cfg, async (request) => {
    const { Datos } = cuerpo(
      z.object({ Datos: z.enum(['conservar', 'limpiar']).default('conservar') }),
      request.body ?? {},
    );
    await p.empresas.produccion(param(request, 'id'), Datos === 'limpiar');
    return {
      Mensaje:
        Datos === 'limpiar'
          ? 'La empresa ha pasado a producción y empieza de cero'
          : 'La empresa ha pasado a producción con sus datos',
    };
  });
  app.post(`${adm}/admempresas/contrato/:id`, cfg, async (request) => {
    const creado = await p.contratos.generarPara(param(request, 'id'));
    await enviarContrato(deps, creado);
    return { Mensaje: `Contrato enviado a ${creado.email}`, Id: creado.contratoId };
  });

  // --- administrador/admusuarios (spec §7) ---
  app.get(`${base}/list/:empresa`, cfg, (request) => p.empresas.users(param(request, 'empresa'), lista(request.query)));
  app.get(`${base}/edit/:empresa/:id`, cfg, (request) =>
    p.empresas.user(param(request, 'empresa'), param(request, 'id')),
  );
  app.post(`${base}/save/:empresa`, cfg, async (request, reply) => {
    const empresa = param(request, 'empresa');
    const id = await p.empresas.saveUser(empresa, null, cuerpo(usuarioBody, request.body));
    return reply.code(201).send(await p.empresas.user(empresa, id));
  });
  app.put(`${base}/save/:empresa/:id`, cfg, async (request) => {
    const [empresa, id] = [param(request, 'empresa'), param(request, 'id')];
    await p.empresas.saveUser(empresa, id, cuerpo(usuarioBody, request.body));
    return p.empresas.user(empresa, id);
  });
  app.delete(`${base}/delete/:empresa/:id`, cfg, async (request) => {
    await p.empresas.deleteUser(param(request, 'empresa'), param(request, 'id'));
    return { Mensaje: 'El usuario se ha eliminado de la empresa' };
  });
  app.post(`${base}/desbloquear/:empresa/:id`, cfg, async (request) => {
    await p.empresas.unlock(param(request, 'empresa'), param(request, 'id'));
    return { Mensaje: 'El usuario se ha desbloqueado correctamente' };
  });
  app.post(`${base}/cambiarcontrasena/:empresa/:id`, cfg, async (request) => {
    const [empresa, id] = [param(request, 'empresa'), param(request, 'id')];
    await p.empresas.setPassword(empresa, id, cuerpo(passwordBody, request.body).NuevoPassword);
    return { Mensaje: MSG.passwordUpdated };
  });
  // The spec's path (section 7): the user's id alone, its company is the membership's.
  app.post(`${base}/cambiarcontrasena/:id`, cfg, async (request) => {
    const id = param(request, 'id');
    await p.empresas.setPassword(
      await p.empresas.empresaDeUsuario(id),
      id,
      cuerpo(passwordBody, request.body).NuevoPassword,
    );
    return { Mensaje: MSG.passwordUpdated };
  });
  // Contracts of a company ({id} is the company).
  app.get(`${base}/listcontratos/:id`, cfg, (request) => p.contratos.lista(param(request, 'id')));
  app.post(`${base}/enviarcontrato/:id/:contrato`, cfg, async (request) => {
    const creado = await p.contratos.renovar(param(request, 'id'), param(request, 'contrato'));
    await enviarContrato(deps, creado);
    return { Mensaje: `Contrato enviado a ${creado.email}` };
  });
  app.get(`${base}/actcontrato/:id/:contrato`, cfg, async (request, reply) =>
    pdf(reply, await p.contratos.pdf(param(request, 'id'), param(request, 'contrato')), 'contrato.pdf'),
  );
  app.get(`${base}/printcopiaclie/:id/:contrato`, cfg, async (request, reply) =>
    pdf(
      reply,
      await p.contratos.pdf(param(request, 'id'), param(request, 'contrato'), true),
      'contrato-copia-cliente.pdf',
    ),
  );

  // --- admexcep ---
  app.get(`${adm}/admexcep/list`, cfg, (request) => {
    const q = lista(request.query);
    return p.contenidos.errores({ ...q, Buscar: q.f('Buscar'), Resueltos: q.f('Resueltos') === 'true' });
  });
  app.post(`${adm}/admexcep/resolver`, cfg, async (request) => {
    const body = cuerpo(
      z.object({ Grupo: z.string().regex(/^[0-9a-f]{32}$/), Resuelto: z.boolean().default(true) }),
      request.body,
    );
    await p.contenidos.resolver(body.Grupo, autor(request), body.Resuelto);
    return { Mensaje: body.Resuelto ? 'Marcado como resuelto' : 'Marcado como pendiente' };
  });

  // --- admnotifica ---
  app.get(`${adm}/admnotifica/list`, cfg, async () => {
    const Items = await p.contenidos.avisos();
    return { Items, Total: Items.length, TotalLimitado: false };
  });
  app.post(`${adm}/admnotifica/save`, cfg, async (request, reply) => {
    const r = await p.contenidos.crearAviso(cuerpo(avisoBody, request.body), autor(request));
    return reply.code(201).send({ ...r, Mensaje: `Aviso enviado a ${r.Destinatarios} usuarios` });
  });
  app.delete(`${adm}/admnotifica/delete/:id`, cfg, async (request) => {
    await p.contenidos.borrarAviso(param(request, 'id'));
    return { Mensaje: 'El aviso se ha eliminado' };
  });

  // --- admcontrato ---
  app.get(`${adm}/admcontrato/edit`, cfg, async () => {
    const actual = await p.contenidos.plantillaActual();
    const { PLANTILLA_DEFECTO } = await import('../../platform/admin/contratos.ts');
    return { Actual: actual ?? { ...PLANTILLA_DEFECTO, Version: 0 }, Versiones: await p.contenidos.plantillas() };
  });
  app.post(`${adm}/admcontrato/save`, cfg, async (request, reply) =>
    reply.code(201).send(await p.contenidos.guardarPlantilla(cuerpo(plantillaBody, request.body), autor(request))),
  );

  // --- admvideoscat / admvideoscont: list, edit, save, save/:id and delete over the platform repository ---
  const mantenimiento = <B>(
    ruta: string,
    body: z.ZodType<B>,
    borrado: string,
    c: {
      listar: () => Promise<unknown[]>;
      ver: (id: number) => Promise<unknown>;
      guardar: (id: number | null, body: B) => Promise<unknown>;
      borrar: (id: number) => Promise<void>;
    },
  ) => {
    app.get(`${adm}/${ruta}/list`, cfg, async () => {
      const Items = await c.listar();
      return { Items, Total: Items.length, TotalLimitado: false };
    });
    app.get(`${adm}/${ruta}/edit/:id`, cfg, (request) => c.ver(param(request, 'id')));
    app.post(`${adm}/${ruta}/save`, cfg, async (request, reply) =>
      reply.code(201).send(await c.guardar(null, cuerpo(body, request.body))),
    );
    app.put(`${adm}/${ruta}/save/:id`, cfg, (request) => c.guardar(param(request, 'id'), cuerpo(body, request.body)));
    app.delete(`${adm}/${ruta}/delete/:id`, cfg, async (request) => {
      await c.borrar(param(request, 'id'));
      return { Mensaje: borrado };
    });
  };
  mantenimiento('admvideoscat', categoriaBody, 'La categoría se ha eliminado', {
    listar: () => p.contenidos.categorias(),
    ver: (id) => p.contenidos.categoria(id),
    guardar: (id, b) => p.contenidos.guardarCategoria(id, b),
    borrar: (id) => p.contenidos.borrarCategoria(id),
  });
  mantenimiento('admvideoscont', videoBody, 'El vídeo se ha eliminado', {
    listar: () => p.contenidos.videos(),
    ver: (id) => p.contenidos.video(id),
    guardar: (id, b) => p.contenidos.guardarVideo(id, b),
    borrar: (id) => p.contenidos.borrarVideo(id),
  });

  // --- adminformes / admversiones ---
  app.get(`${adm}/adminformes/list`, cfg, () => p.contenidos.informes());
  app.get(`${adm}/admversiones/list`, cfg, async () => {
    const Items = await p.contenidos.versiones();
    return { Items, Total: Items.length, TotalLimitado: false };
  });
  app.post(`${adm}/admversiones/save`, cfg, async (request, reply) =>
    reply.code(201).send(await p.contenidos.guardarVersion(cuerpo(versionBody, request.body))),
  );

  // --- what every signed-in user reads: videos, product version, platform notices ---
  const user = { schema: { tags: ['administracion'] } };
  app.get(
    '/api/usuarios/usuario/videotutoriales',
    { ...user, config: { access: access.authenticated } },
    async (request) => {
      const tipo = request.ctx?.empresa?.tipoCuenta ?? 'general';
      const Items =
        request.ctx?.esAdmin && !request.ctx.empresa
          ? await p.contenidos.videos()
          : await p.contenidos.videosPara(tipo);
      return { Items: Items.filter((v) => !v.Baja), Total: Items.length, TotalLimitado: false };
    },
  );
  app.get('/api/usuarios/usuario/versionproducto', { ...user, config: { access: access.authenticated } }, async () => {
    const v = await p.contenidos.versionActual();
    return { Version: v?.Version ?? '1.0.0', Fecha: v?.Fecha ?? null, Notas: v?.Notas ?? '' };
  });
  app.get(
    '/api/usuarios/usuario/avisosplataforma',
    { ...user, config: { access: access.company } },
    async (request) => {
      const Items = await p.contenidos.avisosDe(request.ctx!.empresa!.id, request.ctx!.personaId);
      return { Items, Total: Items.length, TotalLimitado: false };
    },
  );
  app.post(
    '/api/usuarios/usuario/avisosplataforma/leido/:id',
    { ...user, config: { access: access.company } },
    async (request) => {
      await p.contenidos.leerAviso(request.ctx!.empresa!.id, request.ctx!.personaId, param(request, 'id'));
      return { Mensaje: 'Aviso marcado como leído' };
    },
  );
};
