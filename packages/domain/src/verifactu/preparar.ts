import { fechaHoraHuso } from './format.ts';
import { generarRegistroAlta, generarRegistroAnulacion } from './registro.ts';
import type { ContextoRegistro, DatosAlta, DatosAnulacion, RegistroAlta, RegistroAnulacion } from './types.ts';
import { type IncidenciaRegistro, validarRegistroAlta, validarRegistroAnulacion } from './validacion.ts';

/**
 * Generate + validate in one call: what the invoice-issuing transaction uses. `valido` is false when any finding
 * is an error; the caller must then refuse to issue (showing `incidencias`) instead of storing the record.
 * "Today" for the future-date check (1112) is the generation instant's date in Spain.
 */

export interface RegistroPreparado<T> {
  registro: T;
  incidencias: IncidenciaRegistro[];
  valido: boolean;
}

function hoyEnEspana(ctx: ContextoRegistro): string {
  return fechaHoraHuso(ctx.instante ?? new Date(), ctx.zona).slice(0, 10);
}

export function prepararRegistroAlta(datos: DatosAlta, ctx: ContextoRegistro): RegistroPreparado<RegistroAlta> {
  const instante = ctx.instante ?? new Date();
  const registro = generarRegistroAlta(datos, { ...ctx, instante });
  const incidencias = validarRegistroAlta(registro, {
    NIFObligado: registro.IDFactura.IDEmisorFactura,
    hoy: hoyEnEspana({ ...ctx, instante }),
  });
  return { registro, incidencias, valido: incidencias.every((i) => i.Gravedad !== 'error') };
}

export function prepararRegistroAnulacion(
  datos: DatosAnulacion,
  ctx: ContextoRegistro,
): RegistroPreparado<RegistroAnulacion> {
  const instante = ctx.instante ?? new Date();
  const registro = generarRegistroAnulacion(datos, { ...ctx, instante });
  const incidencias = validarRegistroAnulacion(registro);
  return { registro, incidencias, valido: incidencias.every((i) => i.Gravedad !== 'error') };
}
