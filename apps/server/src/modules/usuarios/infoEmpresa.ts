import type {
  EstadoFichaje,
  InfoEmpresa,
  Matricula,
  PermissionCode,
  TipoCuenta,
  TipoFacturaElectronica,
  Tributacion,
} from '@faro/domain';
import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import type { RequestContext } from '../../platform/auth/context.ts';
import type { CompanyDirectory } from '../../platform/tenancy/directory.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { centrosTable, col, fichajes, matriculas, tutoresAlumnos } from '../../platform/tenancy/tables.ts';

/** The company context of spec section 3 for the caller (GET usuario/infoempre). */
export async function buildInfoEmpresa(companies: CompanyDirectory, ctx: RequestContext): Promise<InfoEmpresa> {
  const e = ctx.empresa;
  const m = ctx.miembro;
  // Every part is read at once: the context is on the path of every page load, before any screen shows.
  const scope = e ? companies.scope(e.id, { personaId: ctx.personaId, userName: ctx.userName }) : undefined;
  const [memberships, centros, [last], enrolments, version] = await Promise.all([
    companies.membershipsOf(ctx.personaId),
    scope
      ? (scope
          .pick(
            {
              Val: col(centrosTable, 'Val'),
              Desc: col(centrosTable, 'Desc'),
              Denegados: col(centrosTable, 'Denegados'),
            },
            centrosTable,
            eq(col(centrosTable, 'Baja'), false),
          )
          .orderBy(asc(col(centrosTable, 'Val'))) as Promise<{ Val: string; Desc: string; Denegados: unknown }[]>)
      : [],
    scope
      ? scope
          .pick({ estado: fichajes.estado }, fichajes, eq(fichajes.personaId, ctx.personaId))
          .orderBy(desc(fichajes.fecha), desc(fichajes.id))
          .limit(1)
      : [],
    scope ? matriculasDe(scope, ctx) : [],
    companies.productVersion(),
  ]);
  const estado = (last?.estado as EstadoFichaje | undefined) ?? '';
  const denegadosCentro: Record<string, PermissionCode[]> = {};
  for (const c of centros)
    if (Array.isArray(c.Denegados) && c.Denegados.length) denegadosCentro[c.Val] = c.Denegados as PermissionCode[];
  return {
    IdEmpresa: e?.id ?? 0,
    CodigoEmpresa: e?.codigo ?? '',
    NombreUsuario: ctx.nombre,
    UserName: ctx.userName,
    NombreEmpresa: e?.nombre ?? 'Administración de la plataforma',
    NIF: e?.nif ?? '',
    Propietario: m?.propietario ?? false,
    EntidadPruebas: e?.entidadPruebas ?? false,
    ActAues: e?.actAues ? 1 : 0,
    Roles: ctx.roles,
    // Spec section 6: a feature denied in the current centre is added to the denied list.
    Denegados: [
      ...new Set([...(e?.denegados ?? []), ...((ctx.centro && denegadosCentro[ctx.centro]) || [])]),
    ] as PermissionCode[],
    DenegadosCentro: denegadosCentro,
    Permisos: ctx.permisos,
    Centros: centros.map(({ Val, Desc }) => ({ Val, Desc })),
    DecimalesRedondeo: e?.decimalesRedondeo ?? 2,
    DigitosContables: e?.digitosContables ?? 10,
    CuentaCompras: e?.cuentaCompras ?? '',
    CuentaGastos: e?.cuentaGastos ?? '',
    CuentaVentasProductos: e?.cuentaVentasProductos ?? '',
    CuentaVentasServicios: e?.cuentaVentasServicios ?? '',
    Modulos: ctx.modulos,
    TipoCuenta: (e?.tipoCuenta ?? 'general') as TipoCuenta,
    TipoFacturaElectronica: (e?.tipoFacturaElectronica ?? '') as TipoFacturaElectronica,
    Tributacion: (e?.tributacion ?? 'peninsula') as Tributacion,
    RecargoEquivalencia: e?.recargoEquivalencia ?? false,
    DireccionEnvioDefecto: e?.direccionEnvioDefecto ?? false,
    VersionApi: e?.versionApi ?? '1',
    VersionApiVentas: e?.versionApiVentas ?? '1',
    RecursosRestringidos: e?.recursosRestringidos ?? [],
    CondicionesAceptadas: e?.condicionesAceptadas ?? true,
    CodigoEmpleado: m?.codigoEmpleado ?? '',
    FichajeActivo: m?.fichajeActivo ?? false,
    SoloFichaje: m?.soloFichaje ?? false,
    Empresas: memberships,
    EstadoFichaje: estado,
    Matriculas: enrolments,
    VersionProducto: version,
  };
}

/** A student's own active enrolments and a tutor's students' ones, in this company only; [] for other roles. */
async function matriculasDe(scope: Scope, ctx: RequestContext): Promise<Matricula[]> {
  const alumno = ctx.roles.includes('alumno');
  const tutor = ctx.roles.includes('tutor');
  if (!alumno && !tutor) return [];
  const suyos = scope.pick(
    { id: tutoresAlumnos.idPersonaAlumno },
    tutoresAlumnos,
    eq(tutoresAlumnos.idPersonaTutor, ctx.personaId),
  );
  const dequien = [
    ...(alumno ? [eq(matriculas.idPersonaAlumno, ctx.personaId)] : []),
    ...(tutor ? [inArray(matriculas.idPersonaAlumno, suyos)] : []),
  ];
  return scope
    .pick(
      { Codigo: matriculas.codigo, CodAlumno: matriculas.codAlumno, Desc: matriculas.descripcion },
      matriculas,
      and(eq(matriculas.baja, false), or(...dequien)),
    )
    .orderBy(asc(matriculas.codigo));
}
