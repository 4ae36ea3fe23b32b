import {
  type DesgloseIva,
  ES_FACTURA,
  formatAmount,
  formatDecimal,
  leyendaExencion,
  PROVINCIAS,
  TIPOS_FACTURA,
} from '@faro/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { documentoPdf } from '../../platform/export/documentoPdf.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { type Cabecera, type EmpresaRow, empresa, ficheros, type Linea } from '../../platform/tenancy/tables.ts';
import type { LadoDocumentos } from './lado.ts';
import { dibujarLogo, logoDibujable } from './pdfLogo.ts';
import type { Vencimientos } from './vencimientos.ts';

const fecha = (iso: string) => iso.split('-').reverse().join('/');
/** Addresses keep the province's code (INE): the document prints its name. */
const provincia = (codigo: string | null | undefined) => PROVINCIAS.find((p) => p.value === codigo)?.label ?? codigo;

/** The party's address on one line (the province's name, a foreign country). */
const direccionTercero = (h: Cabecera) =>
  [
    h.terceroDireccion,
    [h.terceroCodPostal, h.terceroPoblacion].filter(Boolean).join(' '),
    provincia(h.terceroProvincia),
    h.terceroPais && h.terceroPais.toUpperCase() !== 'ES' ? h.terceroPais : null,
  ]
    .filter(Boolean)
    .join(', ');
const direccionEmpresa = (emp: EmpresaRow | undefined) =>
  [emp?.direccion, [emp?.codPostal, emp?.poblacion].filter(Boolean).join(' '), provincia(emp?.provincia)]
    .filter(Boolean)
    .join(', ');

/**
 * The PDF of one side's documents (an engine part; A4, Helvetica) with the contents of RD 1619/2012
 * art. 6: number and series, issue date, issuer and recipient (name, NIF, address), the lines (description,
 * quantity, unit price, discount, VAT type), the base, rate and quota per VAT type, surcharge, withholding, total
 * and due dates; a corrective invoice names the invoice it rectifies. The party is labelled by the side (Cliente /
 * Proveedor); a received invoice shows the supplier as the issuer, our company as the recipient, our registration
 * number and the supplier's own number. The top-right corner is left free for the side's QR (sales: VeriFactu).
 * pdfkit is imported lazily.
 */
export function pdfDe(lado: LadoDocumentos, venc: Vencimientos) {
  const { titulos, tercero: etiqueta } = lado.documento;
  return {
    pdfDocumento: (s: Scope, h: Cabecera, lineas: Linea[], rectificada: Cabecera | null) =>
      pdfDocumento(lado, venc, titulos, etiqueta, s, h, lineas, rectificada),
  };
}

async function pdfDocumento(
  lado: LadoDocumentos,
  venc: Vencimientos,
  TITULOS: Record<string, string>,
  etiqueta: string,
  s: Scope,
  h: Cabecera,
  lineas: Linea[],
  rectificada: Cabecera | null,
): Promise<Buffer> {
  // The company and its logo's bytes in one query (the unique index on (company, clave)); a PDF logo is not read.
  const [fila] = await s
    .company({ emp: empresa, logoTipo: ficheros.tipo, logo: ficheros.datos })
    .leftJoin(ficheros, s.on(ficheros, and(eq(ficheros.clave, empresa.logo), inArray(ficheros.tipo, ['jpg', 'png']))));
  const emp = fila?.emp;
  const { doc, terminar } = await documentoPdf({ Title: `${TITULOS[h.tipo]} ${h.numSerie ?? ''}` }, 40);
  const money = (v: string) => formatAmount(v);
  // Stored decimals as a person writes them: "2.000" → "2", "21.00" → "21", "1500.000" → "1.500".
  const num = (v: string | null) => (v === null || !/^-?\d+(\.\d+)?$/.test(v) ? (v ?? '') : formatDecimal(v));
  // Unit prices keep the company's extra decimals (DecimalesRedondeo), never fewer than two.
  const precio = (v: string) => formatAmount(v, { decimals: Math.max(2, (num(v).split(',')[1] ?? '').length) });

  // The logo top left (40 × 20 mm at most), the company's data beside it, clear of the QR box at x 455.
  const anchoLogo = dibujarLogo(doc, logoDibujable(fila?.logoTipo, fila?.logo), 40, 40);
  const xEmp = anchoLogo ? 40 + anchoLogo + 10 : 40;
  const anchoEmp = anchoLogo ? 445 - xEmp : 320;
  // A received invoice: the supplier issued it (its data on top), we are its recipient.
  const recibida = lado.documento.emisorTercero?.(h) ?? false;
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text((recibida ? h.terceroNombre : emp?.nombre) ?? '', xEmp, 40, { width: anchoEmp });
  doc.font('Helvetica').fontSize(9);
  doc.text(`NIF: ${(recibida ? h.terceroNif : emp?.nif) ?? ''}`, { width: anchoEmp });
  doc.text(recibida ? direccionTercero(h) : direccionEmpresa(emp), {
    width: anchoEmp,
  });
  if (!recibida && emp?.registroMercantil) doc.text(emp.registroMercantil, { width: anchoEmp });
  // The side's QR (sales: VeriFactu, 30–40 mm, and its legends); the empty frame when the document has none.
  if (!(await lado.documento.qr?.(doc, s, h.id))) doc.rect(455, 40, 100, 100).stroke('#dddddd');

  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(TITULOS[h.tipo] ?? '', 40, 150);
  doc.font('Helvetica').fontSize(9);
  const numero = h.numSerie ?? (ES_FACTURA(h.tipo) ? 'BORRADOR (sin número)' : '—');
  if (recibida) {
    doc.text(`Número de registro: ${numero}    Fecha de registro: ${fecha(h.fecha)}`);
    doc.text(
      `Factura del proveedor: ${h.numTercero ?? '—'}${h.fechaTercero ? `    Fecha de expedición: ${fecha(h.fechaTercero)}` : ''}`,
    );
  } else doc.text(`Número: ${numero}    Fecha de expedición: ${fecha(h.fecha)}`);
  if (rectificada) {
    doc.text(
      `Rectifica la factura ${rectificada.numSerie ?? ''} de ${fecha(rectificada.fecha)} (${h.tipoRectificativa ?? ''}, ${
        h.modoRectificativa === 'S' ? 'por sustitución' : 'por diferencias'
      })`,
    );
    // Art. 15 RD 1619/2012: what is corrected and why (the R1–R5 cause).
    const motivo = TIPOS_FACTURA.find((t) => t.value === h.tipoRectificativa)?.label;
    if (motivo) doc.text(`Motivo: ${motivo}`);
  }
  doc.moveDown();
  if (recibida) {
    doc.font('Helvetica-Bold').text('Destinatario');
    doc.font('Helvetica').text(emp?.nombre ?? '');
    if (emp?.nif) doc.text(`NIF: ${emp.nif}`);
    doc.text(direccionEmpresa(emp));
  } else {
    doc.font('Helvetica-Bold').text(etiqueta);
    doc.font('Helvetica').text(h.terceroNombre);
    // A simplified invoice does not identify its recipient (art. 7; VeriFactu F2, no Destinatarios): no NIF or address.
    if (h.tipo !== 'simplificada') {
      if (h.terceroNif) doc.text(`NIF: ${h.terceroNif}`);
      doc.text(direccionTercero(h));
    }
  }
  if (h.direccionEnvio) doc.text(`Envío: ${h.direccionEnvio}`);
  doc.moveDown();

  const cols = [
    { t: 'Descripción', w: 215, r: false },
    { t: 'Cantidad', w: 55, r: true },
    { t: 'Precio', w: 65, r: true },
    { t: 'Dto. %', w: 40, r: true },
    { t: 'IVA', w: 50, r: true },
    { t: 'Importe', w: 90, r: true },
  ];
  const row = (texts: string[], bold = false) => {
    const y = doc.y;
    let x = 40;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    let bottom = y;
    texts.forEach((text, i) => {
      const c = cols[i]!;
      doc.text(text, x, y, { width: c.w - 4, align: c.r ? 'right' : 'left' });
      bottom = Math.max(bottom, doc.y);
      x += c.w;
    });
    doc.y = bottom + 2;
    if (doc.y > 760) doc.addPage();
  };
  row(
    cols.map((c) => c.t),
    true,
  );
  for (const l of lineas) {
    row([
      l.descripcion,
      num(l.cantidad),
      precio(l.precio),
      Number(l.descuento) ? num(l.descuento) : '',
      `${num(l.porcIva)} %`,
      money(l.importe),
    ]);
  }
  doc.moveDown();
  doc.font('Helvetica-Bold').text('Desglose de impuestos', 40);
  doc.font('Helvetica');
  for (const d of h.desglose as DesgloseIva[]) {
    const recargo = Number(d.CuotaRecargo) ? `  Recargo ${num(d.PorcentajeRecargo)} %: ${money(d.CuotaRecargo)}` : '';
    if (d.Exencion && leyendaExencion(d.Exencion))
      doc.text(`${d.Impuesto} Exenta (${d.Exencion})  Base: ${money(d.Base)}`, 40);
    else
      doc.text(
        `${d.Impuesto} ${num(d.PorcentajeIva)} %  Base: ${money(d.Base)}  Cuota: ${money(d.Cuota)}${recargo}`,
        40,
      );
  }
  // RD 1619/2012 art. 6.1.j: an exempt operation states its legal reason, once per cause used on the invoice.
  const causas = [...new Set((h.desglose as { Exencion: string | null }[]).map((d) => d.Exencion))];
  for (const leyenda of causas.map(leyendaExencion).filter(Boolean)) doc.text(leyenda, 40);
  doc.moveDown();
  doc.text(`Base imponible: ${money(h.baseImponible)}`, { align: 'right' });
  doc.text(`Cuota: ${money(h.totalIva)}`, { align: 'right' });
  if (Number(h.totalRecargo)) doc.text(`Recargo de equivalencia: ${money(h.totalRecargo)}`, { align: 'right' });
  if (Number(h.totalRetencion))
    doc.text(`Retención IRPF ${num(h.porcRetencion)} %: -${money(h.totalRetencion)}`, { align: 'right' });
  doc.font('Helvetica-Bold').text(`TOTAL: ${money(h.total)}`, { align: 'right' });
  doc.font('Helvetica');
  await venc.escribirVencimientos(doc, s, h);
  for (const t of [h.observaciones, h.txtLibre1, h.txtLibre2, h.txtLibre3]) if (t) doc.text(t, 40);
  return terminar();
}
