/**
 * FACe's invoice statuses (its published "consultarEstados" list): the processing flow an issued invoice goes
 * through at the public body, as Faro stores it on the invoice's sending row (`estado_cliente`), and the
 * cancellation flow a provider's cancellation request goes through.
 */
export const ESTADOS_FACE = {
  '1200': {
    estado: 'registrada',
    nombre: 'Registrada',
    descripcion: 'La factura ha sido registrada en el registro electrónico REC',
  },
  '1300': {
    estado: 'registrada_rcf',
    nombre: 'Registrada en el RCF',
    descripcion: 'La factura ha sido registrada en el registro contable de facturas',
  },
  '2400': { estado: 'contabilizada', nombre: 'Contabilizada', descripcion: 'Contabilizada la obligación reconocida' },
  '2500': { estado: 'pagada', nombre: 'Pagada', descripcion: 'Factura pagada' },
  '2600': { estado: 'rechazada', nombre: 'Rechazada', descripcion: 'La Unidad rechaza la factura' },
  '3100': { estado: 'anulada', nombre: 'Anulada', descripcion: 'La Unidad aprueba la propuesta de anulación' },
} as const;
export type CodigoEstadoFace = keyof typeof ESTADOS_FACE;
export type EstadoFace = (typeof ESTADOS_FACE)[CodigoEstadoFace]['estado'];

export const ESTADOS_ANULACION_FACE = {
  '4100': 'No solicitada anulación',
  '4200': 'Solicitada anulación',
  '4300': 'Aceptada anulación',
  '4400': 'Rechazada anulación',
} as const;
export type CodigoAnulacionFace = keyof typeof ESTADOS_ANULACION_FACE;

/** Statuses after which nothing changes any more (FACe is not asked again). */
export const ESTADOS_FINALES_FACE: readonly EstadoFace[] = ['pagada', 'rechazada', 'anulada'];

/** The Spanish name of a FACe status as stored (`registrada`…), for the invoice's screens. */
export const NOMBRES_ESTADO_FACE: Record<EstadoFace, string> = Object.fromEntries(
  Object.values(ESTADOS_FACE).map((e) => [e.estado, e.nombre]),
) as Record<EstadoFace, string>;

export const esCodigoEstadoFace = (c: string): c is CodigoEstadoFace => Object.hasOwn(ESTADOS_FACE, c);
