import {
  add,
  DENOMINACIONES_EURO,
  dec,
  etiquetaDenominacion,
  formatAmount,
  isZero,
  MSG,
  sub,
  toFixed,
  totalDesglose,
} from '@faro/domain';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import { MAX_OFFSET, parseListQuery } from '../../platform/crud/listQuery.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { documentoPdf } from '../../platform/export/documentoPdf.ts';
import { badRequest, fieldError, notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  arqueos as aq,
  col,
  empresa,
  movimientosTesoreria as mt,
  tesoreriaTable,
} from '../../platform/tenancy/tables.ts';
import { asentarDocumentos } from '../contabilidad/libro.ts';
import { contar, esDia, esId, hoyEspana, idDe, permiso, zDia, zId } from './comun.ts';
import { comprobarCuenta, consultaMovimientos, insertarMovimiento } from './movimientos.ts';

export const MSG_ARQUEOS = {
  noArqueable: 'La cuenta no es arqueable: marca «Arqueable» en la cuenta de tesorería',
  anterior: (f: string) => `Ya hay un arqueo posterior en esta cuenta (${f})`,
  motivo: 'Indica el motivo de la diferencia',
  soloUltimo: 'Sólo se puede deshacer el último arqueo de la cuenta',
};

const tc = (f: string) => col(tesoreriaTable, f);
type Arqueo = typeof aq.$inferSelect;
const json = ({ empresaId: _, CreadoEn: __, ...r }: Arqueo) => r;

const arqueoBody = z.object({
  IdTesoreria: zId('Cuenta'),
  Fecha: zDia('Fecha'),
  Desglose: z.record(
    z.string(),
    z.coerce
      .number({ error: MSG.format })
      .int({ error: MSG.format })
      .min(0, { error: MSG.min(0) })
      .max(1_000_000, { error: MSG.max(1_000_000) }),
    {
      error: 'Indica las monedas y billetes contados',
    },
  ),
  Motivo: z
    .string()
    .trim()
    .max(300, { error: MSG.maxLength('Motivo', 300) })
    .nullish(),
});

/** The balance the books say the account has at the end of `fecha` (opening balance + every movement up to it). */
export async function saldoEsperado(s: Scope, idTesoreria: number, fecha: string): Promise<string> {
  const { base } = consultaMovimientos(s, {});
  const [r] = await s.execute<{ saldo: string | null }>(
    () =>
      sql`select sum(x.importe)::text as saldo from (${base}) x where x.id_tesoreria = ${idTesoreria} and x.fecha <= ${fecha}`,
  );
  const [c] = await s.pick({ si: tc('SaldoInicial') }, tesoreriaTable, eq(tc('Id'), idTesoreria));
  return toFixed(add(dec(String(c?.si ?? '0')), dec(r?.saldo ?? '0')), 2);
}

async function ultimoArqueo(s: Scope, idTesoreria: number) {
  const [u] = await s.select(aq, eq(aq.IdTesoreria, idTesoreria)).orderBy(desc(aq.Fecha), desc(aq.Id)).limit(1);
  return u ?? null;
}

/** The printable count sheet (pdfkit, loaded on first use). */
async function hojaArqueo(s: Scope, a: Arqueo, cuenta: string): Promise<Buffer> {
  const [e] = await s.company({ nombre: empresa.nombre });
  const { doc, terminar } = await documentoPdf({ Title: `Arqueo ${cuenta} ${a.Fecha}` });
  doc.font('Helvetica-Bold').fontSize(15).text(`Arqueo de ${cuenta}`);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`${e?.nombre ?? ''} · ${a.Fecha.split('-').reverse().join('/')}`);
  doc.moveDown();
  for (const d of DENOMINACIONES_EURO) {
    const n = a.Desglose[d] ?? 0;
    if (!n) continue;
    doc.text(
      `${etiquetaDenominacion(d).padEnd(10)}  x ${String(n).padStart(5)}  = ${formatAmount(toFixed(dec(((Math.round(Number(d) * 100) * n) / 100).toFixed(2)), 2))}`,
    );
  }
  doc.moveDown();
  doc.font('Helvetica-Bold');
  doc.text(`Saldo según movimientos: ${formatAmount(a.Esperado)}`);
  doc.text(`Contado: ${formatAmount(a.Contado)}`);
  doc.text(`Diferencia: ${formatAmount(a.Diferencia)}`);
  doc.font('Helvetica');
  if (a.Motivo) doc.text(`Motivo: ${a.Motivo}`);
  doc.moveDown(3);
  doc.text('Firma del responsable de caja:');
  return terminar();
}

/** `/api/tesoreria/arqueos/*` (permission TesoArqueo): cash counts of arqueable accounts. */
export function registrarArqueos(app: FastifyInstance, deps: AppDeps): void {
  const base = '/api/tesoreria/arqueos';
  app.get(`${base}/list`, permiso('TesoArqueo', 1, 'Arqueos'), async (request) => {
    const s = deps.scopeOf(request);
    const q = parseListQuery(request.query);
    const f = q.Filtros;
    const conds: SQL[] = [];
    if (esId(f.IdTesoreria)) conds.push(eq(aq.IdTesoreria, Number(f.IdTesoreria)));
    if (esDia(f.FechaDesde)) conds.push(sql`${aq.Fecha} >= ${f.FechaDesde}`);
    if (esDia(f.FechaHasta)) conds.push(sql`${aq.Fecha} <= ${f.FechaHasta}`);
    const where = and(...conds);
    const rows = await s
      .pick({ a: aq, Cuenta: tc('Nombre') }, aq, where)
      .innerJoin(tesoreriaTable, s.on(tesoreriaTable, eq(tc('Id'), aq.IdTesoreria)))
      .orderBy(desc(aq.Fecha), desc(aq.Id))
      .limit(q.TotalPagina)
      .offset(Math.min((q.Pagina - 1) * q.TotalPagina, MAX_OFFSET));
    const total = await contar(s, s.pick({ one: aq.Id }, aq, where).getSQL());
    return { Items: rows.map((r) => ({ ...json(r.a), Cuenta: r.Cuenta })), ...total };
  });
  app.get(`${base}/esperado/:id`, permiso('TesoArqueo', 1, 'Saldo esperado de la caja'), async (request) => {
    const s = deps.scopeOf(request);
    const id = idDe(request);
    const cuenta = await comprobarCuenta(s, id, null);
    const q = request.query as Record<string, unknown>;
    const fecha = esDia(q.Fecha) ? q.Fecha : hoyEspana();
    const ultimo = await ultimoArqueo(s, id);
    return {
      IdTesoreria: id,
      Cuenta: cuenta.Nombre,
      Arqueable: !!cuenta.Arqueable,
      Fecha: fecha,
      Esperado: await saldoEsperado(s, id, fecha),
      UltimoArqueo: ultimo?.Fecha ?? null,
    };
  });
  app.get(`${base}/edit/:id`, permiso('TesoArqueo', 1, 'Arqueo'), async (request) => {
    const [a] = await deps.scopeOf(request).select(aq, eq(aq.Id, idDe(request)));
    if (!a) throw notFound();
    return json(a);
  });
  app.post(`${base}/save`, permiso('TesoArqueo', 2, 'Nuevo arqueo'), async (request, reply) => {
    const body = parseBody(arqueoBody, request.body) as z.infer<typeof arqueoBody>;
    let contado: string;
    try {
      contado = totalDesglose(body.Desglose);
    } catch (e) {
      throw fieldError('Desglose', (e as Error).message);
    }
    const row = await deps.scopeOf(request).tx(async (t) => {
      const cuenta = await comprobarCuenta(t, body.IdTesoreria);
      if (!cuenta.Arqueable) throw fieldError('IdTesoreria', MSG_ARQUEOS.noArqueable);
      // One count at a time per account: its rows are read under lock.
      await t.pick({ id: tc('Id') }, tesoreriaTable, eq(tc('Id'), cuenta.Id)).for('update');
      const ultimo = await ultimoArqueo(t, cuenta.Id);
      if (ultimo && ultimo.Fecha > body.Fecha) throw fieldError('Fecha', MSG_ARQUEOS.anterior(ultimo.Fecha));
      const esperado = await saldoEsperado(t, cuenta.Id, body.Fecha);
      const diferencia = toFixed(sub(dec(contado), dec(esperado)), 2);
      if (!isZero(dec(diferencia)) && !body.Motivo) throw fieldError('Motivo', MSG_ARQUEOS.motivo);
      const [a] = await t
        .insert(aq, {
          IdTesoreria: cuenta.Id,
          Fecha: body.Fecha,
          Esperado: esperado,
          Contado: contado,
          Diferencia: diferencia,
          Motivo: body.Motivo ?? null,
          Desglose: Object.fromEntries(Object.entries(body.Desglose).filter(([, n]) => n > 0)),
        })
        .returning();
      if (!isZero(dec(diferencia))) {
        const mov = await insertarMovimiento(t, {
          IdTesoreria: cuenta.Id,
          Fecha: body.Fecha,
          Importe: diferencia,
          Descripcion: `Diferencia de arqueo: ${body.Motivo}`,
          Clase: 'arqueo',
          IdArqueo: a!.Id,
        });
        await t.update(aq, { IdMovimiento: mov.Id }, eq(aq.Id, a!.Id));
        // The difference's entry (678 shortage / 778 surplus against the cash account): the last lock.
        await asentarDocumentos(t, 'arqueo', [mov.Id]);
        return { ...a!, IdMovimiento: mov.Id };
      }
      return a!;
    });
    return reply.status(201).send(json(row));
  });
  app.delete(`${base}/delete/:id`, permiso('TesoArqueo', 3, 'Deshacer el último arqueo'), async (request) => {
    const id = idDe(request);
    await deps.scopeOf(request).tx(async (t) => {
      const [a] = await t.select(aq, eq(aq.Id, id));
      if (!a) throw notFound();
      const ultimo = await ultimoArqueo(t, a.IdTesoreria);
      if (ultimo?.Id !== a.Id) throw badRequest(MSG_ARQUEOS.soloUltimo);
      if (a.IdMovimiento) await t.delete(mt, eq(mt.Id, a.IdMovimiento));
      await t.delete(aq, eq(aq.Id, id));
      if (a.IdMovimiento) await asentarDocumentos(t, 'arqueo', [a.IdMovimiento]);
    });
    return { Id: id };
  });
  app.get(`${base}/pdf/:id`, permiso('TesoArqueo', 1, 'Hoja de arqueo (PDF)'), async (request, reply) => {
    const s = deps.scopeOf(request);
    const [a] = await s.select(aq, eq(aq.Id, idDe(request)));
    if (!a) throw notFound();
    const cuenta = await comprobarCuenta(s, a.IdTesoreria);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `inline; filename="arqueo-${a.Fecha}.pdf"`)
      .send(await hojaArqueo(s, a, cuenta.Nombre));
  });
}
