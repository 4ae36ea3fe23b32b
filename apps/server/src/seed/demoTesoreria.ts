import { DENOMINACIONES_EURO, escribirNorma43 } from '@faro/domain';
import { eq, sql } from 'drizzle-orm';
import { saldoEsperado } from '../modules/tesoreria/arqueos.ts';
import { conciliar, importarNorma43 } from '../modules/tesoreria/extractos.ts';
import { crearRemesa, devolverRecibo, enviarRemesa, recibosCandidatos } from '../modules/tesoreria/remesas.ts';
import type { Db } from '../platform/db/database.ts';
import { diaMas } from '../platform/fechas.ts';
import { arqueos, col, recibosRemesa, remesas, tesoreriaTable } from '../platform/tenancy/tables.ts';
import { empresaDemo } from './empresaDemo.ts';

/** A breakdown of an amount in euro notes and coins (largest first). */
function desglose(importe: string): Record<string, number> {
  let c = Math.round(Number(importe) * 100);
  const out: Record<string, number> = {};
  for (const d of DENOMINACIONES_EURO) {
    const v = Math.round(Number(d) * 100);
    const n = Math.floor(c / v);
    if (n > 0) {
      out[d] = n;
      c -= n * v;
    }
  }
  return out;
}

/**
 * DEMO data of treasury: a mandate per customer with an IBAN (one statement), two monthly direct-debit
 * batches sent through the services (the first with a returned receipt and its bank fee), a cash count of the till
 * and an imported Norma 43 statement of the bank with the second batch reconciled and the rest left to propose.
 * Few rows (≤ 8 receipts a batch) so the first start stays fast.
 */
export async function seedDemoTesoreria(db: Db, hoy: string): Promise<void> {
  const s = await empresaDemo(db, 'DEMO');
  if (!s) return;
  const tc = (f: string) => col(tesoreriaTable, f);
  const cuentas = (await s.pick({ Id: tc('Id'), Codigo: tc('Codigo'), IBAN: tc('IBAN') }, tesoreriaTable)) as {
    Id: number;
    Codigo: string;
    IBAN: string | null;
  }[];
  const banco = cuentas.find((c) => c.Codigo === 'BANCO');
  const caja = cuentas.find((c) => c.Codigo === 'CAJA');
  if (!banco?.IBAN) return;
  await s.execute(
    (
      empresaId,
    ) => sql`insert into mandatos_sepa (empresa_id, id_cliente, referencia, iban, bic, fecha_firma, esquema, secuencia, estado)
      select c.empresa_id, c.id, upper(c.codigo) || '-1', upper(replace(c.iban, ' ', '')), nullif(c.bic, ''), ${diaMas(hoy, -400)}, 'CORE', 'RCUR', 'activo'
      from clientes c where c.empresa_id = ${empresaId} and coalesce(c.iban, '') <> ''`,
  );
  await s.tx(async (t) => {
    // The receipts already due, by month of due date: the two latest months with receipts make two batches.
    const due = (await recibosCandidatos(t, { FechaHasta: diaMas(hoy, -1) })).filter((r) => r.Problema === null);
    const meses = [...new Set(due.map((r) => r.Vencimiento.slice(0, 7)))].sort().slice(-2);
    const hechas: number[] = [];
    for (const mes of meses) {
      const recibos = due.filter((r) => r.Vencimiento.startsWith(mes)).slice(0, 8);
      const fecha = recibos.map((r) => r.Vencimiento).sort()[recibos.length - 1]!;
      const r = await crearRemesa(t, 'cobro', {
        IdTesoreria: banco.Id,
        Fecha: fecha,
        Esquema: 'CORE',
        Descripcion: `Remesa de recibos de ${mes}`,
        Recibos: recibos.map((x) => ({ IdFactura: x.IdFactura, Plazo: x.Plazo })),
      });
      await enviarRemesa(t, r.Id);
      hechas.push(r.Id);
    }
    if (!hechas.length) return;
    // The first batch has a return (insufficient funds) with the bank's fee.
    const [primera] = await t.select(remesas, eq(remesas.Id, hechas[0]!));
    const [linea] = await t.select(recibosRemesa, eq(recibosRemesa.IdRemesa, hechas[0]!)).limit(1);
    const devolucion = diaMas(primera!.Fecha, 3) < hoy ? diaMas(primera!.Fecha, 3) : primera!.Fecha;
    if (linea) await devolverRecibo(t, linea.Id, { Motivo: 'AM04', Fecha: devolucion, Comision: '2.50' });
    // The bank statement of the last batch's month: its credit (reconciled), the return and its fee (to propose).
    const [ultima] = await t.select(remesas, eq(remesas.Id, hechas[hechas.length - 1]!));
    const u = ultima!;
    const desde = `${u.Fecha.slice(0, 7)}-01`;
    const finMes = new Date(Date.UTC(Number(desde.slice(0, 4)), Number(desde.slice(5, 7)), 0))
      .toISOString()
      .slice(0, 10);
    const hasta = [diaMas(hoy, -1), finMes].sort()[0]!;
    const apuntes = [
      {
        fechaOperacion: u.Fecha,
        fechaValor: u.Fecha,
        conceptoComun: '06',
        conceptoPropio: '001',
        importe: u.Total,
        documento: '',
        referencia1: '',
        referencia2: u.MsgId.slice(0, 16),
        concepto: `ABONO REMESA ${u.MsgId}`,
      },
      {
        fechaOperacion: hasta,
        fechaValor: hasta,
        conceptoComun: '17',
        conceptoPropio: '010',
        importe: '-12.00',
        documento: '',
        referencia1: '',
        referencia2: '',
        concepto: 'COMISION MANTENIMIENTO',
      },
    ].filter((a) => a.fechaOperacion >= desde && a.fechaOperacion <= hasta);
    const iban = banco.IBAN!.replace(/\s+/g, '');
    const [ext] = await importarNorma43(
      t,
      `extracto-${u.Fecha.slice(0, 7)}.n43`,
      escribirNorma43({
        banco: iban.slice(4, 8),
        oficina: iban.slice(8, 12),
        cuenta: iban.slice(14),
        desde,
        hasta,
        saldoInicial: '12500.00',
        divisa: '978',
        titular: 'DEMO',
        apuntes,
      }),
      banco.Id,
    );
    const abono = await t.execute<{ id: number }>(
      (empresaId) =>
        sql`select id from apuntes_bancarios where empresa_id = ${empresaId} and id_extracto = ${ext!.Id} and concepto_comun = '06'`,
    );
    if (abono[0]) await conciliar(t, [{ IdApunte: Number(abono[0].id), Clase: 'remesa', Id: u.Id }]);
    // A cash count of the till a week ago, square.
    if (caja) {
      const fecha = diaMas(hoy, -7);
      const esperado = await saldoEsperado(t, caja.Id, fecha);
      if (Number(esperado) > 0) {
        await t.insert(arqueos, {
          IdTesoreria: caja.Id,
          Fecha: fecha,
          Esperado: esperado,
          Contado: esperado,
          Diferencia: '0.00',
          Motivo: null,
          Desglose: desglose(esperado),
        });
      }
    }
  });
}
