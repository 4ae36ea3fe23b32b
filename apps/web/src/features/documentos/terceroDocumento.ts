import { entityByName } from '@faro/domain';
import type { ClienteFila } from './documentosApi.ts';
import type { DocumentoVenta } from './documentosModel.ts';

/** The customer data a sales document copies (name, NIF, address, VAT regime), from the document or the customer. */
export interface ClienteDatos {
  Nombre: string;
  NIF: string | null;
  Direccion: string;
  RegimenIva: string | null;
}

const PROVINCIAS = new Map(
  (entityByName('clientes')?.fields.Provincia?.options ?? []).map((o) => [String(o.value), o.label]),
);
const provincia = (p: string | number | null | undefined) =>
  p === null || p === undefined || p === '' ? null : (PROVINCIAS.get(String(p)) ?? String(p));

export const datosDeDoc = (d: DocumentoVenta): ClienteDatos => ({
  Nombre: d.ClienteNombre,
  NIF: d.ClienteNIF,
  Direccion: [
    d.ClienteDireccion,
    [d.ClienteCodPostal, d.ClientePoblacion].filter(Boolean).join(' '),
    provincia(d.ClienteProvincia),
  ]
    .filter(Boolean)
    .join(', '),
  RegimenIva: d.RegimenIva ?? null,
});
export const datosDeCliente = (c: ClienteFila): ClienteDatos => ({
  Nombre: c.Nombre,
  NIF: c.NIF,
  Direccion: [c.Direccion, [c.CodPostal, c.Poblacion].filter(Boolean).join(' '), provincia(c.Provincia)]
    .filter(Boolean)
    .join(', '),
  RegimenIva: c.RegimenIva ?? null,
});
export const etiquetaCliente = (c: ClienteFila) =>
  `${c.Codigo ? `${c.Codigo} · ` : ''}${c.Nombre}${c.NIF ? ` (${c.NIF})` : ''}`;
