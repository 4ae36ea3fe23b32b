import { anyLookupReaders, entityByName, lookupColumns, lookupReaders, MSG } from '@faro/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { access } from '../auth/access.ts';
import { companyCtx } from '../auth/guard.ts';
import { fieldError } from '../http/errors.ts';
import type { EntityRepository } from './entityRepository.ts';
import { parseListQuery } from './listQuery.ts';

type Lector = (request: FastifyRequest) => EntityRepository;

/** The lookups of each app, by list name (registerLookupRoute records them; several apps live in one test process). */
const LECTORES = new WeakMap<FastifyInstance, Map<string, Lector>>();

/** Records the repository a lookup reads, so one call can answer several lists (`GET /api/listas`). */
export function recordLookup(app: FastifyInstance, name: string, repo: Lector): void {
  const lectores = LECTORES.get(app) ?? new Map<string, Lector>();
  lectores.set(name, repo);
  LECTORES.set(app, lectores);
}

/** The lookups' page: reference lists are short catalogues, the server's largest page. */
const PAGINA = parseListQuery({ Pagina: '1', TotalPagina: '200' });
/** More names than there are lists is never a screen's request. */
const MAX_LISTAS = 40;

const incluirSchema = z.object({ incluir: z.string().max(1000).optional() });

/**
 * `GET /api/listas?incluir=clientes,series,tiposiva`: several reference lists in one call, each as its own lookup
 * answers it (`{ Listas: { clientes: [...], ... } }`, the lookup's columns, its first 200 rows). A list the caller may
 * not read (domain `lookupReaders`) or whose module the company has switched off is left out, so a screen asks for
 * what it shows and gets what the person may see; an unknown name is a 400 on `incluir`. Readable by whoever reads
 * some list.
 */
export function registerListasRoute(app: FastifyInstance): void {
  app.get(
    '/api/listas',
    {
      config: { access: access.lookup(anyLookupReaders()) },
      schema: {
        tags: ['configuracion'],
        summary: 'Varias listas de referencia en una llamada',
        querystring: { type: 'object', properties: { incluir: { type: 'string' } } },
      },
    },
    async (request) => {
      const ctx = companyCtx(request);
      const parsed = incluirSchema.safeParse(request.query);
      const texto = parsed.success ? (parsed.data.incluir ?? '') : '';
      const nombres = [...new Set(texto.split(',').filter(Boolean))];
      if (!parsed.success || nombres.length === 0) throw fieldError('incluir', MSG.required('Listas'));
      if (nombres.length > MAX_LISTAS) throw fieldError('incluir', `Como máximo ${MAX_LISTAS} listas`);
      const lectores = LECTORES.get(app) ?? new Map<string, Lector>();
      const listas: [string, Record<string, unknown>[]][] = [];
      for (const nombre of nombres) {
        // The Map first: a client-given name never indexes a plain object (the registry) before it is known.
        const lector = lectores.get(nombre);
        const entity = lector ? entityByName(nombre) : undefined;
        if (!lector || !entity) throw fieldError('incluir', `La lista ${nombre} no existe`);
        if (entity.module && !ctx.modulos[entity.module]) continue;
        if (!lookupReaders(entity).some((code) => ctx.permisos[code] >= 1)) continue;
        const columns = lookupColumns(entity);
        const answer = await lector(request).list(PAGINA);
        listas.push([nombre, answer.Items.map((row) => Object.fromEntries(columns.map((c) => [c, row[c] ?? null])))]);
      }
      return { Listas: Object.fromEntries(listas) };
    },
  );
}
