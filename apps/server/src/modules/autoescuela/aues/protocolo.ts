/**
 * Faro's AUES protocol. The DGT's AUES web service is not publicly documented, so Faro speaks this small
 * JSON-over-HTTPS protocol to the address the school configures (a gateway to AUES, or the local simulator in
 * tests); the CSV import/export of appointment lists is the channel that always works.
 *
 *   POST   {Url}/solicitudes               body SolicitudAues        → 201 RespuestaAues (Estado 'solicitada')
 *   GET    {Url}/solicitudes/{Referencia}                            → 200 RespuestaAues
 *   DELETE {Url}/solicitudes/{Referencia}                            → 200 RespuestaAues (Estado 'anulada')
 *   Authorization: Basic base64(usuario:contraseña); the school is `CodigoAutoescuela` in every request body or
 *   the `X-Autoescuela` header. Errors: 4xx/5xx with `{ Codigo, Mensaje }` (401 bad credentials, 404 unknown
 *   reference, 422 a refused request).
 */
import type { EstadoCita } from '@faro/domain';

export interface SolicitudAues {
  CodigoAutoescuela: string;
  Jefatura: string;
  TipoExamen: string;
  Permiso: string;
  /** yyyy-mm-dd the school asks for. */
  FechaDeseada: string;
  Alumno: { NIF: string; Nombre: string; Apellidos: string; FechaNacimiento: string | null };
}

export interface RespuestaAues {
  Referencia: string;
  Estado: EstadoCita;
  /** The granted exam day and time (yyyy-mm-dd, HH:MM) when Estado is 'concedida'. */
  Fecha?: string | null;
  Hora?: string | null;
  Mensaje?: string | null;
}

export interface ErrorAues {
  Codigo: string;
  Mensaje: string;
}
