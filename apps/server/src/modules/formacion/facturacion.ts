import { type DocumentoVentaInput, isValidIban, MSG_ACADEMIA, normalizeIban, type SaldoPagador } from '@faro/domain';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { AppError } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  alumnosTable as al,
  alumnosCols as alC,
  cargosTable as ca,
  cargosCols as caC,
  clientesTable as cl,
  col,
  documentosVenta as dv,
  fpagoTable as fp,
  mandatosSepa as ms,
  tutoresTable as tu,
  vencimientosVenta as ve,
} from '../../platform/tenancy/tables.ts';
import { mandatoVigente } from '../tesoreria/mandatos.ts';
import { crearDocumento, preparar } from '../ventas/documentos/documentosRepository.ts';
import { emitirFactura } from '../ventas/documentos/emitir.ts';
import { hoyEspana, vacio } from './comun.ts';

type Fila = Record<string, unknown>;

/** The payer of a student's charges: the paying tutor, else the student. */
interface Pagador {
  clave: string;
  tipo: 'alumno' | 'tutor';
  id: number;
}
const pagadorDe = (a: Fila): Pagador =>
  a.PagaTutor === true && !vacio(a.IdTutor)
    ? { clave: `t${a.IdTutor}`, tipo: 'tutor', id: Number(a.IdTutor) }
    : { clave: `a${a.Id}`, tipo: 'alumno', id: Number(a.Id) };

/**
 * The customer that invoices go to for a payer: created once from the student's or tutor's data (name, DNI/NIE,
 * contact, the payer's IBAN) and remembered in their IdCliente.
 */
async function clienteDe(s: Scope, p: Pagador, alumno: Fila): Promise<number> {
  const tabla = p.tipo === 'tutor' ? tu : al;
  const [fila] = await s.select(tabla, eq(tabla.Id, p.id));
  if (!fila) throw new AppError(400, MSG_ACADEMIA.pagadorSinTutor);
  if (!vacio(fila.IdCliente)) return Number(fila.IdCliente);
  const [nuevo] = await s
    .insert(cl, {
      Nombre: [fila.Nombre, fila.Apellidos].filter(Boolean).join(' '),
      NIF: vacio(fila.NIF) ? null : fila.NIF,
      Email: fila.Email ?? null,
      Telefono: fila.Telefono ?? null,
      Direccion: fila.Direccion ?? null,
      Pais: 'ES',
      IBAN: (p.tipo === 'tutor' ? fila.IBAN : null) ?? alumno.IBAN ?? null,
    } as never)
    .returning({ Id: cl.Id });
  const idCliente = Number(nuevo!.Id);
  await s.update(tabla, { IdCliente: idCliente } as never, eq(tabla.Id, p.id));
  return idCliente;
}

/**
 * The payer's SEPA mandate, in treasury's mandates (`mandatos_sepa` of the payer's customer, what the SEPA batches
 * collect under): created from the student file (the paying tutor's IBAN or the file's 'IBAN del pagador', signed on
 * 'Fecha del mandato SEPA') when the customer has none. A customer with a mandate — active, or blocked by a return,
 * or cancelled — is left to the treasury's screen; without a valid IBAN or a signing date nothing is created and the
 * batch's candidate list says what is missing.
 */
export async function asegurarMandato(s: Scope, idCliente: number, p: Pagador, alumno: Fila): Promise<void> {
  if (await mandatoVigente(s, idCliente)) return;
  const suyos = await s.pick({ Id: ms.Id }, ms, eq(ms.IdCliente, idCliente));
  if (suyos.length || vacio(alumno.FechaMandato)) return;
  let iban = vacio(alumno.IBAN) ? '' : String(alumno.IBAN);
  if (p.tipo === 'tutor') {
    const [t] = await s.pick({ IBAN: col(tu, 'IBAN') }, tu, eq(col(tu, 'Id'), p.id));
    if (!vacio(t?.IBAN)) iban = String(t!.IBAN);
  }
  iban = normalizeIban(iban);
  if (!iban || !isValidIban(iban)) return;
  await s.insert(ms, {
    IdCliente: idCliente,
    Referencia: `ACA-${idCliente}-1`,
    IBAN: iban,
    FechaFirma: String(alumno.FechaMandato).slice(0, 10),
    Esquema: 'CORE',
    Secuencia: 'FRST',
    Estado: 'activo',
  });
}

/** The company's direct-debit payment method ('Recibo domiciliado', medio domiciliacion), created when missing. */
export async function formaPagoRecibo(s: Scope): Promise<number> {
  const [fila] = await s
    .pick({ Id: col(fp, 'Id') }, fp, and(eq(col(fp, 'Medio'), 'domiciliacion'), eq(col(fp, 'Baja'), false)))
    .orderBy(asc(col(fp, 'Id')))
    .limit(1);
  if (fila) return Number(fila.Id);
  const [nueva] = await s
    .insert(fp, {
      Codigo: 'RECIBO',
      Descripcion: 'Recibo domiciliado',
      Medio: 'domiciliacion',
      Plazos: 1,
      DiasPrimerPlazo: 0,
      DiasEntrePlazos: 0,
    } as never)
    .returning({ Id: fp.Id });
  return Number(nueva!.Id);
}

export interface ResultadoFacturacion {
  Facturas: { IdFactura: number; NumSerie: string | null; Cliente: number; Cargos: number; Total: string }[];
  Errores: { Pagador: string; Mensaje: string }[];
}

/**
 * Invoices the pending charges up to `hasta` (all students, or the given ones): ONE issued invoice per payer, each
 * in its own transaction, through the sales engine (`preparar` → `crearDocumento` → `emitirFactura`), paid by
 * 'Recibo domiciliado' so treasury's SEPA batches pick its receipts. Each charge is one line at its own VAT type
 * (teaching EXENTO E1, art. 20.1.9º LIVA; materials at their rate). A payer that fails (no DNI/NIE…) is reported and
 * the others go on.
 */
export async function facturarCargos(
  s: Scope,
  opciones: { hasta?: string; fecha?: string; alumnos?: number[] } = {},
): Promise<ResultadoFacturacion> {
  const hoy = hoyEspana();
  const hasta = opciones.hasta ?? hoy;
  const fecha = opciones.fecha ?? hoy;
  const pendientes = await s
    .select(
      ca,
      and(
        isNull(caC.IdFactura),
        lte(caC.Fecha, hasta),
        opciones.alumnos?.length ? inArray(caC.IdAlumno, opciones.alumnos) : undefined,
      ),
    )
    .orderBy(asc(caC.IdAlumno), asc(caC.Fecha), asc(caC.Id));
  if (!pendientes.length) throw new AppError(400, MSG_ACADEMIA.sinCargos);
  const idsAlumno = [...new Set(pendientes.map((c) => Number(c.IdAlumno)))];
  const alumnos = await s.select(al, inArray(alC.Id, idsAlumno));
  const porPagador = new Map<string, { pagador: Pagador; alumno: Fila; cargos: Fila[] }>();
  for (const c of pendientes) {
    const a = alumnos.find((x) => Number(x.Id) === Number(c.IdAlumno));
    if (!a) continue;
    const p = pagadorDe(a);
    const grupo = porPagador.get(p.clave) ?? { pagador: p, alumno: a, cargos: [] };
    grupo.cargos.push(c);
    porPagador.set(p.clave, grupo);
  }
  const idFormaPago = await formaPagoRecibo(s);
  const out: ResultadoFacturacion = { Facturas: [], Errores: [] };
  for (const { pagador, alumno, cargos } of porPagador.values()) {
    try {
      const hecha = await s.tx(async (t) => {
        const cliente = await clienteDe(t, pagador, alumno);
        await asegurarMandato(t, cliente, pagador, alumno);
        const nombreDe = (id: unknown) => {
          const a = alumnos.find((x) => Number(x.Id) === Number(id));
          return a ? `${a.Nombre} ${a.Apellidos}` : '';
        };
        const input: DocumentoVentaInput = {
          Cliente: cliente,
          Fecha: fecha,
          IdFormaPago: idFormaPago,
          Observaciones: `Cargos de la academia hasta el ${hasta.split('-').reverse().join('/')}`,
          Lineas: cargos.map((c) => ({
            Descripcion: pagador.tipo === 'tutor' ? `${c.Concepto} (${nombreDe(c.IdAlumno)})` : String(c.Concepto),
            Cantidad: '1',
            Precio: String(c.Importe),
            TipoIva: String(c.TipoIva),
          })),
        } as DocumentoVentaInput;
        const prep = await preparar(t, input);
        const idFactura = await crearDocumento(t, 'factura', prep, null);
        const emitida = await emitirFactura(t, idFactura);
        const marcados = await t
          .update(
            ca,
            { IdFactura: idFactura } as never,
            and(
              inArray(
                caC.Id,
                cargos.map((c) => Number(c.Id)),
              ),
              isNull(caC.IdFactura),
            ),
          )
          .returning({ Id: caC.Id });
        // Another run invoiced some of these charges meanwhile: undo this invoice (the transaction rolls back).
        if (marcados.length !== cargos.length) throw new AppError(409, 'Los cargos ya se estaban facturando');
        return {
          IdFactura: idFactura,
          NumSerie: emitida.numSerie,
          Cliente: cliente,
          Cargos: cargos.length,
          Total: String(emitida.total),
        };
      });
      out.Facturas.push(hecha);
    } catch (error) {
      const nombre = pagador.tipo === 'tutor' ? `Tutor ${pagador.id}` : `${alumno.Nombre} ${alumno.Apellidos}`;
      out.Errores.push({ Pagador: nombre, Mensaje: mensajeDe(error) });
    }
  }
  return out;
}

function mensajeDe(error: unknown): string {
  if (error instanceof AppError) {
    return error.errores.length ? error.errores.map((c) => `${c.Campo}: ${c.Mensaje}`).join('; ') : error.message;
  }
  return 'Error inesperado al facturar';
}

/** `and <the invoice's customer> in (…)` when only some customers are asked for (a tutor's portal). */
const soloClientes = (clientes: number[] | undefined) =>
  clientes
    ? sql`and ${dv.idTercero} in (${sql.join(
        clientes.map((c) => sql`${c}`),
        sql`, `,
      )})`
    : sql``;

/** Balances of the academy's payers (customers that have academy invoices), optionally only some customers. */
export async function saldos(s: Scope, clientes?: number[]): Promise<SaldoPagador[]> {
  const hoy = hoyEspana();
  if (clientes && !clientes.length) return [];
  const filtro = soloClientes(clientes);
  const filas = await s.execute<Record<string, string | number>>(
    (empresaId) => sql`
    select ${dv.idTercero} as "IdCliente", max(${dv.terceroNombre}) as "Cliente",
      coalesce(sum(${ve.Importe}), 0)::text as "Facturado",
      coalesce(sum(${ve.Liquidado}), 0)::text as "Cobrado",
      coalesce(sum(${ve.Importe} - ${ve.Liquidado}), 0)::text as "Pendiente",
      coalesce(sum(case when ${ve.Fecha} < ${hoy}::date then ${ve.Importe} - ${ve.Liquidado} else 0 end), 0)::text as "Vencido"
    from ${dv} join ${ve} on ${ve.empresaId} = ${dv.empresaId} and ${ve.IdFactura} = ${dv.id}
    where ${dv.empresaId} = ${empresaId} and ${dv.numSerie} is not null and ${dv.estado} <> 'Anulada'
      and exists (select 1 from ${ca} where ${caC.empresaId} = ${dv.empresaId} and ${caC.IdFactura} = ${dv.id})
      ${filtro}
    group by ${dv.idTercero} order by 2`,
  );
  return filas.map((f) => ({
    IdCliente: Number(f.IdCliente),
    Cliente: String(f.Cliente),
    Facturado: Number(f.Facturado).toFixed(2),
    Cobrado: Number(f.Cobrado).toFixed(2),
    Pendiente: Number(f.Pendiente).toFixed(2),
    Vencido: Number(f.Vencido).toFixed(2),
    SinFacturar: '0.00',
  }));
}

/** Charges not invoiced yet, per student (what `factcobros` will invoice). */
export async function pendientesDeFacturar(s: Scope) {
  return s.execute<Record<string, unknown>>(
    (empresaId) => sql`
    select ${alC.Id} as "IdAlumno", ${alC.Nombre} || ' ' || ${alC.Apellidos} as "Alumno", ${alC.PagaTutor} as "PagaTutor",
      count(*)::int as "Cargos", sum(${caC.Importe})::text as "Importe", min(${caC.Fecha})::text as "Desde", max(${caC.Fecha})::text as "Hasta"
    from ${ca} join ${al} on ${alC.empresaId} = ${caC.empresaId} and ${alC.Id} = ${caC.IdAlumno}
    where ${caC.empresaId} = ${empresaId} and ${caC.IdFactura} is null
    group by ${alC.Id}, ${alC.Nombre}, ${alC.Apellidos}, ${alC.PagaTutor} order by 2`,
  );
}

/** Overdue instalments of academy invoices (the overdue list). */
export async function morosos(s: Scope, clientes?: number[]) {
  const hoy = hoyEspana();
  if (clientes && !clientes.length) return [];
  const filtro = soloClientes(clientes);
  return s.execute<Record<string, unknown>>(
    (empresaId) => sql`
    select ${dv.id} as "IdFactura", ${dv.numSerie} as "NumSerie", ${dv.terceroNombre} as "Cliente", ${ve.Fecha}::text as "Vencimiento",
      (${ve.Importe} - ${ve.Liquidado})::text as "Pendiente"
    from ${dv} join ${ve} on ${ve.empresaId} = ${dv.empresaId} and ${ve.IdFactura} = ${dv.id}
    where ${dv.empresaId} = ${empresaId} and ${dv.numSerie} is not null and ${dv.estado} <> 'Anulada'
      and ${ve.Fecha} < ${hoy}::date and ${ve.Importe} > ${ve.Liquidado}
      and exists (select 1 from ${ca} where ${caC.empresaId} = ${dv.empresaId} and ${caC.IdFactura} = ${dv.id})
      ${filtro}
    order by ${ve.Fecha}, ${dv.id}`,
  );
}

/** Academy invoices of some customers (the portal's list). */
export async function facturasDe(s: Scope, clientes: number[]) {
  if (!clientes.length) return [];
  return s
    .pick(
      {
        Id: dv.id,
        NumSerie: dv.numSerie,
        Fecha: dv.fecha,
        Total: dv.total,
        EstadoCobro: dv.estadoCobro,
        Cliente: dv.terceroNombre,
      },
      dv,
      and(inArray(dv.idTercero, clientes), eq(dv.tipo, 'factura'), sql`${dv.numSerie} is not null`),
    )
    .orderBy(sql`${dv.fecha} desc`, sql`${dv.id} desc`);
}
