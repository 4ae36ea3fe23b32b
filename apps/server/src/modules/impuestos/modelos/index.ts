import {
  type Ajustes,
  CASILLAS_111,
  CASILLAS_115,
  CASILLAS_130,
  CASILLAS_180,
  CASILLAS_190,
  CASILLAS_303,
  CASILLAS_347,
  CASILLAS_349,
  CASILLAS_390,
  CASILLAS_NO_IMPORTE,
  type Declarante,
  formatAmount,
  isIsoDate,
  JUSTIFICANTE_AEAT,
  type ModeloTributario,
  MSG,
  MSG_CALENDARIO,
  NOMBRE_MODELO,
  type Periodo,
  type ResultadoModelo,
  SECCIONES_MODELO,
} from '@faro/domain';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access } from '../../../platform/auth/access.ts';
import { parseListQuery } from '../../../platform/crud/listQuery.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { AppError, badRequest, fieldError, notFound } from '../../../platform/http/errors.ts';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import { empresa, modelosPresentados as mp } from '../../../platform/tenancy/tables.ts';
import { registerJustificante } from './justificante.ts';
import { ficheroDe } from './resumenesAnuales.ts';
import { borrador, calcular, type Presentado, periodoDePath, trazaPaginada } from './servicio.ts';

/**
 * `/api/impuestos/modtributarios/*`: a model's boxes for a period computed from the books, the rows
 * behind a box, the AEAT file (ISO-8859-1), a PDF of the boxes, and the returns saved (borrador → presentada with
 * date and CSV; a presented return is locked, a change is a complementaria or sustitutiva).
 */
const BASE = '/api/impuestos/modtributarios';
const leer = { access: access.permission('ImptoEmit', 1) };
const escribir = { access: access.permission('ImptoEmit', 2) };
const RUTA = ':modelo/:anyo/:periodo';

export const CASILLAS: Record<ModeloTributario, readonly string[]> = {
  '303': CASILLAS_303,
  '130': CASILLAS_130,
  '111': CASILLAS_111,
  '115': CASILLAS_115,
  '349': CASILLAS_349,
  '347': CASILLAS_347,
  '390': CASILLAS_390,
  '190': CASILLAS_190,
  '180': CASILLAS_180,
};

export const MSG_MODTRIB = {
  casilla: (c: string, m: string) => `La casilla ${c} no existe en el modelo ${m}`,
  bloqueado:
    'El modelo ya está presentado y no se puede modificar: para cambiarlo guarda una declaración complementaria o sustitutiva',
  yaPresentado: 'Esta declaración ya está presentada',
  justificante: 'Indica el CSV o el número de justificante de la presentación (hasta 40 caracteres)',
  fecha: 'Indica la fecha de presentación (AAAA-MM-DD)',
  prorrata: 'La prorrata debe ser un porcentaje entero de 1 a 100',
  clave: 'La clave de actividad son una letra y dos cifras (por ejemplo, A01)',
  epigrafe: 'El epígrafe del IAE son hasta 4 cifras (por ejemplo, 6531)',
  opciones: 'Las opciones de prorrata, modelo 390 y actividad son solo del modelo 303',
  domiciliado: 'Solo se domicilia una declaración con resultado a ingresar',
} as const;

/** The box a return pays or claims (303: 71, 130: 19, 111: 30, 115: 05); the dashboard reads it too. */
export const fmtResultado = (m: ModeloTributario, r: ResultadoModelo) =>
  r.Casillas[
    {
      '303': '71',
      '130': '19',
      '111': '30',
      '115': '05',
      '349': '02',
      '347': '02',
      '390': '86',
      '190': '03',
      '180': '03',
    }[m]
  ] ?? '0.00';

function json(r: Presentado) {
  return {
    Id: r.id,
    Modelo: r.modelo,
    Anyo: r.anyo,
    Periodo: r.periodo,
    Tipo: r.tipo,
    Estado: r.estado,
    FechaPresentacion: r.fechaPresentacion,
    Justificante: r.justificante,
    JustificantePdf: r.idJustificantePdf != null,
    TipoDeclaracion: r.tipoDeclaracion,
    Resultado: r.resultado,
    Casillas: r.casillas,
    Ajustes: r.ajustes,
  };
}

async function declarante(s: Scope, anterior?: Presentado | null): Promise<Declarante> {
  const [e] = await s.company({ nombre: empresa.nombre, nif: empresa.nif });
  return {
    NIF: e?.nif ?? '',
    Nombre: e?.nombre ?? '',
    Complementaria: anterior?.tipo === 'complementaria',
    Sustitutiva: anterior?.tipo === 'sustitutiva',
  };
}

/** The period's returns, newest first. */
const delPeriodo = (s: Scope, modelo: string, p: Periodo) =>
  s.select(mp, and(eq(mp.modelo, modelo), eq(mp.anyo, p.anyo), eq(mp.periodo, p.codigo))).orderBy(desc(mp.id));

const ajustesSchema = z
  .object({
    Tipo: z
      .enum(['normal', 'complementaria', 'sustitutiva'], {
        error: 'El tipo debe ser normal, complementaria o sustitutiva',
      })
      .default('normal'),
    Casillas: z
      .record(z.string().regex(/^\d{1,3}$/), z.union([z.string(), z.number()]).transform(String))
      .refine((c) => Object.values(c).every((v) => /^-?\d{1,13}(\.\d{1,2})?$/.test(v.trim() || '0')), {
        error: 'Las casillas deben ser importes con hasta 2 decimales',
      })
      .default({}),
    /** 303: the company's options, carried to later returns (servicio.ts). */
    Opciones: z
      .object({
        Prorrata: z
          .number({ error: MSG_MODTRIB.prorrata })
          .int({ error: MSG_MODTRIB.prorrata })
          .min(1, { error: MSG_MODTRIB.prorrata })
          .max(100, { error: MSG_MODTRIB.prorrata })
          .optional(),
        Exonerado390: z.boolean({ error: 'Indica si la empresa está exonerada del modelo 390 (sí o no)' }).optional(),
        ClaveActividad: z
          .string({ error: MSG_MODTRIB.clave })
          .trim()
          .toUpperCase()
          .regex(/^([A-Z]\d{2})?$/, { error: MSG_MODTRIB.clave })
          .optional(),
        EpigrafeIAE: z
          .string({ error: MSG_MODTRIB.epigrafe })
          .trim()
          .regex(/^\d{0,4}$/, { error: MSG_MODTRIB.epigrafe })
          .optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
const presentarSchema = z.object({
  FechaPresentacion: z
    .string({ error: MSG_MODTRIB.fecha })
    .refine(isIsoDate, { error: MSG_MODTRIB.fecha })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: MSG_MODTRIB.fecha }),
  Justificante: z
    .string({ error: MSG_MODTRIB.justificante })
    .trim()
    .min(1, { error: MSG_MODTRIB.justificante })
    .max(40, { error: MSG_MODTRIB.justificante })
    // A number is the AEAT's número de justificante: 13 digits (a CSV has letters).
    .refine((v) => !/^\d+$/.test(v) || JUSTIFICANTE_AEAT.test(v), { error: MSG_CALENDARIO.justificante }),
  /** The payment is domiciled (tipo de declaración U): only a result to pay. */
  Domiciliado: z.boolean({ error: 'Indica si el pago está domiciliado (sí o no)' }).default(false),
});

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const r = schema.safeParse(body ?? {});
  if (!r.success)
    throw new AppError(
      400,
      MSG.formInvalid,
      // The field itself (Opciones.Prorrata → Prorrata), so the screen shows the message under its input.
      r.error.issues.map((i) => ({ Campo: String(i.path.at(-1) ?? 'Datos'), Mensaje: i.message })),
    );
  return r.data;
}

async function pdfModelo(s: Scope, m: ModeloTributario, p: Periodo, r: ResultadoModelo): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const d = await declarante(s);
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${NOMBRE_MODELO[m]} ${p.anyo} ${p.codigo}` } });
  const partes: Buffer[] = [];
  doc.on('data', (b: Buffer) => partes.push(b));
  const fin = new Promise<Buffer>((ok) => doc.on('end', () => ok(Buffer.concat(partes))));
  doc.font('Helvetica-Bold').fontSize(14).text(NOMBRE_MODELO[m]);
  doc.font('Helvetica').fontSize(10).text(`${d.Nombre} · NIF ${d.NIF} · Ejercicio ${p.anyo} · Periodo ${p.codigo}`);
  doc.text(`Del ${p.desde.split('-').reverse().join('/')} al ${p.hasta.split('-').reverse().join('/')}`);
  doc.moveDown();
  for (const sec of SECCIONES_MODELO[m]) {
    // 303's annual summary is only in the last period.
    if (sec.Casillas[0] && r.Casillas[sec.Casillas[0][0]] === undefined) continue;
    doc.font('Helvetica-Bold').text(sec.Titulo).font('Helvetica');
    for (const [k, etiqueta] of sec.Casillas) {
      const v = r.Casillas[k] ?? '0';
      const valor = CASILLAS_NO_IMPORTE[m].includes(k) ? v : formatAmount(v);
      doc.text(`[${k}] ${etiqueta}: ${valor}`);
    }
    doc.moveDown(0.5);
  }
  if (r.Declarados?.length) {
    doc.moveDown().font('Helvetica-Bold').text('Declarados').font('Helvetica');
    for (const x of r.Declarados) doc.text(`${x.NIF}  ${x.Nombre}  clave ${x.Clave}  ${formatAmount(x.Importe)}`);
  }
  if (r.Avisos.length) {
    doc.moveDown().font('Helvetica-Bold').text('Avisos').font('Helvetica');
    for (const a of r.Avisos) doc.text(`· ${a.Mensaje}`);
  }
  doc.end();
  return fin;
}

export function registerModelos(app: FastifyInstance, deps: AppDeps): void {
  const tags = ['impuestos'];
  registerJustificante(app, deps, BASE);
  app.get(
    `${BASE}/calcular/${RUTA}`,
    { config: leer, schema: { tags, summary: 'Casillas de un modelo tributario' } },
    async (request) => {
      const s = deps.scopeOf(request);
      const { modelo, p } = periodoDePath(request.params);
      const r = await calcular(s, modelo, p);
      const registros = await delPeriodo(s, modelo, p);
      return {
        Modelo: modelo,
        Anyo: p.anyo,
        Periodo: p.codigo,
        FechaDesde: p.desde,
        FechaHasta: p.hasta,
        Casillas: r.Casillas,
        Formulas: r.Formulas,
        TipoDeclaracion: r.TipoDeclaracion ?? null,
        Declarados: r.Declarados ?? [],
        Opciones: r.Opciones ?? null,
        Avisos: r.Avisos,
        Presentada: registros.some((x) => x.estado === 'presentada'),
        Registros: registros.map(json),
      };
    },
  );

  app.get(
    `${BASE}/traza/${RUTA}/:casilla`,
    { config: leer, schema: { tags, summary: 'Facturas y líneas detrás de una casilla' } },
    async (request) => {
      const { modelo, p } = periodoDePath(request.params);
      const casilla = String((request.params as { casilla?: string }).casilla ?? '');
      if (!CASILLAS[modelo].includes(casilla)) throw badRequest(MSG_MODTRIB.casilla(casilla, modelo));
      // A page of the box's rows (`Pagina`, `TotalPagina`): 303 and 390 read them by the groups of the box.
      const q = parseListQuery(request.query);
      const pagina = { limit: q.TotalPagina, offset: (q.Pagina - 1) * q.TotalPagina };
      const { r, Lineas, Total } = await trazaPaginada(deps.scopeOf(request), modelo, p, casilla, pagina);
      return {
        Casilla: casilla,
        Importe: r.Casillas[casilla],
        Formula: r.Formulas[casilla] ?? null,
        Lineas,
        Total,
        Pagina: q.Pagina,
        TotalPagina: q.TotalPagina,
      };
    },
  );

  app.get(
    `${BASE}/fichero/${RUTA}`,
    { config: leer, schema: { tags, summary: 'Fichero de presentación AEAT' } },
    async (request, reply) => {
      const s = deps.scopeOf(request);
      const { modelo, p } = periodoDePath(request.params);
      const r = await calcular(s, modelo, p);
      const [ultimo] = await delPeriodo(s, modelo, p);
      const d = await declarante(s, ultimo);
      const texto = ficheroDe(modelo, r, p, d);
      return reply
        .header('Content-Type', 'text/plain; charset=ISO-8859-1')
        .header('Content-Disposition', `attachment; filename="${modelo}_${p.anyo}_${p.codigo}.txt"`)
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(texto, 'latin1'));
    },
  );

  app.get(
    `${BASE}/pdf/${RUTA}`,
    { config: leer, schema: { tags, summary: 'Casillas del modelo en PDF' } },
    async (request, reply) => {
      const s = deps.scopeOf(request);
      const { modelo, p } = periodoDePath(request.params);
      const pdf = await pdfModelo(s, modelo, p, await calcular(s, modelo, p));
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="modelo-${modelo}-${p.anyo}-${p.codigo}.pdf"`)
        .send(pdf);
    },
  );

  app.get(
    `${BASE}/presentados/list`,
    { config: leer, schema: { tags, summary: 'Modelos guardados y presentados' } },
    async (request) => {
      const s = deps.scopeOf(request);
      const q = (request.query ?? {}) as Record<string, string | undefined>;
      const conds: SQL[] = [];
      if (q.Modelo) conds.push(eq(mp.modelo, q.Modelo));
      if (q.Anyo && /^\d{4}$/.test(q.Anyo)) conds.push(eq(mp.anyo, Number(q.Anyo)));
      const rows = await s
        .select(mp, and(...conds))
        .orderBy(desc(mp.anyo), desc(mp.id))
        .limit(200);
      return { Items: rows.map(json) };
    },
  );

  app.post(
    `${BASE}/guardar/${RUTA}`,
    { config: escribir, schema: { tags, summary: 'Guardar el borrador de un modelo' } },
    async (request, reply) => {
      const { modelo, p } = periodoDePath(request.params);
      const body = parse(ajustesSchema, request.body);
      if (body.Opciones && modelo !== '303') throw badRequest(MSG_MODTRIB.opciones);
      const ajustes: Ajustes = { Casillas: body.Casillas, ...body.Opciones };
      const out = await deps.scopeOf(request).tx(async (s) => {
        const registros = await delPeriodo(s, modelo, p).for('update');
        const presentado = registros.find((x) => x.estado === 'presentada');
        if (presentado && body.Tipo === 'normal') throw new AppError(409, MSG_MODTRIB.bloqueado);
        const r = await calcular(s, modelo, p, ajustes, body.Tipo);
        const valores = {
          tipo: body.Tipo,
          idAnterior: presentado?.id ?? null,
          ajustes,
          casillas: r.Casillas,
          tipoDeclaracion: r.TipoDeclaracion ?? null,
          resultado: fmtResultado(modelo, r),
        };
        const draft = await borrador(s, modelo, p);
        const [row] = draft
          ? await s.update(mp, valores, eq(mp.id, draft.id)).returning()
          : await s.insert(mp, { modelo, anyo: p.anyo, periodo: p.codigo, ...valores }).returning();
        return row!;
      });
      return reply.code(201).send(json(out));
    },
  );

  app.post(
    `${BASE}/presentar/:id`,
    { config: escribir, schema: { tags, summary: 'Marcar como presentado' } },
    async (request) => {
      const id = Number((request.params as { id?: string }).id);
      if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
      const body = parse(presentarSchema, request.body);
      const out = await deps.scopeOf(request).tx(async (s) => {
        const [row] = await s.select(mp, eq(mp.id, id)).for('update');
        if (!row) throw notFound();
        if (row.estado === 'presentada') throw new AppError(409, MSG_MODTRIB.yaPresentado);
        const modelo = row.modelo as ModeloTributario;
        const { p } = periodoDePath({ modelo, anyo: row.anyo, periodo: row.periodo });
        // The boxes as presented: computed again now, so the locked copy is what the AEAT received.
        const r = await calcular(s, modelo, p, row.ajustes as Ajustes, row.tipo);
        if (body.Domiciliado && r.TipoDeclaracion !== 'I') throw fieldError('Domiciliado', MSG_MODTRIB.domiciliado);
        const [u] = await s
          .update(
            mp,
            {
              estado: 'presentada',
              fechaPresentacion: body.FechaPresentacion,
              justificante: body.Justificante,
              casillas: r.Casillas,
              tipoDeclaracion: body.Domiciliado ? 'U' : (r.TipoDeclaracion ?? null),
              resultado: fmtResultado(modelo, r),
            },
            and(eq(mp.id, id), eq(mp.estado, 'borrador')),
          )
          .returning();
        await s.audit({
          accion: 'M',
          recurso: 'modtributarios',
          idRegistro: id,
          campos: { Estado: 'presentada' },
        });
        return u!;
      });
      return json(out);
    },
  );

  app.post(
    `${BASE}/presentados/delete/:id`,
    { config: escribir, schema: { tags, summary: 'Borrar un borrador' } },
    async (request) => {
      const id = Number((request.params as { id?: string }).id);
      if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
      const s = deps.scopeOf(request);
      const [row] = await s.select(mp, eq(mp.id, id));
      if (!row) throw notFound();
      if (row.estado === 'presentada') throw new AppError(409, MSG_MODTRIB.bloqueado);
      await s.delete(mp, and(eq(mp.id, id), eq(mp.estado, 'borrador')));
      return { Ok: true };
    },
  );
}
