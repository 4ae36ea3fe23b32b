import { type ModuleFlag, MSG, MSG_DATOS, type PermissionCode } from '@faro/domain';
import { and, asc, desc, eq, gte, inArray, isNotNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { Cell, Column } from '../../platform/export/cells.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  arqueos as aq,
  clientesTable,
  col,
  comercialesTable,
  cobrosVenta as cv,
  documentosVenta as dv,
  familiasTable,
  documentosVentaLineas as lv,
  pagosCompra as pc,
  productosTable,
  remesas as rm,
  recibosRemesa as rr,
  tesoreriaTable,
} from '../../platform/tenancy/tables.ts';
import { rowsOf, WRITERS } from '../impuestos/libroFacturas.ts';
import { mesesDe } from '../rrhh/fichajesRoutes.ts';
import { enviarFichero, formatoExport, zDia } from './descarga.ts';
import { registrarPanel } from './panel.ts';

/**
 * `/api/informes/*` (spec section 9 report kinds): each report is columns + rows (+ the points of a chart
 * where a person would rather look), as JSON (`GET /api/informes/{informe}`) and as a file
 * (`GET /api/informes/{informe}/export?Formato=xlsx|ods|pdf|html`) through the platform's writers. The home
 * dashboard is `GET /api/informes/panel` (`panel.ts`).
 */
export const RUTA_INFORMES = '/api/informes';

const dia = zDia;
export const AGRUPACIONES = ['cliente', 'producto', 'familia', 'comercial', 'mes'] as const;
const consulta = z
  .object({
    FechaDesde: dia('Fecha desde'),
    FechaHasta: dia('Fecha hasta'),
    Agrupar: z.enum(AGRUPACIONES, { error: MSG.format }).default('cliente'),
  })
  .refine((f) => f.FechaHasta >= f.FechaDesde, { error: MSG_DATOS.dateRange, path: ['FechaHasta'] })
  .refine((f) => Date.parse(f.FechaHasta) - Date.parse(f.FechaDesde) <= 366 * 86_400_000, {
    error: 'El periodo no puede superar un año',
    path: ['FechaHasta'],
  });
type Consulta = z.infer<typeof consulta>;

function parse(query: unknown): Consulta {
  const q = { ...((query ?? {}) as Record<string, unknown>) };
  if (q.Agrupar === '') delete q.Agrupar;
  const r = consulta.safeParse(q);
  if (!r.success)
    throw new AppError(
      400,
      MSG.formInvalid,
      r.error.issues.map((i) => ({ Campo: String(i.path[0] ?? 'Filtros'), Mensaje: i.message })),
    );
  return r.data;
}

type Tipo = 'text' | 'date' | 'money' | 'integer' | 'decimal';
interface Col {
  Clave: string;
  Etiqueta: string;
  Tipo: Tipo;
}
type Fila = Record<string, string | number | null>;
export interface Punto {
  Etiqueta: string;
  Valor: number;
  Valor2?: number;
}
export interface Resultado {
  Titulo: string;
  Columnas: Col[];
  Filas: Fila[];
  /** Chart points (one or two series) and the series' names. */
  /** `Unidad` says how the chart writes its values: euros unless told. */
  Grafico?: { Series: string[]; Puntos: Punto[]; Unidad?: 'porcentaje' | 'numero' };
}
interface Informe {
  titulo: string;
  permiso: PermissionCode;
  modulo?: ModuleFlag;
  datos: (s: Scope, q: Consulta) => Promise<Resultado>;
}

const c = (Clave: string, Etiqueta: string, Tipo: Tipo = 'text'): Col => ({ Clave, Etiqueta, Tipo });
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const fix = (v: unknown) => num(v).toFixed(2);
const emitidas = and(
  inArray(dv.tipo, ['factura', 'simplificada', 'rectificativa']),
  isNotNull(dv.numero),
  ne(dv.estado, 'Anulada'),
);
const enPeriodo = (q: Consulta) => and(gte(dv.fecha, q.FechaDesde), lte(dv.fecha, q.FechaHasta));
const mesDe = (fecha: SQL | unknown) => sql<string>`to_char(${fecha}, 'YYYY-MM')`;
const LIMITE = 500;

/** Sales by customer, product, family, sales rep or month: invoices, base, cost and margin where costs exist. */
async function ventas(s: Scope, q: Consulta): Promise<Resultado> {
  const p = (f: string) => col(productosTable, f);
  const claves: Record<Consulta['Agrupar'], { clave: SQL; nombre: SQL; etiqueta: string }> = {
    cliente: { clave: sql`${col(clientesTable, 'Codigo')}`, nombre: sql`${dv.terceroNombre}`, etiqueta: 'Cliente' },
    producto: {
      clave: sql`coalesce(${p('Codigo')}, '')`,
      nombre: sql`coalesce(${p('Descripcion')}, 'Líneas sin producto')`,
      etiqueta: 'Producto',
    },
    familia: {
      clave: sql`coalesce(${col(familiasTable, 'Codigo')}, '')`,
      nombre: sql`coalesce(${col(familiasTable, 'Nombre')}, 'Sin familia')`,
      etiqueta: 'Familia',
    },
    comercial: {
      clave: sql`coalesce(${col(comercialesTable, 'Codigo')}, '')`,
      nombre: sql`coalesce(${col(comercialesTable, 'Nombre')}, 'Sin comercial')`,
      etiqueta: 'Comercial',
    },
    mes: { clave: mesDe(dv.fecha), nombre: mesDe(dv.fecha), etiqueta: 'Mes' },
  };
  const g = claves[q.Agrupar];
  const base = sql<string>`sum(${lv.importe})`;
  const coste = sql<
    string | null
  >`sum(case when coalesce(${p('PrecioCompra')}, 0) > 0 then ${lv.cantidad} * ${p('PrecioCompra')} end)`;
  const rows = await s
    .pick(
      {
        clave: sql<string>`${g.clave}`,
        nombre: sql<string>`${g.nombre}`,
        facturas: sql<number>`count(distinct ${dv.id})::int`,
        base,
        coste,
      },
      lv,
    )
    .innerJoin(dv, s.on(dv, and(eq(dv.id, lv.idDocumento), emitidas, enPeriodo(q))))
    .innerJoin(clientesTable, s.on(clientesTable, eq(col(clientesTable, 'Id'), dv.idTercero)))
    .leftJoin(productosTable, s.on(productosTable, eq(p('Id'), lv.idProducto)))
    .leftJoin(familiasTable, s.on(familiasTable, eq(col(familiasTable, 'Id'), p('IdFamilia'))))
    .leftJoin(comercialesTable, s.on(comercialesTable, eq(col(comercialesTable, 'Id'), dv.idComercial)))
    .groupBy(g.clave, g.nombre)
    .orderBy(q.Agrupar === 'mes' ? asc(g.clave) : desc(base))
    .limit(LIMITE);
  const filas = rows.map((r) => {
    const b = num(r.base);
    const tieneCoste = r.coste !== null;
    const margen = tieneCoste ? b - num(r.coste) : null;
    return {
      Clave: r.clave,
      Nombre: r.nombre,
      Facturas: r.facturas,
      Base: b.toFixed(2),
      Coste: tieneCoste ? fix(r.coste) : null,
      Margen: margen === null ? null : margen.toFixed(2),
      PorcMargen: margen === null || b === 0 ? null : ((margen * 100) / b).toFixed(2),
    };
  });
  const puntos = (q.Agrupar === 'mes' ? filas : filas.slice(0, 10)).map((f) => ({
    Etiqueta: q.Agrupar === 'mes' ? f.Clave : f.Nombre,
    Valor: Number(f.Base),
  }));
  return {
    Titulo: `Ventas por ${g.etiqueta.toLowerCase()}`,
    Columnas: [
      c('Clave', q.Agrupar === 'mes' ? 'Mes' : 'Código'),
      c('Nombre', g.etiqueta),
      c('Facturas', 'Facturas', 'integer'),
      c('Base', 'Base imponible', 'money'),
      c('Coste', 'Coste', 'money'),
      c('Margen', 'Margen', 'money'),
      c('PorcMargen', '% Margen', 'decimal'),
    ],
    Filas: filas,
    Grafico: { Series: ['Base imponible'], Puntos: puntos },
  };
}

/** Collections against payments, by month. */
async function cobrosPagos(s: Scope, q: Consulta): Promise<Resultado> {
  const cobros = await s
    .pick(
      { mes: mesDe(cv.Fecha), total: sql<string>`sum(${cv.Importe})` },
      cv,
      and(gte(cv.Fecha, q.FechaDesde), lte(cv.Fecha, q.FechaHasta)),
    )
    .groupBy(mesDe(cv.Fecha));
  const pagos = await s
    .pick(
      { mes: mesDe(pc.Fecha), total: sql<string>`sum(${pc.Importe})` },
      pc,
      and(gte(pc.Fecha, q.FechaDesde), lte(pc.Fecha, q.FechaHasta)),
    )
    .groupBy(mesDe(pc.Fecha));
  const meses = [...new Set([...cobros, ...pagos].map((r) => r.mes))].sort();
  const de = (rows: { mes: string; total: string }[], mes: string) => num(rows.find((r) => r.mes === mes)?.total);
  const filas = meses.map((mes) => {
    const a = de(cobros, mes);
    const b = de(pagos, mes);
    return { Mes: mes, Cobros: a.toFixed(2), Pagos: b.toFixed(2), Diferencia: (a - b).toFixed(2) };
  });
  return {
    Titulo: 'Cobros y pagos por mes',
    Columnas: [
      c('Mes', 'Mes'),
      c('Cobros', 'Cobros', 'money'),
      c('Pagos', 'Pagos', 'money'),
      c('Diferencia', 'Diferencia', 'money'),
    ],
    Filas: filas,
    Grafico: {
      Series: ['Cobros', 'Pagos'],
      Puntos: filas.map((f) => ({ Etiqueta: f.Mes, Valor: Number(f.Cobros), Valor2: Number(f.Pagos) })),
    },
  };
}

/** Direct-debit and transfer batches of the period. */
async function remesasInforme(s: Scope, q: Consulta): Promise<Resultado> {
  const rows = await s
    .pick(
      {
        Fecha: rm.Fecha,
        Descripcion: rm.Descripcion,
        Tipo: rm.Tipo,
        Estado: rm.Estado,
        Recibos: rm.NumRecibos,
        Total: rm.Total,
      },
      rm,
      and(gte(rm.Fecha, q.FechaDesde), lte(rm.Fecha, q.FechaHasta)),
    )
    .orderBy(asc(rm.Fecha), asc(rm.Id))
    .limit(LIMITE);
  return {
    Titulo: 'Remesas',
    Columnas: [
      c('Fecha', 'Fecha', 'date'),
      c('Descripcion', 'Descripción'),
      c('Tipo', 'Tipo'),
      c('Estado', 'Estado'),
      c('Recibos', 'Recibos', 'integer'),
      c('Total', 'Total', 'money'),
    ],
    Filas: rows,
  };
}

/** Receipts of the batches, by due date, with their status (remesado, cobrado, devuelto). */
async function recibos(s: Scope, q: Consulta): Promise<Resultado> {
  const rows = await s
    .pick(
      {
        Vencimiento: rr.Vencimiento,
        Factura: rr.NumSerie,
        Titular: rr.TerceroNombre,
        Importe: rr.Importe,
        Estado: rr.Estado,
      },
      rr,
      and(gte(rr.Vencimiento, q.FechaDesde), lte(rr.Vencimiento, q.FechaHasta)),
    )
    .orderBy(asc(rr.Vencimiento), asc(rr.Id))
    .limit(LIMITE);
  return {
    Titulo: 'Recibos',
    Columnas: [
      c('Vencimiento', 'Vencimiento', 'date'),
      c('Factura', 'Factura'),
      c('Titular', 'Titular'),
      c('Importe', 'Importe', 'money'),
      c('Estado', 'Estado'),
    ],
    Filas: rows,
  };
}

/** Cash counts of the period: expected, counted, difference and its reason. */
async function arqueosInforme(s: Scope, q: Consulta): Promise<Resultado> {
  const rows = await s
    .pick(
      {
        Fecha: aq.Fecha,
        Cuenta: sql<string>`${col(tesoreriaTable, 'Nombre')}`,
        Esperado: aq.Esperado,
        Contado: aq.Contado,
        Diferencia: aq.Diferencia,
        Motivo: aq.Motivo,
      },
      aq,
      and(gte(aq.Fecha, q.FechaDesde), lte(aq.Fecha, q.FechaHasta)),
    )
    .innerJoin(tesoreriaTable, s.on(tesoreriaTable, eq(col(tesoreriaTable, 'Id'), aq.IdTesoreria)))
    .orderBy(asc(aq.Fecha), asc(aq.Id))
    .limit(LIMITE);
  return {
    Titulo: 'Arqueos',
    Columnas: [
      c('Fecha', 'Fecha', 'date'),
      c('Cuenta', 'Cuenta'),
      c('Esperado', 'Esperado', 'money'),
      c('Contado', 'Contado', 'money'),
      c('Diferencia', 'Diferencia', 'money'),
      c('Motivo', 'Motivo'),
    ],
    Filas: rows,
  };
}

const horas = (min: number) => (min / 60).toFixed(2);

/** Time clock: hours worked per employee and day (and overtime) in the month of FechaDesde. */
async function fichajesInforme(s: Scope, q: Consulta): Promise<Resultado> {
  const meses = await mesesDe(s, q.FechaDesde.slice(0, 7));
  const filas: Fila[] = [];
  for (const m of meses) {
    for (const d of m.Dias) {
      if (d.Dia < q.FechaDesde || d.Dia > q.FechaHasta || (!d.Trabajados && !d.Entrada)) continue;
      filas.push({
        Empleado: m.Persona.Nombre,
        Dia: d.Dia,
        Entrada: d.Entrada,
        Salida: d.Salida,
        Horas: horas(d.Trabajados),
        Extra: horas(d.Extra),
      });
    }
  }
  return {
    Titulo: `Horas por empleado y día (${q.FechaDesde.slice(0, 7)})`,
    Columnas: [
      c('Empleado', 'Empleado'),
      c('Dia', 'Día', 'date'),
      c('Entrada', 'Entrada'),
      c('Salida', 'Salida'),
      c('Horas', 'Horas', 'decimal'),
      c('Extra', 'Horas extra', 'decimal'),
    ],
    Filas: filas,
  };
}

/** Academy: attendance per course and student in the period (a asiste, r retraso, f falta), % = (a + r) / marks. */
async function asistenciaInforme(s: Scope, q: Consulta): Promise<Resultado> {
  const rows = rowsOf(
    await s.execute(
      (_empresaId, de) => sql`select cu.nombre as curso, trim(al.nombre || ' ' || al.apellidos) as alumno,
        count(*) filter (where a.estado in ('a', 'r', 'f'))::int as sesiones,
        count(*) filter (where a.estado = 'a')::int as asiste, count(*) filter (where a.estado = 'r')::int as retrasos,
        count(*) filter (where a.estado = 'f')::int as faltas
      from asistencias a
        join horarios h on ${de('h')} and h.id = a.id_sesion
        join cursos cu on ${de('cu')} and cu.id = h.id_curso
        join alumnos al on ${de('al')} and al.id = a.id_alumno
      where ${de('a')} and a.fecha >= ${q.FechaDesde} and a.fecha <= ${q.FechaHasta}
      group by cu.id, cu.nombre, al.id, al.nombre, al.apellidos
      order by cu.nombre, alumno limit ${LIMITE}`,
    ),
  );
  const pct = (asiste: number, total: number) => (total ? ((asiste * 100) / total).toFixed(2) : '0.00');
  const porCurso = new Map<string, [number, number]>();
  const filas: Fila[] = rows.map((r) => {
    const [sesiones, presentes] = [num(r.sesiones), num(r.asiste) + num(r.retrasos)];
    const t = porCurso.get(String(r.curso)) ?? [0, 0];
    porCurso.set(String(r.curso), [t[0] + sesiones, t[1] + presentes]);
    return {
      Curso: String(r.curso),
      Alumno: String(r.alumno),
      Sesiones: sesiones,
      Asiste: num(r.asiste),
      Retrasos: num(r.retrasos),
      Faltas: num(r.faltas),
      Porcentaje: pct(presentes, sesiones),
    };
  });
  return {
    Titulo: 'Asistencia por curso y alumno',
    Columnas: [
      c('Curso', 'Curso'),
      c('Alumno', 'Alumno'),
      c('Sesiones', 'Sesiones anotadas', 'integer'),
      c('Asiste', 'Asiste', 'integer'),
      c('Retrasos', 'Retrasos', 'integer'),
      c('Faltas', 'Faltas', 'integer'),
      c('Porcentaje', '% de asistencia', 'decimal'),
    ],
    Filas: filas,
    Grafico: {
      Series: ['% de asistencia'],
      Unidad: 'porcentaje',
      Puntos: [...porCurso].map(([Etiqueta, [t, p]]) => ({ Etiqueta, Valor: Number(pct(p, t)) })),
    },
  };
}

/**
 * Academy: each student's weighted average per course and term (Σ nota × peso / Σ peso of the items marked) of the
 * courses running in the period, and whether it passes (5 or more).
 */
async function evaluacionInforme(s: Scope, q: Consulta): Promise<Resultado> {
  const rows = rowsOf(
    await s.execute(
      (_empresaId, de) => sql`select cu.nombre as curso, trim(al.nombre || ' ' || al.apellidos) as alumno, e.trimestre,
        count(n.nota)::int as notas,
        round(sum(n.nota * e.peso) / nullif(sum(e.peso) filter (where n.nota is not null), 0), 2)::text as media
      from notas n
        join evaluaciones e on ${de('e')} and e.id = n.id_evaluacion
        join cursos cu on ${de('cu')} and cu.id = e.id_curso
        join alumnos al on ${de('al')} and al.id = n.id_alumno
      where ${de('n')} and n.nota is not null
        and (cu.fecha_inicio is null or cu.fecha_inicio <= ${q.FechaHasta})
        and (cu.fecha_fin is null or cu.fecha_fin >= ${q.FechaDesde})
      group by cu.id, cu.nombre, al.id, al.nombre, al.apellidos, e.trimestre
      order by cu.nombre, e.trimestre, alumno limit ${LIMITE}`,
    ),
  );
  const porCurso = new Map<string, number[]>();
  const filas: Fila[] = rows.map((r) => {
    const media = num(r.media);
    porCurso.set(String(r.curso), [...(porCurso.get(String(r.curso)) ?? []), media]);
    return {
      Curso: String(r.curso),
      Trimestre: `${num(r.trimestre)}.ª evaluación`,
      Alumno: String(r.alumno),
      Notas: num(r.notas),
      Media: media.toFixed(2),
      Resultado: media >= 5 ? 'Aprobado' : 'Suspenso',
    };
  });
  return {
    Titulo: 'Evaluación por curso y alumno',
    Columnas: [
      c('Curso', 'Curso'),
      c('Trimestre', 'Evaluación'),
      c('Alumno', 'Alumno'),
      c('Notas', 'Notas puestas', 'integer'),
      c('Media', 'Nota media', 'decimal'),
      c('Resultado', 'Resultado'),
    ],
    Filas: filas,
    Grafico: {
      Series: ['Nota media'],
      Unidad: 'numero',
      Puntos: [...porCurso].map(([Etiqueta, ms]) => ({
        Etiqueta,
        Valor: Number((ms.reduce((a, b) => a + b, 0) / ms.length).toFixed(2)),
      })),
    },
  };
}

export const INFORMES: Record<string, Informe> = {
  ventas: { titulo: 'Ventas', permiso: 'VentasFact', datos: ventas },
  cobrospagos: { titulo: 'Cobros y pagos', permiso: 'TesoMovsCajaBanco', datos: cobrosPagos },
  remesas: { titulo: 'Remesas', permiso: 'TesoRemesa', datos: remesasInforme },
  recibos: { titulo: 'Recibos', permiso: 'TesoRemesa', datos: recibos },
  arqueos: { titulo: 'Arqueos', permiso: 'TesoArqueo', datos: arqueosInforme },
  fichajes: { titulo: 'Registro horario', permiso: 'PersEmple', datos: fichajesInforme },
  asistencia: { titulo: 'Asistencia (academia)', permiso: 'CursoHorario', datos: asistenciaInforme },
  evaluacion: { titulo: 'Evaluación (academia)', permiso: 'CursoCursos', datos: evaluacionInforme },
};

function celdas(columnas: Col[], f: Fila): Cell[] {
  return columnas.map((k): Cell => {
    const v = f[k.Clave];
    if (v === null || v === undefined || v === '') return null;
    if (k.Tipo === 'money' || k.Tipo === 'decimal') return { t: 'n', v: Number(v), scale: 2 };
    if (k.Tipo === 'integer') return { t: 'n', v: Number(v), scale: 0 };
    if (k.Tipo === 'date') return { t: 'd', v: String(v) };
    return { t: 's', v: String(v) };
  });
}
const columnaExport = (k: Col): Column => ({
  key: k.Clave,
  label: k.Etiqueta,
  def: { kind: k.Tipo === 'decimal' ? 'decimal' : k.Tipo, label: k.Etiqueta, list: true, scale: 2 },
});

export function registrarInformes(app: FastifyInstance, deps: AppDeps): void {
  registrarPanel(app, deps);
  for (const [nombre, inf] of Object.entries(INFORMES)) {
    const config = { access: access.permission(inf.permiso, 1, inf.modulo) };
    app.get(
      `${RUTA_INFORMES}/${nombre}`,
      { config, schema: { tags: ['informes'], summary: `Informe: ${inf.titulo}` } },
      async (request) => inf.datos(deps.scopeOf(request), parse(request.query)),
    );
    app.get(
      `${RUTA_INFORMES}/${nombre}/export`,
      { config, schema: { tags: ['informes'], summary: `Exportar informe: ${inf.titulo}` } },
      async (request, reply) => {
        const raw = (request.query ?? {}) as Record<string, unknown>;
        const formato = formatoExport(raw.Formato);
        const q = parse(raw);
        const r = await inf.datos(deps.scopeOf(request), q);
        const writer = WRITERS[formato](r.Filas.length);
        const columnas = r.Columnas.map(columnaExport);
        return enviarFichero(
          request,
          reply,
          {
            tipo: writer.contentType,
            nombre: `informe-${nombre}-${q.FechaDesde}-${q.FechaHasta}.${writer.extension}`,
            total: r.Filas.length,
          },
          async (stream) => {
            await writer.begin(stream, `${r.Titulo} del ${q.FechaDesde} al ${q.FechaHasta}`, columnas, r.Filas.length);
            await writer.rows(r.Filas.map((f) => celdas(r.Columnas, f)));
            await writer.end();
          },
        );
      },
    );
  }
}
