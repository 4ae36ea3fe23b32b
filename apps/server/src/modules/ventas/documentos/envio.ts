import {
  ES_FACTURA,
  formatAmount,
  MSG,
  RECURSOS_VENTA,
  type RecursoVenta,
  TIPO_PLANTILLA,
  TIPOS_DOCUMENTO_VENTA,
} from '@faro/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access } from '../../../platform/auth/access.ts';
import { parseBody } from '../../../platform/crud/crudRoutes.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { badRequest, fieldError, notFound } from '../../../platform/http/errors.ts';
import type { Mail } from '../../../platform/mail/mailer.ts';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import { clientesTable, col, empresa, plantemailTable } from '../../../platform/tenancy/tables.ts';
import { type Cabecera, cargarCabecera, cargarLineas } from './documentosRepository.ts';
import { cargarVencimientos } from './vencimientos.ts';

export const MSG_ENVIO = {
  sinEmail: 'El cliente no tiene email: indica la dirección en «Para»',
  email: 'La dirección de email no es válida',
  plantilla: 'La plantilla de email no existe',
  borrador: 'Emite la factura antes de enviarla',
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

const NOMBRE: Record<string, string> = {
  presupuesto: 'presupuesto',
  pedido: 'pedido',
  albaran: 'albarán',
  factura: 'factura',
  simplificada: 'factura simplificada',
  rectificativa: 'factura rectificativa',
};

/** The template's HTML as plain text (paragraphs and line breaks kept, entities decoded). */
export function htmlATexto(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6])>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

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

async function valoresDe(s: Scope, h: Cabecera): Promise<Record<string, string>> {
  const [emp] = await s.company({ nombre: empresa.nombre });
  const plazos = ES_FACTURA(h.tipo) ? await cargarVencimientos(s, h.id) : [];
  const fecha = (iso: string) => iso.split('-').reverse().join('/');
  const numero = h.numSerie ?? `${h.id}`;
  return {
    cliente: h.terceroNombre,
    numero,
    documento: numero,
    tipo: NOMBRE[h.tipo] ?? h.tipo,
    fecha: fecha(h.fecha),
    total: formatAmount(h.total),
    vencimiento: plazos.length ? plazos.map((p) => fecha(p.Fecha)).join(', ') : fecha(h.fecha),
    empresa: emp?.nombre ?? '',
  };
}

/**
 * `POST /api/ventas/{pventa|dventa|aventa|fventa}/enviar/{id}` `{ Para?, Asunto?, Mensaje?, IdPlantilla? }`: mails
 * the document's PDF to the customer (Para, else the customer's Email) through the platform mailer (outbox first,
 * SMTP when configured). Subject and text come from the body, else from the template (IdPlantilla, else the
 * company's first active template of the document's kind), else a default; placeholders are filled in all three.
 * An invoice must be issued. The level of the document's permission needed to edit it (2).
 */
/**
 * The e-mail of a sales document, ready for the mailer: recipients (Para, else the customer's Email), subject and
 * text (from the body, else the template IdPlantilla, else the company's first active template of the document's
 * kind, else a default; placeholders filled in all three) and the PDF attached. Throws the route's 400s.
 */
export async function prepararCorreoDocumento(
  s: Scope,
  h: Cabecera,
  body: z.infer<typeof enviarBody>,
): Promise<{ mail: Mail; fichero: string }> {
  if (h.estado === 'Anulada') throw badRequest(MSG_ENVIO.anulado);
  if (ES_FACTURA(h.tipo) && h.numero === null) throw badRequest(MSG_ENVIO.borrador);
  let para = body.Para || null;
  if (!para) {
    const cc = (f: string) => col(clientesTable, f);
    const [cli] = (await s.pick({ email: cc('Email') }, clientesTable, eq(cc('Id'), h.idTercero))) as {
      email: string | null;
    }[];
    para = cli?.email ?? null;
    if (!para) throw fieldError('Para', MSG_ENVIO.sinEmail);
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
        : and(eq(pc('Tipo'), TIPO_PLANTILLA[h.tipo] ?? 'general'), eq(pc('Baja'), false)),
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
  const lineas = await cargarLineas(s, [h.id]);
  const rectificada = h.idRectificada
    ? await cargarCabecera(s, h.idRectificada, TIPOS_DOCUMENTO_VENTA.fventa.tipos).catch(() => null)
    : null;
  const { pdfDocumento } = await import('./pdf.ts');
  const pdf = await pdfDocumento(s, h, lineas, rectificada);
  const fichero = `${TIPO_PLANTILLA[h.tipo] ?? 'documento'}-${h.numSerie ?? h.id}.pdf`.replace(/[^\w.-]/g, '_');
  return {
    mail: {
      to: destinos.join(', '),
      subject: asunto,
      text: texto,
      attachments: [{ filename: fichero, content: pdf, contentType: 'application/pdf' }],
    },
    fichero,
  };
}

export function registerEnvioDocumentos(app: FastifyInstance, deps: AppDeps): void {
  for (const recurso of RECURSOS_VENTA) registerEnvio(app, deps, recurso);
}

function registerEnvio(app: FastifyInstance, deps: AppDeps, recurso: RecursoVenta): void {
  const def = TIPOS_DOCUMENTO_VENTA[recurso];
  app.post(
    `/api/ventas/${recurso}/enviar/:id`,
    {
      config: { access: access.permission(def.permission, 2, def.module) },
      schema: { tags: ['ventas'], summary: `${def.label}: enviar por email` },
    },
    async (request) => {
      const scope = deps.scopeOf(request);
      const id = Number((request.params as { id: string }).id);
      if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
      const h = await cargarCabecera(scope, id, def.tipos);
      const body = parseBody(enviarBody, request.body ?? {}) as z.infer<typeof enviarBody>;
      const correo = await prepararCorreoDocumento(scope, h, body);
      await deps.mailer.send(correo.mail);
      return { Para: correo.mail.to, Asunto: correo.mail.subject, Adjunto: correo.fichero };
    },
  );
}
