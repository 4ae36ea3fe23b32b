import { codificarQr, urlCotejo } from '@faro/domain';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';

/**
 * Our QR encoder (packages/domain/src/verifactu/qrcode.ts) module for module against the `qrcode` npm package with
 * the same version, level M, byte mode and mask: any difference in data, Reed–Solomon, interleaving, placement,
 * masking, format or version information shows here.
 */
const TEXTOS = [
  urlCotejo(
    { nif: '89890001K', numserie: '12345678&G33', fecha: '01-01-2024', importe: '241.4' },
    { entorno: 'pruebas' },
  ),
  urlCotejo(
    { nif: 'B85626240', numserie: 'F2026/000123', fecha: '2026-11-02', importe: 1234.5 },
    { entorno: 'produccion' },
  ),
  'VERI*FACTU',
  `ñandú ${'x'.repeat(60)}`,
  'a'.repeat(213),
];

describe('QR encoder against the qrcode package', () => {
  for (const texto of TEXTOS) {
    it(`${texto.slice(0, 40)}… (${new TextEncoder().encode(texto).length} bytes), every mask`, () => {
      for (let mascara = 0; mascara < 8; mascara++) {
        const nuestro = codificarQr(texto, { mascara });
        const suyo = QRCode.create([{ data: Buffer.from(texto, 'utf8'), mode: 'byte' }], {
          errorCorrectionLevel: 'M',
          version: nuestro.version,
          maskPattern: mascara as QRCode.QRCodeMaskPattern,
        });
        expect(suyo.version).toBe(nuestro.version);
        const n = suyo.modules.size;
        const filas = Array.from({ length: n }, (_, y) =>
          Array.from({ length: n }, (_, x) => suyo.modules.get(y, x) === 1),
        );
        expect(nuestro.modulos).toEqual(filas);
      }
    });
  }

  it('picks the same mask as the package by the penalty rules', () => {
    for (const texto of TEXTOS) {
      const v = codificarQr(texto);
      const suyo = QRCode.create([{ data: Buffer.from(texto, 'utf8'), mode: 'byte' }], {
        errorCorrectionLevel: 'M',
        version: v.version,
      });
      expect(v.mascara, texto).toBe(suyo.maskPattern);
    }
  });
});
