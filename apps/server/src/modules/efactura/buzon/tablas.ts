import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { creadoEn, empresaId, instante, tablaEmpresa } from '../../../platform/db/columns.ts';

/** What one attachment of a received mail became: the draft it made, or why it made none. */
export interface ResultadoAdjunto {
  Fichero: string;
  IdDocumento: number | null;
  Error: string | null;
}

/**
 * The company's e-invoice mailbox: `facturas+<Token>@<the configured domain>` reaches it. The token is random and
 * unguessable (the address is the only key: whoever knows it can send the company invoices, nothing more) and
 * rotatable; looked up across companies only by the mail listener (`companiesWith`).
 */
export const efacturaBuzones = pgTable(
  'efactura_buzones',
  {
    empresaId: empresaId().primaryKey(),
    Token: text('token').notNull(),
    CreadoEn: creadoEn(),
  },
  (t) => [index('efactura_buzones_token_idx').on(t.Token)],
);

/** Every mail the mailbox accepted: sender, subject, message id, its text, and what each attachment became. */
export const efacturaCorreos = tablaEmpresa(
  'efactura_correos',
  {
    Recibido: instante('recibido').notNull().defaultNow(),
    Remitente: text('remitente').notNull(),
    Asunto: text('asunto'),
    IdMensaje: text('id_mensaje'),
    Texto: text('texto'),
    Resultados: jsonb('resultados').$type<ResultadoAdjunto[]>().notNull(),
  },
  (t) => [index('efactura_correos_recibido_idx').on(t.empresaId, t.Recibido)],
);
