import type { TipoIva } from './totals.ts';

/**
 * The VAT types the totals tests price with: the sales letters (G, R, S, C…), the purchases' IVA21/ISP, and the
 * IGIC and IPSI rates. The engine looks a line's type up by `Valor`, so each test uses the ones it names.
 */
export const TIPOS_PRUEBA: TipoIva[] = [
  { Valor: 'G', Impuesto: 'IVA', PorcentajeIva: 21, PorcentajeRecargo: 5.2 },
  { Valor: 'R', Impuesto: 'IVA', PorcentajeIva: 10, PorcentajeRecargo: 1.4 },
  { Valor: 'S', Impuesto: 'IVA', PorcentajeIva: 4, PorcentajeRecargo: 0.5 },
  { Valor: 'C', Impuesto: 'IVA', PorcentajeIva: 0, PorcentajeRecargo: 0 },
  { Valor: 'E1', Impuesto: 'IVA', PorcentajeIva: 0, PorcentajeRecargo: 0, Exencion: 'E1' },
  { Valor: 'EXP', Impuesto: 'IVA', PorcentajeIva: 0, PorcentajeRecargo: 0, Exencion: 'E2' },
  { Valor: 'IC', Impuesto: 'IVA', PorcentajeIva: 0, PorcentajeRecargo: 0, Exencion: 'E5' },
  { Valor: 'IGIC7', Impuesto: 'IGIC', PorcentajeIva: 7, PorcentajeRecargo: 0 },
  { Valor: 'IGIC3', Impuesto: 'IGIC', PorcentajeIva: 3, PorcentajeRecargo: 0 },
  { Valor: 'IGIC9.5', Impuesto: 'IGIC', PorcentajeIva: '9.5', PorcentajeRecargo: 0 },
  { Valor: 'IGIC15', Impuesto: 'IGIC', PorcentajeIva: 15, PorcentajeRecargo: 0 },
  { Valor: 'IGIC20', Impuesto: 'IGIC', PorcentajeIva: 20, PorcentajeRecargo: 0 },
  { Valor: 'IGIC0', Impuesto: 'IGIC', PorcentajeIva: 0, PorcentajeRecargo: 0 },
  { Valor: 'IPSI4', Impuesto: 'IPSI', PorcentajeIva: 4, PorcentajeRecargo: 0 },
  { Valor: 'IPSI0.5', Impuesto: 'IPSI', PorcentajeIva: '0.5', PorcentajeRecargo: 0 },
  { Valor: 'IVA21', Impuesto: 'IVA', PorcentajeIva: 21, PorcentajeRecargo: 5.2 },
  { Valor: 'IVA10', Impuesto: 'IVA', PorcentajeIva: 10, PorcentajeRecargo: 1.4 },
  { Valor: 'IVA4', Impuesto: 'IVA', PorcentajeIva: 4, PorcentajeRecargo: 0.5 },
  { Valor: 'ISP', Impuesto: 'IVA', PorcentajeIva: 0, PorcentajeRecargo: 0 },
];
