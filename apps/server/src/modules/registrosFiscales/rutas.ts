import type { PermissionCode } from '@faro/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import { parseListQuery } from '../../platform/crud/listQuery.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { urlAlGuardar } from '../../platform/egress/alGuardar.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { ensureMultipart } from '../../platform/http/uploads.ts';
import type { CompanyInsert, CompanyTable, Scope } from '../../platform/tenancy/scope.ts';
import { subirCertificado } from './certificado.ts';

/**
 * The routes every fiscal channel's screen has (configuration, the company certificate) and the pieces of its queue
 * routes (ids, list filters, counts by state). A channel declares its base path, permission, tag, name, when it is
 * active, its configuration body and columns, and what its configuration answers (`CanalRutas`).
 */

export const MSG_LISTA = 'Los parámetros de la lista no son válidos';

/** A configuration body: the channel's own fields and the destination URL, checked when saved. */
export type CuerpoConfig = z.ZodType<{ Url?: string | null }>;

/** A channel's routes: where they live, who may call them and what the company must be for them to answer. */
export interface CanalRutas {
  base: string;
  /** As the OpenAPI summaries name it ('VeriFactu', 'TicketBAI'); lower-cased, its OpenAPI tag. */
  nombre: string;
  permiso: PermissionCode;
  /** Throws (a Spanish 4xx) unless the caller's company uses the channel. */
  activa(request: FastifyRequest): void;
}

/** A channel's configuration: its body, its table (one row per company) and how a checked body is stored. */
export interface ConfiguracionCanal<B extends CuerpoConfig, T extends CompanyTable> {
  cuerpo: B;
  tabla: T;
  /** The columns a checked body sets (its optional texts through `textosDe`). */
  valores(cuerpo: z.infer<B>): CompanyInsert<T>;
  /** The configuration as the screen reads it (after a save and a certificate upload too). */
  json(scope: Scope): Promise<unknown>;
  /** The multipart fields that may carry the certificate's password. */
  camposClave: readonly string[];
}

/** The route options of a channel: its permission at a level and its OpenAPI tag and summary. */
export function opcionesCanal(canal: CanalRutas) {
  return {
    perm: (level: 1 | 2 | 3) => ({ access: access.permission(canal.permiso, level) }),
    schema: (summary: string) => ({ schema: { tags: [canal.nombre.toLowerCase()], summary } }),
  };
}

/** `GET|PUT {base}/config` and `POST {base}/certificado` (.p12/.pfx, the certificate store). */
export function registrarConfiguracion<B extends CuerpoConfig, T extends CompanyTable>(
  app: FastifyInstance,
  deps: AppDeps,
  canal: CanalRutas,
  config: ConfiguracionCanal<B, T>,
): void {
  const { perm, schema } = opcionesCanal(canal);
  ensureMultipart(app);
  app.get(`${canal.base}/config`, { config: perm(1), ...schema(`Configuración ${canal.nombre}`) }, async (request) => {
    canal.activa(request);
    return config.json(deps.scopeOf(request));
  });
  app.put(
    `${canal.base}/config`,
    { config: perm(3), ...schema(`Configuración ${canal.nombre}: guardar`) },
    async (request) => {
      canal.activa(request);
      const scope = deps.scopeOf(request);
      const b = parseBody(config.cuerpo, request.body) as z.infer<B>;
      await urlAlGuardar('Url', b.Url);
      const valores = { ...config.valores(b), actualizado: new Date().toISOString() };
      await scope.insert(config.tabla, valores).onConflictDoUpdate({ target: config.tabla.empresaId, set: valores });
      return config.json(scope);
    },
  );
  app.post(
    `${canal.base}/certificado`,
    { config: perm(3), ...schema('Certificado de la empresa (.p12/.pfx)') },
    async (request) => {
      canal.activa(request);
      const scope = deps.scopeOf(request);
      await subirCertificado(request, scope, deps.secret, config.camposClave);
      return config.json(scope);
    },
  );
}

/** An optional text of a configuration body as stored: '' and absent are null. */
export const nulo = (x: string | null | undefined) => (x ? x : null);

/**
 * The optional texts of a configuration body as their columns store them ('' as null): each field goes to the
 * column named as the field with a lower-case initial (`NombreSoftware` → `nombreSoftware`).
 */
export function textosDe<K extends string>(
  cuerpo: { [k in NoInfer<K>]?: string | null },
  campos: readonly K[],
): Record<Uncapitalize<K>, string | null> {
  const valores = {} as Record<Uncapitalize<K>, string | null>;
  for (const campo of campos) {
    const columna = `${campo.charAt(0).toLowerCase()}${campo.slice(1)}` as Uncapitalize<K>;
    valores[columna] = nulo(cuerpo[campo]);
  }
  return valores;
}

/** The destination URL of a configuration body (checked again by the egress door when saved and at connect). */
export const campoUrl = z
  .string()
  .trim()
  .regex(/^https:\/\/[^\s]+$/, 'La dirección debe empezar por https://')
  .nullish()
  .or(z.literal(''));

/** A nine-character NIF of a configuration body (producer, developer), '' for none. */
export const campoNif = (mensaje: string) =>
  z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{9}$/i, mensaje)
    .nullish()
    .or(z.literal(''));

/** The id of a `/:id` route: anything but a positive integer is a 404. */
export function idDe(request: { params: unknown }): number {
  const id = Number((request.params as { id: string }).id);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
}

/** A list filter's text value ('' and non-strings are no filter). */
export const textoFiltro = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/** `filtro = valor` when the value is one of `validos`; another value is a 400; none is no condition. */
export function filtroCerrado(
  valor: unknown,
  validos: readonly string[],
  condicion: (v: string) => SQL,
): SQL | undefined {
  const v = textoFiltro(valor);
  if (!v) return undefined;
  if (!validos.includes(v)) throw badRequest(MSG_LISTA);
  return condicion(v);
}

/** An ILIKE pattern that finds `texto` anywhere, its wildcards taken literally. */
export const patronContiene = (texto: string) => `%${texto.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** How many queue rows are in each state (every state present, 0 when none). */
export async function cuentasPorEstado(
  scope: Scope,
  cola: CompanyTable & { estado: AnyPgColumn },
  estados: readonly string[],
): Promise<Record<string, number>> {
  const cuentas = await scope.pick({ estado: cola.estado, n: sql<number>`count(*)::int` }, cola).groupBy(cola.estado);
  return Object.fromEntries(estados.map((e) => [e, Number(cuentas.find((x) => x.estado === e)?.n ?? 0)]));
}

/**
 * A queue list's query: paging, its filters, and the conditions on state and class every channel's list has (a
 * value outside the declared ones is a 400).
 */
export function consultaCola(
  query: unknown,
  cola: { estado: AnyPgColumn },
  registros: { clase: AnyPgColumn },
  estados: readonly string[],
  clases: readonly string[],
) {
  const q = parseListQuery(query);
  const f = q.Filtros as Record<string, unknown>;
  const conds: (SQL | undefined)[] = [
    filtroCerrado(f.Estado, estados, (v) => eq(cola.estado, v)),
    filtroCerrado(f.Clase, clases, (v) => eq(registros.clase, v)),
  ];
  return { q, f, conds };
}
