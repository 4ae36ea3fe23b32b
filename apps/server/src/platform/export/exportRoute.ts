import { PassThrough } from 'node:stream';
import type { EntityDef } from '@faro/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Access } from '../auth/access.ts';
import type { EntityRepository, Row } from '../crud/entityRepository.ts';
import { type ListQuery, MAX_OFFSET, MAX_PAGE_SIZE, parseListQuery } from '../crud/listQuery.ts';
import { badRequest } from '../http/errors.ts';
import type { Scope } from '../tenancy/scope.ts';
import { type Column, type ExportFormat, exportColumns, toCells } from './cells.ts';
import { htmlWriter } from './htmlWriter.ts';
import { odsWriter } from './odsWriter.ts';
import { pdfWriter } from './pdfWriter.ts';
import type { SheetWriter } from './writers.ts';
import { XLSX_STYLED_MAX, xlsxWriter } from './xlsxWriter.ts';

/** Spec section 9: the export and print formats. */
export const EXPORT_FORMATS = ['xlsx', 'ods', 'pdf', 'html'] as const satisfies readonly ExportFormat[];
const WRITERS: Record<ExportFormat, () => SheetWriter> = {
  xlsx: xlsxWriter,
  ods: odsWriter,
  pdf: pdfWriter,
  html: htmlWriter,
};

const formatSchema = z.enum(EXPORT_FORMATS).default('xlsx');

/** Every row of the filtered list: the repository's own stream, or its pages (bounded, for small custom lists). */
async function* source(repo: EntityRepository, query: ListQuery): AsyncGenerator<Row[]> {
  if (repo.rows) {
    yield* repo.rows(query);
    return;
  }
  for (let pagina = 1; (pagina - 1) * MAX_PAGE_SIZE < MAX_OFFSET; pagina++) {
    const page = await repo.list({ ...query, Pagina: pagina, TotalPagina: MAX_PAGE_SIZE });
    if (page.Items.length) yield page.Items;
    if (page.Items.length < MAX_PAGE_SIZE) return;
  }
}

/**
 * `GET {resource}/export?Formato=xlsx|ods|pdf|html&Filtros=…&Orden=…&Descendente=…`: the filtered list, streamed
 * as it is read (keyset batches of 1,000 rows), as an attachment. `X-Total-Registros` carries the row count so
 * the browser can show progress while the bytes arrive.
 */
export function registerExportRoute(
  app: FastifyInstance,
  entity: EntityDef,
  repository: (request: FastifyRequest) => EntityRepository,
  scopeOf: (request: FastifyRequest) => Scope,
  access: Access,
): void {
  app.get(
    `/api/${entity.area}/${entity.name}/export`,
    { config: { access }, schema: { tags: [entity.area], summary: `Exportar ${entity.labelPlural.toLowerCase()}` } },
    async (request, reply) => {
      const raw = (request.query ?? {}) as Record<string, unknown>;
      const parsedFormat = formatSchema.safeParse(raw.Formato || undefined);
      if (!parsedFormat.success) throw badRequest('El formato de exportación debe ser xlsx, ods, pdf o html');
      const format = parsedFormat.data;
      const query = parseListQuery({ Filtros: raw.Filtros, Orden: raw.Orden, Descendente: raw.Descendente });
      const repo = repository(request);
      const scope = scopeOf(request);
      // The first page checks filters and order (a 400 before any byte is streamed) and gives the count.
      const first = await repo.list({ ...query, Pagina: 1, TotalPagina: 1 });
      const total = repo.count ? await repo.count(query) : first.Total;
      const columns: Column[] = exportColumns(entity, format);
      const writer = format === 'xlsx' ? xlsxWriter({ styled: total <= XLSX_STYLED_MAX }) : WRITERS[format]();
      const stream = new PassThrough();
      const day = new Date().toISOString().slice(0, 10);
      reply
        .header('Content-Type', writer.contentType)
        .header('Content-Disposition', `attachment; filename="${entity.name}-${day}.${writer.extension}"`)
        .header('Cache-Control', 'no-store')
        .header('X-Total-Registros', String(total));
      void (async () => {
        try {
          await writer.begin(stream, entity.labelPlural, columns, total);
          for await (const batch of source(repo, query)) await writer.rows(await toCells(scope, columns, batch));
          await writer.end();
          stream.end();
        } catch (error) {
          request.log.error({ err: error }, 'exportación interrumpida');
          stream.destroy(error as Error);
        }
      })();
      return reply.send(stream);
    },
  );
}
