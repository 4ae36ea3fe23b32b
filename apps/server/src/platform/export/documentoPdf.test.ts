import { describe, expect, it } from 'vitest';
import { cabeceraEmpresa, documentoPdf } from './documentoPdf.ts';

describe('documentoPdf', () => {
  it('gives the bytes of a whole A4 PDF with its title once ended', async () => {
    const { doc, terminar } = await documentoPdf({ Title: 'Prueba de impreso', Author: 'Faro' }, 40);
    cabeceraEmpresa(doc, { nombre: 'Empresa de Prueba SL', nif: 'B12345674' }, 13);
    doc.text('Cuerpo del impreso');
    const bytes = await terminar();
    const texto = bytes.toString('latin1');
    expect(texto.startsWith('%PDF-')).toBe(true);
    expect(texto.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(texto).toContain('/MediaBox [0 0 595.28 841.89]');
    expect(texto).toContain('(Prueba de impreso)');
    expect(texto).toContain('(Faro)');
  });
});
