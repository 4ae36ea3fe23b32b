import { ES_FACTURA, isIsoDate, MSG, routeDef } from '@faro/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import { parseListQuery } from '../../platform/crud/listQuery.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { type CachesLista, cachesLista } from './cacheLista.ts';
import { convertirBody, TIPOS_FACTURA } from './conversiones.ts';
import type { Emision } from './emision.ts';
import { enviarBody } from './envio.ts';
import { registrarExportLista } from './exportarLista.ts';
import type { Cabecera, ContextoRutas, Linea, RecursoDocumento } from './lado.ts';
import type { MotorDocumentos } from './motor.ts';
import { idOf } from './params.ts';
import { registrarRutasRecurrentes } from './recurrentes.ts';
import { almacenDe, type ResultadoStock } from './stock.ts';
import { emisionesALaVez, turnosPorClave } from './turnos.ts';
import type { VencimientoJson } from './vencimientos.ts';

export { idOf };

/**
 * `Pago`: issue (register) and collect (pay) in one step — the whole total into the account, dated `Fecha` or the
 * invoice's date; a payment refused leaves the invoice a draft (one transaction).
 */
const emitirBody = z.object({
  Minorista: z.boolean().optional(),
  Pago: z
    .object({
      IdTesoreria: z.coerce
        .number({ error: MSG.required('Cuenta') })
        .int({ error: MSG.required('Cuenta') })
        .positive({ error: MSG.required('Cuenta') })
        .max(Number.MAX_SAFE_INTEGER, { error: MSG.required('Cuenta') }),
      Fecha: z.string({ error: MSG.format }).refine(isIsoDate, { error: MSG.format }).optional(),
    })
    .optional(),
});

/**
 * The routes of one side's documents, per resource: `/api/{area}/{recurso}/` list / edit / save / save/{id} /
 * delete (drafts only) / anular, `{historial}/{recurso}/{id}` (the chain), `convertir/{id}` for the kinds that
 * convert, and for invoices the side's issuing action (`emitir` / `registrar`). The side adds its own routes
 * (`extra`: sales' rectificar); every resource has its PDF and e-mail.
 */
export function registrarRutasDocumentos(
  app: FastifyInstance,
  deps: AppDeps,
  motor: MotorDocumentos,
  /** Routes only this side has (sales: rectificar). */
  extra?: (ctx: ContextoRutas) => void,
): void {
  // The lists' count and page caches of this app (documentos/cacheLista.ts).
  const caches = cachesLista();
  // Issues / registrations of one company running at once in this app (turnos.ts).
  const emisiones = turnosPorClave(emisionesALaVez());
  for (const [recurso, def] of Object.entries(motor.lado.recursos))
    registrarRecurso(app, deps, motor, recurso, def, caches, emisiones, extra);
  // Payments of the side's invoices: /api/tesoreria/movstesoreriac|movstesoreriap/…
  motor.registrarRutasPagos(app, deps);
  // Recurring invoices of the side: fventarec; fcomprarec and its alias fgastorec.
  registrarRutasRecurrentes(app, deps, motor);
}

function registrarRecurso(
  app: FastifyInstance,
  deps: AppDeps,
  m: MotorDocumentos,
  recurso: string,
  def: RecursoDocumento,
  caches: CachesLista,
  emisiones: ReturnType<typeof turnosPorClave>,
  extra?: (ctx: ContextoRutas) => void,
): void {
  const lado = m.lado;
  const tipos = def.tipos;
  const base = `/api/${lado.area}/${recurso}`;
  const perm = (level: 1 | 2 | 3) => ({ access: access.permission(def.permission, level, def.module) });
  const schema = (summary: string) => ({ schema: { tags: [lado.area], summary } });
  /**
   * `edit/{id}`'s JSON of a loaded document. `ya`: what issuing already wrote (the extra fields from its numbered
   * step, the instalments, the warehouse), so the issuing route answers without reading them again.
   */
  const componer = async (
    s: Scope,
    h: Cabecera,
    lineas: Linea[],
    ya?: {
      extra: (json: Record<string, unknown>) => boolean;
      vencimientos: VencimientoJson[];
      idAlmacen?: number | null;
    },
  ) => {
    const json = m.aJson(h, lineas);
    // Partial conversions: per line, what was carried into each destination kind and what is pending.
    if ((lado.conversiones[h.tipo] ?? []).length) {
      const llevado = await m.llevadoPorLinea(s, h, lineas);
      for (const l of json.Lineas as Record<string, unknown>[]) Object.assign(l, llevado.get(l.Id as number));
    }
    if (!ya?.extra(json)) await lado.alCargar?.(s, recurso, h, json);
    if (esFactura) json.Vencimientos = ya ? ya.vencimientos : await m.cargarVencimientos(s, h.id);
    json.IdAlmacen = ya?.idAlmacen !== undefined ? ya.idAlmacen : await m.almacenDocumento(s, h.id);
    return json;
  };
  const cargar = async (s: Scope, id: number) => {
    const h = await m.cargarCabecera(s, id, tipos);
    return componer(s, h, await m.cargarLineas(s, [id]));
  };
  /** `cargar`'s JSON of an invoice just issued, from the issuing's own rows (same keys, same order). */
  const cargarEmitida = async (s: Scope, e: Emision) => {
    const h = e.cabecera;
    const stock = e.antes as ResultadoStock | undefined;
    // The stock sync may have written lots on the lines (FEFO): then they are read again.
    const lineas = stock?.lotes ? await m.cargarLineas(s, [h.id]) : e.lineas;
    return componer(s, h, lineas, {
      extra: (json) => lado.alCargarEmitida?.(recurso, h, json, e.paso) ?? false,
      vencimientos: e.vencimientos,
      idAlmacen: stock?.idAlmacen,
    });
  };
  const entrada = (body: unknown) => lado.aEntrada(parseBody(lado.cuerpo, body) as never);
  const esFactura = tipos.some(ES_FACTURA);

  app.get(`${base}/list`, { config: perm(1), ...schema(`Lista de ${def.label}`) }, async (request, reply) => {
    const scope = deps.scopeOf(request);
    // JSON text (kept whole at the company's documents version: cacheLista.ts), sent as Fastify would send the object.
    const q = parseListQuery(request.query);
    const json = await m.listarDocumentosJson(scope, tipos, q, request.versionDocumentos, caches);
    return reply.type('application/json; charset=utf-8').send(json);
  });
  // The same list as a file (Exportar): its filters and order, every page.
  registrarExportLista(app, deps, m, {
    base,
    recurso,
    titulo: routeDef(recurso)?.title ?? def.label,
    tipos,
    factura: esFactura,
    access: perm(1).access,
  });

  app.get(`${base}/edit/:id`, { config: perm(1), ...schema(`${def.label}: ver`) }, async (request) => {
    const scope = deps.scopeOf(request);
    return cargar(scope, idOf(request));
  });

  app.post(`${base}/save`, { config: perm(2), ...schema(`${def.label}: crear`) }, async (request, reply) => {
    const scope = deps.scopeOf(request);
    const id = await scope.tx(async (tx) => {
      const nuevo = await m.crearDesdeCuerpo(tx, recurso, request.body);
      await m.sincronizarStock(tx, nuevo, { IdAlmacen: almacenDe(request.body) });
      return nuevo;
    });
    return reply.status(201).send(await cargar(scope, id));
  });

  app.put(`${base}/save/:id`, { config: perm(2), ...schema(`${def.label}: guardar`) }, async (request) => {
    const scope = deps.scopeOf(request);
    const id = idOf(request);
    await scope.tx(async (tx) => {
      // The document first: another company's id is a 404 whatever the body says.
      const h = await m.cargarCabecera(tx, id, tipos, true);
      const input = entrada(request.body);
      m.comprobarEditable(h);
      await lado.guardar?.antes?.(tx, recurso, input, request.body, id);
      const prep = await m.preparar(tx, input);
      await m.actualizarDocumento(
        tx,
        h,
        prep,
        input.Serie,
        input.Estado,
        input.Lineas.map((l) => l.Id),
      );
      await lado.guardar?.despues?.(tx, recurso, id, request.body);
      await m.sincronizarStock(tx, id, { IdAlmacen: almacenDe(request.body) });
    });
    return cargar(scope, id);
  });

  app.delete(`${base}/delete/:id`, { config: perm(3), ...schema(`${def.label}: borrar`) }, async (request) => {
    const scope = deps.scopeOf(request);
    const id = idOf(request);
    await scope.tx(async (tx) => {
      const h = await m.cargarCabecera(tx, id, tipos, true);
      await m.sincronizarStock(tx, id, { borrar: true });
      await m.borrarDocumento(tx, h);
    });
    return { Id: id };
  });

  app.get(
    `/api/${lado.area}/${lado.historial}/${recurso}/:id`,
    { config: perm(1), ...schema(`${def.label}: cadena de documentos`) },
    async (request) => {
      const scope = deps.scopeOf(request);
      return m.historial(scope, recurso, idOf(request));
    },
  );

  app.post(`${base}/anular/:id`, { config: perm(3), ...schema(`${def.label}: anular`) }, async (request) => {
    const scope = deps.scopeOf(request);
    const id = idOf(request);
    await scope.tx(async (tx) => {
      const anulada = await m.anular(tx, tipos, id);
      await lado.alAnular?.(tx, anulada);
      await m.asentarAnulacion(tx, anulada);
      await m.sincronizarStock(tx, id);
    });
    return cargar(scope, id);
  });

  app.get(`${base}/pdf/:id`, { config: perm(1), ...schema(`${def.label}: PDF`) }, async (request, reply) => {
    const scope = deps.scopeOf(request);
    const id = idOf(request);
    const h = await m.cargarCabecera(scope, id, tipos);
    const lineas = await m.cargarLineas(scope, [id]);
    const rectificada = h.idRectificada
      ? await m.cargarCabecera(scope, h.idRectificada, TIPOS_FACTURA).catch(() => null)
      : null;
    const pdf = await m.pdfDocumento(scope, h, lineas, rectificada);
    const nombre = `${recurso}-${h.numSerie ?? `borrador-${h.id}`}.pdf`.replace(/[^\w.-]/g, '_');
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `inline; filename="${nombre}"`)
      .send(pdf);
  });

  // `{ Para?, Asunto?, Mensaje?, IdPlantilla? }`: the document's PDF to the party (Para, else its Email) through
  // the platform mailer (outbox first, SMTP when configured); an invoice must be issued / registered.
  app.post(`${base}/enviar/:id`, { config: perm(2), ...schema(`${def.label}: enviar por email`) }, async (request) => {
    const scope = deps.scopeOf(request);
    const h = await m.cargarCabecera(scope, idOf(request), tipos);
    const body = parseBody(enviarBody, request.body ?? {}) as z.infer<typeof enviarBody>;
    const correo = await m.prepararCorreo(scope, h, body);
    await deps.mailer.send(correo.mail);
    return { Para: correo.mail.to, Asunto: correo.mail.subject, Adjunto: correo.fichero };
  });

  extra?.({ app, deps, recurso, def, base, cargar });
  if (esFactura) m.registrarVencidas(app, deps, recurso);

  if (!esFactura) {
    app.post(
      `${base}/convertir/:id`,
      { config: perm(2), ...schema(`${def.label}: convertir`) },
      async (request, reply) => {
        const scope = deps.scopeOf(request);
        const id = idOf(request);
        const nuevo = await scope.tx(async (tx) => {
          await m.cargarCabecera(tx, id, tipos);
          const body = parseBody(convertirBody, request.body) as z.infer<typeof convertirBody>;
          const creado = await m.convertir(tx, recurso, id, body);
          // A converted document may move stock by itself (a purchase delivery note is goods received).
          await m.sincronizarStock(tx, creado);
          return creado;
        });
        const doc = await m.cargarCabecera(scope, nuevo, ['pedido', 'albaran', 'factura']);
        return reply.status(201).send(m.aJson(doc, await m.cargarLineas(scope, [nuevo])));
      },
    );
    return;
  }

  app.post(
    `${base}/${lado.emision.accion}/:id`,
    { config: perm(2), ...schema(lado.emision.resumen) },
    async (request) => {
      const scope = deps.scopeOf(request);
      const id = idOf(request);
      const { Pago, ...body } = parseBody(emitirBody, request.body ?? {}) as z.infer<typeof emitirBody>;
      // A few issues of the company at a time (`turnos.ts`): the rest wait their turn here, not on the counter row.
      const hecha = await emisiones(scope.empresaId, () =>
        scope.tx(async (tx) => {
          const e = await m.emitirDetallado(tx, id, {
            ...body,
            lectura: (t, _h, lineas) => m.lecturaStock(t, id, lineas),
            antesDelNumero: (t, h, lineas, leido) =>
              m.sincronizarStock(t, id, { comoEmitida: true, cabecera: h, lineas, leido }),
          });
          if (Pago) {
            const h = e.cabecera;
            await m.registrarPago(tx, {
              IdFactura: id,
              Fecha: Pago.Fecha ?? h.fecha,
              Importe: h.total,
              IdTesoreria: Pago.IdTesoreria,
            });
          }
          return e;
        }),
      );
      // Collected too: its payment status changed, so the answer is a fresh `edit/{id}`.
      if (Pago) return cargar(scope, id);
      // The answer is `edit/{id}`'s, built from what the issuing wrote (no second read of the invoice);
      // a test holds it byte-equal to a fresh `edit/{id}`.
      return cargarEmitida(scope, hecha);
    },
  );
}
