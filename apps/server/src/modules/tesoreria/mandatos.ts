import {
  ESQUEMAS_SEPA,
  ESTADOS_MANDATO,
  esBicValido,
  identificadorAcreedor,
  isValidIban,
  MSG,
  normalizeIban,
  SECUENCIAS_SEPA,
} from '@faro/domain';
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import { MAX_OFFSET, parseListQuery } from '../../platform/crud/listQuery.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { documentoPdf } from '../../platform/export/documentoPdf.ts';
import { badRequest, fieldError, notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { clientesTable, col, empresa, mandatosSepa as ms, recibosRemesa as rr } from '../../platform/tenancy/tables.ts';
import { contar, esId, idDe, permiso, zDia, zId } from './comun.ts';

const cc = (f: string) => col(clientesTable, f);
const valores = <T extends readonly { value: string }[]>(xs: T) => xs.map((x) => x.value) as [string, ...string[]];

const mandatoBody = z.object({
  IdCliente: zId('Cliente'),
  Referencia: z
    .string()
    .trim()
    .max(35, { error: MSG.maxLength('Referencia', 35) })
    .nullish(),
  IBAN: z.string().trim().nullish(),
  BIC: z
    .string()
    .trim()
    .max(11, { error: MSG.maxLength('BIC', 11) })
    .nullish(),
  FechaFirma: zDia('Fecha de firma'),
  Esquema: z.enum(valores(ESQUEMAS_SEPA), { error: MSG.format }).default('CORE'),
  Secuencia: z.enum(valores(SECUENCIAS_SEPA), { error: MSG.format }).default('FRST'),
  Estado: z.enum(valores(ESTADOS_MANDATO), { error: MSG.format }).default('activo'),
  Motivo: z
    .string()
    .trim()
    .max(200, { error: MSG.maxLength('Motivo', 200) })
    .nullish(),
});

type Mandato = typeof ms.$inferSelect;
const json = ({ empresaId: _, CreadoEn: __, ...r }: Mandato) => r;

async function cliente(t: Scope, id: number) {
  const [c] = await t.pick(
    { Id: cc('Id'), Codigo: cc('Codigo'), Nombre: cc('Nombre'), IBAN: cc('IBAN'), BIC: cc('BIC') },
    clientesTable,
    eq(cc('Id'), id),
  );
  if (!c) throw fieldError('IdCliente', 'El cliente no existe');
  return c as { Id: number; Codigo: string; Nombre: string; IBAN: string | null; BIC: string | null };
}

/** Validates and completes a mandate: the customer's IBAN/BIC when none is given, a reference from its code. */
async function preparar(t: Scope, body: z.infer<typeof mandatoBody>, id: number | null) {
  const c = await cliente(t, body.IdCliente);
  const iban = normalizeIban(body.IBAN || c.IBAN || '');
  if (!iban) throw fieldError('IBAN', 'El cliente no tiene IBAN: indícalo en el mandato');
  if (!isValidIban(iban)) throw fieldError('IBAN', MSG.iban);
  const bic = (body.BIC || (body.IBAN ? '' : c.BIC) || '').toUpperCase() || null;
  if (bic && !esBicValido(bic)) throw fieldError('BIC', 'El BIC no es correcto');
  let referencia = (body.Referencia ?? '').toUpperCase();
  if (!referencia) {
    const n = await t.pick({ Id: ms.Id }, ms, eq(ms.IdCliente, c.Id));
    referencia = `${c.Codigo}-${n.length + 1}`.toUpperCase().slice(0, 35);
  }
  if (!/^[A-Z0-9/\-?:().,'+ ]+$/.test(referencia))
    throw fieldError('Referencia', "La referencia sólo admite letras sin acentos, números y / - ? : ( ) . , ' +");
  const [otro] = await t.pick({ Id: ms.Id }, ms, eq(ms.Referencia, referencia));
  if (otro && otro.Id !== id) throw fieldError('Referencia', 'Ya hay un mandato con esa referencia');
  return {
    IdCliente: c.Id,
    Referencia: referencia,
    IBAN: iban,
    BIC: bic,
    FechaFirma: body.FechaFirma,
    Esquema: body.Esquema,
    Secuencia: body.Secuencia,
    Estado: body.Estado,
    Motivo: body.Motivo ?? null,
  };
}

async function cargar(s: Scope, id: number) {
  const [row] = await s.select(ms, eq(ms.Id, id));
  if (!row) throw notFound();
  return row;
}

/** The active mandate a new receipt of the customer is collected under (the newest active one). */
export async function mandatoVigente(t: Scope, idCliente: number) {
  const [m] = await t
    .select(ms, and(eq(ms.IdCliente, idCliente), eq(ms.Estado, 'activo')))
    .orderBy(desc(ms.FechaFirma), desc(ms.Id))
    .limit(1);
  return m ?? null;
}

/** The printable mandate (pdfkit, loaded on first use): the EPC model text for the debtor to sign. */
async function pdfMandato(s: Scope, m: Mandato): Promise<Buffer> {
  const c = await cliente(s, m.IdCliente);
  const [e] = await s.company({ nombre: empresa.nombre, nif: empresa.nif });
  const { doc, terminar } = await documentoPdf({ Title: `Mandato SEPA ${m.Referencia}` });
  const fila = (k: string, v: string) => {
    doc.font('Helvetica-Bold').text(k, { continued: true }).font('Helvetica').text(`  ${v}`);
  };
  doc.font('Helvetica-Bold').fontSize(15).text('Orden de domiciliación de adeudo directo SEPA', { align: 'center' });
  doc
    .fontSize(10)
    .text(m.Esquema === 'B2B' ? 'SEPA Business-to-Business Direct Debit Mandate' : 'SEPA Direct Debit Mandate', {
      align: 'center',
    });
  doc.moveDown();
  fila('Referencia de la orden de domiciliación:', m.Referencia);
  fila('Identificador del acreedor:', e?.nif ? identificadorAcreedor(e.nif) : '');
  fila('Nombre del acreedor:', e?.nombre ?? '');
  doc.moveDown();
  doc
    .font('Helvetica')
    .text(
      m.Esquema === 'B2B'
        ? 'Mediante la firma de esta orden de domiciliación, el deudor autoriza al acreedor a enviar instrucciones a la entidad del deudor para adeudar su cuenta y a la entidad para efectuar los adeudos en su cuenta siguiendo las instrucciones del acreedor. Esta orden de domiciliación está prevista para operaciones exclusivamente entre empresas y/o autónomos. El deudor no tiene derecho a que su entidad le reembolse una vez que se haya realizado el cargo en cuenta, pero puede solicitar a su entidad que no efectúe el adeudo en la cuenta hasta la fecha debida de cobro.'
        : 'Mediante la firma de esta orden de domiciliación, el deudor autoriza al acreedor a enviar instrucciones a la entidad del deudor para adeudar su cuenta y a la entidad para efectuar los adeudos en su cuenta siguiendo las instrucciones del acreedor. Como parte de sus derechos, el deudor está legitimado al reembolso por su entidad en los términos y condiciones del contrato suscrito con la misma. La solicitud de reembolso deberá efectuarse dentro de las ocho semanas que siguen a la fecha de adeudo en cuenta.',
      { align: 'justify' },
    );
  doc.moveDown();
  fila('Nombre del deudor:', c.Nombre);
  fila('Número de cuenta (IBAN):', m.IBAN.replace(/(.{4})/g, '$1 ').trim());
  fila('BIC:', m.BIC ?? '');
  fila('Tipo de pago:', m.Secuencia === 'OOFF' ? 'Pago único' : 'Pago recurrente');
  fila('Fecha de firma:', m.FechaFirma.split('-').reverse().join('/'));
  doc.moveDown(3);
  doc.text('Firma del deudor:', 50);
  doc.moveDown(4);
  doc
    .fontSize(8)
    .text(
      'Todos los campos han de ser cumplimentados obligatoriamente. Una vez firmada, esta orden debe enviarse al acreedor para su custodia.',
    );
  return terminar();
}

/** `/api/tesoreria/mandatos/*` (permission TesoRemesa): SEPA mandates of customers, their printable PDF. */
export function registrarMandatos(app: FastifyInstance, deps: AppDeps): void {
  const base = '/api/tesoreria/mandatos';
  app.get(`${base}/list`, permiso('TesoRemesa', 1, 'Mandatos SEPA'), async (request) => {
    const s = deps.scopeOf(request);
    const q = parseListQuery(request.query);
    const f = q.Filtros;
    const conds: SQL[] = [];
    if (esId(f.IdCliente)) conds.push(eq(ms.IdCliente, Number(f.IdCliente)));
    if (typeof f.Estado === 'string') conds.push(eq(ms.Estado, f.Estado));
    const where = and(...conds);
    const rows = await s
      .pick({ m: ms, Cliente: cc('Nombre') }, ms, where)
      .innerJoin(clientesTable, s.on(clientesTable, eq(cc('Id'), ms.IdCliente)))
      .orderBy(asc(ms.Referencia))
      .limit(q.TotalPagina)
      .offset(Math.min((q.Pagina - 1) * q.TotalPagina, MAX_OFFSET));
    const total = await contar(s, s.pick({ one: ms.Id }, ms, where).getSQL());
    return { Items: rows.map((r) => ({ ...json(r.m), Cliente: r.Cliente })), ...total };
  });
  app.get(`${base}/edit/:id`, permiso('TesoRemesa', 1, 'Mandato SEPA'), async (request) =>
    json(await cargar(deps.scopeOf(request), idDe(request))),
  );
  app.post(`${base}/save`, permiso('TesoRemesa', 2, 'Nuevo mandato SEPA'), async (request, reply) => {
    const body = parseBody(mandatoBody, request.body) as z.infer<typeof mandatoBody>;
    const row = await deps.scopeOf(request).tx(async (t) => {
      const [r] = await t.insert(ms, await preparar(t, body, null)).returning();
      return r!;
    });
    return reply.status(201).send(json(row));
  });
  app.put(`${base}/save/:id`, permiso('TesoRemesa', 2, 'Cambiar un mandato SEPA'), async (request) => {
    const id = idDe(request);
    const body = parseBody(mandatoBody, request.body) as z.infer<typeof mandatoBody>;
    const row = await deps.scopeOf(request).tx(async (t) => {
      await cargar(t, id);
      const [r] = await t.update(ms, await preparar(t, body, id), eq(ms.Id, id)).returning();
      return r!;
    });
    return json(row);
  });
  app.delete(`${base}/delete/:id`, permiso('TesoRemesa', 3, 'Borrar un mandato SEPA'), async (request) => {
    const id = idDe(request);
    await deps.scopeOf(request).tx(async (t) => {
      await cargar(t, id);
      const [usado] = await t.pick({ Id: rr.Id }, rr, eq(rr.IdMandato, id)).limit(1);
      if (usado) throw badRequest('El mandato ya se ha usado en una remesa: cancélalo en lugar de borrarlo');
      await t.delete(ms, eq(ms.Id, id));
    });
    return { Id: id };
  });
  app.get(`${base}/pdf/:id`, permiso('TesoRemesa', 1, 'Mandato SEPA para firmar (PDF)'), async (request, reply) => {
    const s = deps.scopeOf(request);
    const m = await cargar(s, idDe(request));
    const pdf = await pdfMandato(s, m);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `inline; filename="mandato-${m.Referencia.replace(/[^A-Za-z0-9-]/g, '_')}.pdf"`)
      .send(pdf);
  });
}
