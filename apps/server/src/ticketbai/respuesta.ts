/**
 * The Diputaciones' answers, read into one shape with Spanish explanations: Araba/Gipuzkoa TicketBaiResponse
 * (Salida/Estado 00 received, 01 rejected, ResultadosValidacion/Codigo+Descripcion, CSV) and Bizkaia's N3 answer
 * (headers eus-bizkaia-n3-tipo-respuesta Correcto / Parcialmente correcto / Incorrecto, the registration number,
 * and per record EstadoRegistro with CodigoErrorRegistro / DescripcionErrorRegistroES).
 */
export interface ResultadoDiputacion {
  estado: 'enviado' | 'conerrores' | 'rechazado';
  codigo: string | null;
  descripcion: string | null;
  numeroRegistro: string | null;
}

const valor = (xml: string, nombre: string) =>
  new RegExp(`<(?:\\w+:)?${nombre}>([^<]*)</(?:\\w+:)?${nombre}>`).exec(xml)?.[1]?.trim() ?? null;

const desescapar = (v: string | null) =>
  v
    ?.replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&') ?? null;

/** Known codes → what to do, in Spanish (the Diputación's own text follows). */
export const ERRORES_TBAI: Record<string, string> = {
  '002': 'El fichero no cumple el esquema XSD de TicketBAI: revisa los datos de la factura',
  '003': 'La firma del fichero no es válida: revisa el certificado de la empresa',
  '004': 'El certificado no pertenece al emisor ni a un tercero autorizado',
  '005': 'La factura ya estaba registrada (duplicada)',
  '006': 'El encadenamiento con la factura anterior no es correcto',
  '008': 'La licencia TicketBAI del software no es válida para este entorno',
  '011': 'La factura que se quiere anular no existe en la Diputación',
  B4_2000003: 'El NIF del emisor no está dado de alta en el LROE',
};

export function explicarErrorTbai(codigo: string | null, descripcion: string | null): string {
  const propio = codigo ? ERRORES_TBAI[codigo] : undefined;
  const texto = [propio, descripcion].filter(Boolean).join('. ');
  return texto || 'La Diputación rechazó el fichero sin indicar el motivo';
}

export function leerRespuestaTicketBai(xml: string): ResultadoDiputacion {
  const estado = valor(xml, 'Estado');
  const resultados = /<(?:\w+:)?ResultadosValidacion>([\s\S]*?)<\/(?:\w+:)?ResultadosValidacion>/.exec(xml)?.[1] ?? '';
  const codigo = valor(resultados, 'Codigo');
  const descripcion = desescapar(valor(resultados, 'Descripcion'));
  const csv = valor(xml, 'CSV');
  if (estado === '00')
    return {
      estado: codigo ? 'conerrores' : 'enviado',
      codigo,
      descripcion: codigo ? descripcion : null,
      numeroRegistro: csv,
    };
  return {
    estado: 'rechazado',
    codigo,
    descripcion: explicarErrorTbai(codigo, descripcion),
    numeroRegistro: null,
  };
}

export function leerRespuestaLroe(cabeceras: Record<string, string>, xml: string): ResultadoDiputacion {
  const tipo = (cabeceras['eus-bizkaia-n3-tipo-respuesta'] ?? '').toLowerCase();
  const numero = cabeceras['eus-bizkaia-n3-numero-registro'] || null;
  const codigo = valor(xml, 'CodigoErrorRegistro') ?? (cabeceras['eus-bizkaia-n3-codigo-respuesta'] || null);
  const descripcion =
    desescapar(valor(xml, 'DescripcionErrorRegistroES')) ??
    (cabeceras['eus-bizkaia-n3-mensaje-respuesta']
      ? decodeURIComponent(cabeceras['eus-bizkaia-n3-mensaje-respuesta'])
      : null);
  if (tipo === 'correcto') return { estado: 'enviado', codigo: null, descripcion: null, numeroRegistro: numero };
  if (tipo === 'parcialmente correcto' && valor(xml, 'EstadoRegistro') === 'Correcto')
    return { estado: 'conerrores', codigo, descripcion, numeroRegistro: numero };
  return { estado: 'rechazado', codigo, descripcion: explicarErrorTbai(codigo, descripcion), numeroRegistro: null };
}
