/**
 * The VERI*FACTU breakdown line (DetalleDesglose) that a subject, non-exempt VAT rate of the general regime
 * becomes: what the tests of the breakdown and of the invoices that carry one expect; `extra` adds the surcharge.
 */
export function detalleSujeto(tipo: string, base: string, cuota: string, extra: Record<string, string> = {}) {
  return {
    Impuesto: '01',
    ClaveRegimen: '01',
    CalificacionOperacion: 'S1',
    TipoImpositivo: tipo,
    CuotaRepercutida: cuota,
    BaseImponibleOimporteNoSujeto: base,
    ...extra,
  };
}
