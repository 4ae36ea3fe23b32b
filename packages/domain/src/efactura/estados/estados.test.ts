import { describe, expect, it } from 'vitest';
import { esMotivoRechazo, MOTIVOS_RECHAZO, plazosRecibida, textoPlazo } from './index.ts';

const recibida = '2026-11-02';

describe('the four-day clocks of a received e-invoice', () => {
  it('counts the acceptance from the reception: pending, a warning on its last two days, overdue after', () => {
    const en = (hoy: string) => plazosRecibida({ recibida, decision: 'falta', fechaPago: null, pago: 'falta' }, hoy);
    expect(en('2026-11-02').Decision).toEqual({
      Limite: '2026-11-06',
      DiasRestantes: 4,
      Informe: 'falta',
      Hecho: false,
    });
    expect(en('2026-11-02').Nivel).toBe('pendiente');
    expect(en('2026-11-05').Nivel).toBe('aviso');
    expect(en('2026-11-06').Nivel).toBe('aviso');
    expect(en('2026-11-07').Nivel).toBe('vencido');
    expect(textoPlazo(en('2026-11-03'))).toBe('Quedan 3 días para aceptarla o rechazarla');
    expect(textoPlazo(en('2026-11-05'))).toBe('Queda 1 día para aceptarla o rechazarla');
    expect(textoPlazo(en('2026-11-06'))).toBe('Hoy es el último día para aceptarla o rechazarla');
    expect(textoPlazo(en('2026-11-08'))).toBe('Plazo para aceptarla o rechazarla vencido hace 2 días');
    const enCola = plazosRecibida({ recibida, decision: 'en_cola', fechaPago: null, pago: 'falta' }, '2026-11-04');
    expect(enCola.Nivel).toBe('pendiente');
    expect(textoPlazo(enCola)).toBe('Quedan 2 días para enviar la decisión');
  });

  it('counts the payment report from the payment date, apart from the decision', () => {
    const p = plazosRecibida({ recibida, decision: 'enviado', fechaPago: '2026-12-10', pago: 'en_cola' }, '2026-12-15');
    expect(p.Pago).toEqual({ Limite: '2026-12-14', DiasRestantes: -1, Informe: 'en_cola', Hecho: false });
    expect(p.Nivel).toBe('vencido');
    expect(textoPlazo(p)).toBe('Plazo para informar del pago vencido hace 1 día');
    const hecho = plazosRecibida(
      { recibida, decision: 'enviado', fechaPago: '2026-12-10', pago: 'enviado' },
      '2027-01-20',
    );
    expect(hecho.Nivel).toBe('al_dia');
    expect(textoPlazo(hecho)).toBe('Estados informados');
  });

  it('knows the rejection reasons by their code only', () => {
    expect(esMotivoRechazo('PRI')).toBe(true);
    expect(esMotivoRechazo('toString')).toBe(false);
    expect(esMotivoRechazo('XXX')).toBe(false);
    expect(Object.keys(MOTIVOS_RECHAZO)).toContain('OTH');
  });
});
