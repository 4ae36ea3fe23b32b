import { ES_FACTURA, formatAmount, htmlATexto, MSG } from '@faro/domain';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest, fieldError } from '../../platform/http/errors.ts';
import type { Mail } from '../../platform/mail/mailer.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { col, empresa, plantemailTable } from '../../platform/tenancy/tables.ts';
import { TIPOS_FACTURA } from './conversiones.ts';
import type { Cabecera, LadoDocumentos } from './lado.ts';
import type { pdfDe } from './pdf.ts';
import type { Repositorio } from './repositorio.ts';
import type { Vencimientos } from './vencimientos.ts';

/** The e-mail messages common to both sides (the party's missing address and a draft invoice are the side's). */
export const MSG_ENVIO = {
  email: 'La dirección de email no es válida',
  plantilla: 'La plantilla de email no existe',
  anulado: 'El documento está anulado: no se puede enviar',
};

const EMAIL = /^[^\s@<>,;]+@[^\s@<>,;]+\.[^\s@<>,;]+$/;

export const enviarBody = z.object({
  Para: z
    .string({ error: MSG.format })
    .trim()
    .max(500, { error: MSG.maxLength('Para', 500) })
    .nullish(),
  Asunto: z
    .string({ error: MSG.format })
    .trim()
    .max(200, { error: MSG.maxLength('Asunto', 200) })
    .nullish(),
  Mensaje: z
    .string({ error: MSG.format })
    .max(20_000, { error: MSG.maxLength('Mensaje', 20000) })
    .nullish(),
  IdPlantilla: z.coerce.number({ error: MSG.format }).int({ error: MSG.format }).positive().nullish(),
});

/**
 * Fills the placeholders of a template: {{cliente}}, {{numero}}, {{fecha}}, {{total}}, {{vencimiento}},
 * {{empresa}}, {{tipo}}, {{documento}} (= the number; case-insensitive), and the template editor's {Nombre}, {Documento}, {Importe},
 * {Vencimiento}. Unknown placeholders are left as they are.
 */
export function rellenar(texto: string, valores: Record<string, string>): string {
  const alias: Record<string, string> = {
    nombre: 'cliente',
    importe: 'total',
  };
  const valor = (k: string) => valores[alias[k.toLowerCase()] ?? k.toLowerCase()];
  return texto
    .replace(/\{\{\s*(\w+)\s*\}\}/g, (m, k: string) => valor(k) ?? m)
    .replace(/\{(Nombre|Documento|Importe|Vencimiento)\}/g, (m, k: string) => valor(k) ?? m);
}

/**
 * E-mail of one side's documents (an engine part): `prepararCorreo` builds the message with the PDF
 * attached; the engine's routes serve `POST /api/{area}/{recurso}/enviar/{id}`.
 */
export function envioDe(lado: LadoDocumentos, repo: Repositorio, venc: Vencimientos, pdf: ReturnType<typeof pdfDe>) {
  const doc = lado.documento;

  async function valoresDe(s: Scope, h: Cabecera): Promise<Record<string, string>> {
    const [emp] = await s.company({ nombre: empresa.nombre });
    const plazos = ES_FACTURA(h.tipo) ? await venc.cargarVencimientos(s, h.id) : [];
    const fecha = (iso: string) => iso.split('-').reverse().join('/');
    const numero = h.numSerie ?? `${h.id}`;
    return {
      cliente: h.terceroNombre,
      numero,
      documento: numero,
      tipo: doc.nombres[h.tipo] ?? h.tipo,
      fecha: fecha(h.fecha),
      total: formatAmount(h.total),
      vencimiento: plazos.length ? plazos.map((p) => fecha(p.Fecha)).join(', ') : fecha(h.fecha),
      empresa: emp?.nombre ?? '',
    };
  }

  /**
   * The e-mail of a document, ready for the mailer: recipients (Para, else the party's Email), subject and text
   * (from the body, else the template IdPlantilla, else the company's first active template of the document's
   * kind, else a default; placeholders filled in all three) and the PDF attached. Throws the route's 400s. An
   * invoice must be issued / registered.
   */
  async function prepararCorreo(
    s: Scope,
    h: Cabecera,
    body: z.infer<typeof enviarBody>,
  ): Promise<{ mail: Mail; fichero: string }> {
    if (h.estado === 'Anulada') throw badRequest(MSG_ENVIO.anulado);
    if (ES_FACTURA(h.tipo) && h.numero === null) throw badRequest(doc.mensajes.borrador);
    let para = body.Para || null;
    if (!para) {
      const tt = lado.tercero.table;
      const cc = (f: string) => col(tt, f);
      const [row] = (await s.pick({ email: cc('Email') }, tt, eq(cc('Id'), h.idTercero))) as {
        email: string | null;
      }[];
      para = row?.email ?? null;
      if (!para) throw fieldError('Para', doc.mensajes.sinEmail);
    }
    const destinos = para
      .split(/[;,]/)
      .map((d) => d.trim())
      .filter(Boolean);
    if (!destinos.length || destinos.some((d) => !EMAIL.test(d))) throw fieldError('Para', MSG_ENVIO.email);
    const pc = (f: string) => col(plantemailTable, f);
    const plantillas = (await s
      .pick(
        { Asunto: pc('Asunto'), Cuerpo: pc('Cuerpo') },
        plantemailTable,
        body.IdPlantilla
          ? eq(pc('Id'), body.IdPlantilla)
          : and(eq(pc('Tipo'), doc.plantilla[h.tipo] ?? 'general'), eq(pc('Baja'), false)),
      )
      .orderBy(asc(pc('Id')))
      .limit(1)) as { Asunto: string; Cuerpo: string | null }[];
    const plantilla = plantillas[0];
    if (body.IdPlantilla && !plantilla) throw fieldError('IdPlantilla', MSG_ENVIO.plantilla);
    const valores = await valoresDe(s, h);
    const asunto = rellenar(
      body.Asunto || plantilla?.Asunto || `${valores.empresa}: ${valores.tipo} ${valores.numero}`.replace(/^: /, ''),
      valores,
    ).replace(/[\r\n]+/g, ' ');
    const texto = rellenar(
      body.Mensaje ||
        (plantilla?.Cuerpo ? htmlATexto(plantilla.Cuerpo) : '') ||
        'Hola {{cliente}}:\n\nTe enviamos adjunto el {{tipo}} {{numero}} de {{fecha}} por un total de {{total}}.\n\nUn saludo,\n{{empresa}}',
      valores,
    );
    const lineas = await repo.cargarLineas(s, [h.id]);
    const rectificada = h.idRectificada
      ? await repo.cargarCabecera(s, h.idRectificada, TIPOS_FACTURA).catch(() => null)
      : null;
    const bytes = await pdf.pdfDocumento(s, h, lineas, rectificada);
    const fichero = `${doc.plantilla[h.tipo] ?? 'documento'}-${h.numSerie ?? h.id}.pdf`.replace(/[^\w.-]/g, '_');
    return {
      mail: {
        to: destinos.join(', '),
        subject: asunto,
        text: texto,
        attachments: [{ filename: fichero, content: bytes, contentType: 'application/pdf' }],
      },
      fichero,
    };
  }

  return { prepararCorreo };
}
