import { ES_FACTURA, formatAmount, leyendaExencion, PROVINCIAS, TIPOS_FACTURA } from '@faro/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import { type Cabecera, empresa, ficheros, type Linea } from '../../../platform/tenancy/tables.ts';
import { dibujarQrVerifactu } from '../verifactu/pdfQr.ts';
import { dibujarLogo, logoDibujable } from './pdfLogo.ts';
import { escribirVencimientos } from './vencimientos.ts';

const TITULOS: Record<string, string> = {
  presupuesto: 'PRESUPUESTO',
  pedido: 'PEDIDO',
  albaran: 'ALBARÁN',
  factura: 'FACTURA',
  simplificada: 'FACTURA SIMPLIFICADA',
  rectificativa: 'FACTURA RECTIFICATIVA',
};

const fecha = (iso: string) => iso.split('-').reverse().join('/');
/** Addresses keep the province's code (INE): the document prints its name. */
const provincia = (codigo: string | null | undefined) => PROVINCIAS.find((p) => p.value === codigo)?.label ?? codigo;

/**
 * The document's PDF (A4, Helvetica) with the contents of RD 1619/2012 art. 6: number and series, issue date,
 * issuer and recipient (name, NIF, address), the lines (description, quantity, unit price, discount, VAT type),
 * the base, rate and quota per VAT type, surcharge, withholding and total; a corrective invoice names the invoice it
 * rectifies. The top-right corner is left free for the VeriFactu QR (issue 6). pdfkit is imported lazily.
 */
export async function pdfDocumento(
  s: Scope,
  h: Cabecera,
  lineas: Linea[],
  rectificada: Cabecera | null,
): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  // The company and its logo's bytes in one query (the unique index on (company, clave)); a PDF logo is not read.
  const [fila] = await s
    .company({ emp: empresa, logoTipo: ficheros.tipo, logo: ficheros.datos })
    .leftJoin(ficheros, s.on(ficheros, and(eq(ficheros.clave, empresa.logo), inArray(ficheros.tipo, ['jpg', 'png']))));
  const emp = fila?.emp;
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `${TITULOS[h.tipo]} ${h.numSerie ?? ''}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  const money = (v: string) => formatAmount(v);
  // Stored decimals as a person writes them: "2.000" → "2", "21.00" → "21", "5.20" → "5,2", "1.2345" → "1,2345".
  const num = (v: string | null) =>
    v === null || !/^-?\d+(\.\d+)?$/.test(v)
      ? (v ?? '')
      : v
          .replace(/(\.\d*?)0+$/, '$1')
          .replace(/\.$/, '')
          .replace('.', ',');
  // Unit prices keep the company's extra decimals (DecimalesRedondeo), never fewer than two.
  const precio = (v: string) => formatAmount(v, { decimals: Math.max(2, (num(v).split(',')[1] ?? '').length) });

  // The logo top left (40 × 20 mm at most), the company's data beside it, clear of the QR box at x 455.
  const anchoLogo = dibujarLogo(doc, logoDibujable(fila?.logoTipo, fila?.logo), 40, 40);
  const xEmp = anchoLogo ? 40 + anchoLogo + 10 : 40;
  const anchoEmp = anchoLogo ? 445 - xEmp : 320;
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(emp?.nombre ?? '', xEmp, 40, { width: anchoEmp });
  doc.font('Helvetica').fontSize(9);
  doc.text(`NIF: ${emp?.nif ?? ''}`, { width: anchoEmp });
  doc.text(
    [emp?.direccion, [emp?.codPostal, emp?.poblacion].filter(Boolean).join(' '), provincia(emp?.provincia)]
      .filter(Boolean)
      .join(', '),
    {
      width: anchoEmp,
    },
  );
  if (emp?.registroMercantil) doc.text(emp.registroMercantil, { width: anchoEmp });
  // The VeriFactu QR (30–40 mm) and its legends; the empty frame when the document has none.
  if (!(await dibujarQrVerifactu(doc, s, h.id))) doc.rect(455, 40, 100, 100).stroke('#dddddd');

  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(TITULOS[h.tipo] ?? '', 40, 150);
  doc.font('Helvetica').fontSize(9);
  const numero = h.numSerie ?? (ES_FACTURA(h.tipo) ? 'BORRADOR (sin número)' : '—');
  doc.text(`Número: ${numero}    Fecha de expedición: ${fecha(h.fecha)}`);
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
  doc.font('Helvetica-Bold').text('Cliente');
  doc.font('Helvetica').text(h.terceroNombre);
  // A simplified invoice does not identify its recipient (art. 7; VeriFactu F2, no Destinatarios): no NIF or address.
  if (h.tipo !== 'simplificada') {
    if (h.terceroNif) doc.text(`NIF: ${h.terceroNif}`);
    const pais = h.terceroPais && h.terceroPais.toUpperCase() !== 'ES' ? h.terceroPais : null;
    doc.text(
      [
        h.terceroDireccion,
        [h.terceroCodPostal, h.terceroPoblacion].filter(Boolean).join(' '),
        provincia(h.terceroProvincia),
        pais,
      ]
        .filter(Boolean)
        .join(', '),
    );
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
  for (const d of h.desglose as {
    TipoIva: string;
    Impuesto: string;
    PorcentajeIva: string;
    PorcentajeRecargo: string;
    Base: string;
    Cuota: string;
    CuotaRecargo: string;
    Exencion: string | null;
  }[]) {
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
  await escribirVencimientos(doc, s, h);
  for (const t of [h.observaciones, h.txtLibre1, h.txtLibre2, h.txtLibre3]) if (t) doc.text(t, 40);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
