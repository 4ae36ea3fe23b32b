import { describe, expect, it } from 'vitest';
import { urlCotejo, urlCotejoDe } from './qr.ts';
import type { RegistroAlta } from './types.ts';

describe('QR cotejo URL (AEAT-QR §4 and §8)', () => {
  it('official example: test environment, & in the series percent-encoded', () => {
    expect(
      urlCotejo(
        { nif: '89890001K', numserie: '12345678&G33', fecha: '01-01-2024', importe: '241.4' },
        { entorno: 'pruebas' },
      ),
    ).toBe(
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%26G33&fecha=01-01-2024&importe=241.4',
    );
  });

  it('official examples: production, VERI*FACTU and NO VERI*FACTU', () => {
    const datos = { nif: '89890001K', numserie: '12345678-G33', fecha: '01-09-2024', importe: '241.4' };
    expect(urlCotejo(datos, { entorno: 'produccion' })).toBe(
      'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678-G33&fecha=01-09-2024&importe=241.4',
    );
    expect(urlCotejo(datos, { entorno: 'produccion', verifactu: false })).toBe(
      'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQRNoVerifactu?nif=89890001K&numserie=12345678-G33&fecha=01-09-2024&importe=241.4',
    );
  });

  it('third-party example, ISO date and numeric amount', () => {
    expect(
      urlCotejo(
        { nif: 'A86018322', numserie: 'FACT001', fecha: '2025-10-01', importe: 100.23 },
        { entorno: 'produccion' },
      ),
    ).toBe(
      'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=A86018322&numserie=FACT001&fecha=01-10-2025&importe=100.23',
    );
  });

  it('encodes every reserved character of a series', () => {
    const url = urlCotejo(
      { nif: '89890001K', numserie: 'A/B C+D?E#F=G', fecha: '01-01-2025', importe: '1.00' },
      { entorno: 'pruebas' },
    );
    expect(url).toContain('numserie=A%2FB%20C%2BD%3FE%23F%3DG&');
    expect(new URL(url).searchParams.get('numserie')).toBe('A/B C+D?E#F=G');
  });

  it('refuses values the AEAT would reject (importe 7,2 → 2005; nif 891K → 2001)', () => {
    expect(() =>
      urlCotejo({ nif: '89890001K', numserie: 'F1', fecha: '01-01-2025', importe: '7,2' }, { entorno: 'pruebas' }),
    ).toThrow(/importe/);
    expect(() =>
      urlCotejo({ nif: '891K', numserie: 'F1', fecha: '01-01-2025', importe: '7.2' }, { entorno: 'pruebas' }),
    ).toThrow(/NIF/);
    expect(() =>
      urlCotejo({ nif: '89890001K', numserie: 'Año-1', fecha: '01-01-2025', importe: '7.2' }, { entorno: 'pruebas' }),
    ).toThrow();
    expect(() =>
      urlCotejo({ nif: '89890001K', numserie: 'F1', fecha: '31-02-2025', importe: '7.2' }, { entorno: 'pruebas' }),
    ).toThrow();
  });

  it('from a record: the record strings, two decimals', () => {
    const registro = {
      IDFactura: { IDEmisorFactura: '89890001K', NumSerieFactura: '2025/A/7', FechaExpedicionFactura: '05-02-2025' },
      ImporteTotal: '241.40',
    } as RegistroAlta;
    expect(urlCotejoDe(registro, { entorno: 'pruebas' })).toBe(
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=2025%2FA%2F7&fecha=05-02-2025&importe=241.40',
    );
  });
});
