import type { ModuleFlag, PermissionCode, PermissionLevel } from '@faro/domain';
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { RequestContext } from '../auth/context.ts';
import { notFound } from '../http/errors.ts';
import type { Scope } from '../tenancy/scope.ts';
import { gdFicheros } from '../tenancy/tables.ts';

/** The owner of a stored file: whose permission (and module) guards it and under which resource its reads are audited. */
export interface OrigenFichero {
  /** What it is, in Spanish (the registry reads as a list of the kinds of files the company keeps). */
  descripcion: string;
  permiso: PermissionCode;
  modulo?: ModuleFlag;
  /** The audit resource of the owning screen: every read of the file's bytes writes an 'L' under it. */
  recurso: string;
  /**
   * The document manager's root folder of the feature's records (one sub-folder per record, named after it): hidden,
   * with everything under it, from whoever cannot see the feature — the folder names are the people's names.
   */
  carpeta?: string;
}

/**
 * Every kind of file in the document manager (`gd_ficheros.origen`) and the feature that owns it. Whoever lists,
 * searches or downloads one — through its own screen or through the document manager — goes through this door:
 * the owner's permission and module, and the same read audit. A new kind of file is one line here.
 */
export const ORIGENES_FICHERO = {
  gestordoc: { descripcion: 'Documentos de la empresa', permiso: 'ConfEmpresa', recurso: 'gestordoc' },
  empleados: {
    descripcion: 'Documentos y foto de un empleado (nóminas, contratos…)',
    permiso: 'PersEmple',
    recurso: 'empleadosdoc',
    carpeta: 'Empleados',
  },
  alumnos: {
    descripcion: 'Documentos de un alumno',
    permiso: 'AlumnoMatriculas',
    recurso: 'alumnosdoc',
    carpeta: 'Alumnos',
  },
  modelos: {
    descripcion: 'Justificante de presentación de un modelo tributario (PDF de la AEAT)',
    permiso: 'ImptoEmit',
    recurso: 'modtributarios',
    carpeta: 'Modelos tributarios',
  },
  consentimientos: {
    descripcion: 'Consentimiento firmado de un paciente',
    permiso: 'OdonClinica',
    recurso: 'consentimientos',
  },
} as const satisfies Record<string, OrigenFichero>;

export type Origen = keyof typeof ORIGENES_FICHERO;
export const LISTA_ORIGENES = Object.keys(ORIGENES_FICHERO) as Origen[];

const origenDe = (valor: string): OrigenFichero | undefined =>
  Object.hasOwn(ORIGENES_FICHERO, valor) ? ORIGENES_FICHERO[valor as Origen] : undefined;

/** Whether the caller reaches `nivel` on the feature that owns files of `origen` (its module active). */
export function puedeVer(ctx: RequestContext | null, origen: string, nivel: PermissionLevel = 1): boolean {
  const o = origenDe(origen);
  if (!o || !ctx?.empresa) return false;
  if ('modulo' in o && o.modulo && !ctx.modulos[o.modulo as ModuleFlag]) return false;
  return ctx.permisos[o.permiso] >= nivel;
}

/** The SQL condition of the files the caller may see: lists and searches filter in the query (pages and counts stay right). */
export function ficherosVisibles(ctx: RequestContext | null, nivel: PermissionLevel = 1): SQL {
  return inArray(
    gdFicheros.Origen,
    LISTA_ORIGENES.filter((o) => puedeVer(ctx, o, nivel)),
  );
}

/** A file by id that the caller may reach at `nivel`; any other answers 404 (a 403 would confirm it exists). */
export async function ficheroVisible(s: Scope, ctx: RequestContext | null, id: number, nivel: PermissionLevel = 1) {
  const [row] = await s.select(gdFicheros, eq(gdFicheros.Id, id));
  if (!row || !puedeVer(ctx, row.Origen, nivel)) throw notFound();
  return row;
}

/** The root folders (by name) of the features the caller cannot see: they and everything under them stay hidden. */
export function carpetasOcultas(ctx: RequestContext | null): string[] {
  return LISTA_ORIGENES.flatMap((o) => {
    const { carpeta } = ORIGENES_FICHERO[o] as OrigenFichero;
    return carpeta && !puedeVer(ctx, o) ? [carpeta] : [];
  });
}

/** The read audit of a file's bytes, the same whichever route served them. */
export function auditarLectura(s: Scope, fichero: { Id: number; Nombre: string; Origen: string }): Promise<void> {
  return s.audit({
    accion: 'L',
    recurso: origenDe(fichero.Origen)?.recurso ?? ORIGENES_FICHERO.gestordoc.recurso,
    idRegistro: fichero.Id,
    campos: { Nombre: fichero.Nombre },
  });
}

/**
 * The files kept outside the document manager, by table: each is served only by its owning route(s), under that
 * feature's declared access, and listed by no other route. A new table that stores file bytes is added here
 * (`origenes.test.ts` finds every bytea column and fails until it is).
 */
export const FICHEROS_FUERA_DEL_GESTOR = {
  ficheros: {
    descripcion:
      'Logotipo de la empresa (lo ve cualquier miembro: va impreso en sus documentos) y original adjunto de las facturas de compra y los gastos (ComprasFact)',
    rutas: [
      'GET /api/configuracion/empresa/logo',
      'GET /api/compras/fcompra/adjunto/:id',
      'GET /api/compras/fgasto/adjunto/:id',
    ],
  },
  contratos_servicio: {
    descripcion:
      'Contrato de servicio firmado (PDF y trazo de la firma): ConfEmpresa de la empresa y los administradores',
    rutas: [
      'GET /api/usuarios/usuario/vercontratofirmado',
      'GET /api/usuarios/administrador/admusuarios/printcopiaclie/:id/:contrato',
    ],
  },
  correos_salida_adjuntos: {
    descripcion: 'Adjuntos de los correos en cola: solo los lee el envío, ninguna ruta los sirve',
    rutas: [],
  },
} as const satisfies Record<string, { descripcion: string; rutas: readonly string[] }>;
