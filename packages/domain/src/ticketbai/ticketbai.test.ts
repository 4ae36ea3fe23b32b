import { describe, expect, it } from 'vitest';
import {
  crc8,
  crc8Texto,
  desgloseTbai,
  identificadorTbai,
  identificadorTbaiValido,
  provinciaDeTributacion,
  urlQrTbai,
  urlQrTbaiDe,
} from './index.ts';

describe('TicketBAI identifier and QR', () => {
  it('CRC-8/SMBUS: standard check value and the published TicketBAI vectors', () => {
    expect(crc8('123456789')).toBe(0xf4);
    expect(crc8Texto('TBAI-00000006Y-251019-btFpwP8dcLGAF-')).toBe('237');
    expect(crc8Texto('https://batuz.eus/QRTBAI/?id=TBAI-00000006Y-251019-btFpwP8dcLGAF-237&s=T&nf=27174&i=4.70')).toBe(
      '007',
    );
  });

  it('builds the official identifier and the one of the official Gipuzkoa sample', () => {
    const id = identificadorTbai('00000006Y', '2019-10-25', 'btFpwP8dcLGAFxxxxxxxxxxxxxx');
    expect(id).toBe('TBAI-00000006Y-251019-btFpwP8dcLGAF-237');
    expect(id).toHaveLength(39);
    expect(identificadorTbaiValido(id)).toBe(true);
    expect(identificadorTbaiValido(id.replace('237', '238'))).toBe(false);
    expect(identificadorTbai('99999974E', '29-02-2024', 'Yl3mXsALUBz6HBJcJo0wg2vj')).toBe(
      'TBAI-99999974E-290224-Yl3mXsALUBz6H-135',
    );
  });

  it('QR URL: the official Bizkaia vector and the host of each province', () => {
    const d = {
      identificador: 'TBAI-00000006Y-251019-btFpwP8dcLGAF-237',
      serie: 'T',
      numero: '27174',
      importe: '4.70',
    };
    expect(urlQrTbai('https://batuz.eus/QRTBAI/', d)).toBe(
      'https://batuz.eus/QRTBAI/?id=TBAI-00000006Y-251019-btFpwP8dcLGAF-237&s=T&nf=27174&i=4.70&cr=007',
    );
    expect(urlQrTbaiDe('bizkaia', 'produccion', d)).toMatch(/&cr=007$/);
    const g = urlQrTbaiDe('gipuzkoa', 'produccion', d);
    expect(g.startsWith('https://tbai.egoitza.gipuzkoa.eus/qr/?id=')).toBe(true);
    expect(g.slice(-3)).toBe(crc8Texto(g.slice(0, g.indexOf('&cr='))));
    expect(urlQrTbaiDe('gipuzkoa', 'pruebas', d).startsWith('https://tbai.prep.gipuzkoa.eus/qr/?')).toBe(true);
    expect(urlQrTbaiDe('araba', 'produccion', d).startsWith('https://ticketbai.araba.eus/tbai/qrtbai/?')).toBe(true);
    // A series with reserved characters is percent-encoded before the CRC.
    expect(urlQrTbaiDe('araba', 'pruebas', { ...d, serie: 'A&B 1' })).toContain('&s=A%26B%201&');
  });

  it('maps the breakdown: exempt, not subject, reverse charge, surcharge', () => {
    expect(provinciaDeTributacion('vizcaya')).toBe('bizkaia');
    expect(provinciaDeTributacion('peninsula')).toBeNull();
    const l = desgloseTbai(
      [
        { Base: '10.00', PorcentajeIva: '0', Cuota: '0', Exencion: 'E1' },
        { Base: '20.00', PorcentajeIva: '0', Cuota: '0', Exencion: 'N1' },
        { Base: '30.00', PorcentajeIva: '21', Cuota: '0', Exencion: 'S2' },
        { Base: '40.00', PorcentajeIva: '21', Cuota: '8.40', PorcentajeRecargo: '5.2', CuotaRecargo: '2.08' },
      ],
      'general',
    );
    expect(l.map((x) => x.tipo)).toEqual(['exenta', 'nosujeta', 'noexenta', 'noexenta']);
    expect(l[2]).toMatchObject({ clase: 'S2', cuota: '0' });
    expect(l[3]).toMatchObject({ clase: 'S1', tipoRecargo: '5.2', cuotaRecargo: '2.08' });
  });
});
