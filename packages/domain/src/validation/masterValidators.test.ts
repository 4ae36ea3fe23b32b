import { describe, expect, it } from 'vitest';
import { casos } from '../testkit/casos.testkit.ts';
import { isAcceptableBarcode, isValidGtin } from './ean.ts';
import { identityProblem } from './entityRules.ts';
import { detectFileType } from './fileType.ts';
import { MSG_DATOS } from './masterMessages.ts';
import { MSG } from './messages.ts';
import { htmlATexto, sanitizeRichText } from './richText.ts';
import { isValidNaf } from './socialSecurity.ts';
import { checkVatId } from './vatId.ts';

describe('rich text read as plain text (e-mail bodies, contract PDFs)', () => {
  it('keeps a line per paragraph, line break and list item and decodes the entities', () => {
    const texto = htmlATexto(
      '<p>Hola &amp; adiós</p><p>Línea<br>dos</p><ul><li>uno</li></ul><p></p><p></p><h2>Fin</h2>',
    );
    expect(texto).toBe('Hola & adiós\nLínea\ndos\n• uno\n\nFin');
    expect(htmlATexto('<p>&nbsp;&lt;3&gt; &quot;sí&quot; &#39;no&#39;</p>')).toBe('<3> "sí" \'no\'');
  });
});

describe('EU VAT ids (NIF-IVA)', () => {
  it.each([
    ['ESB85626240', true],
    ['ES B85626240', true],
    ['ESB85626241', false],
    ['FR40303265045', true],
    ['DE123456789', true],
    ['DE12345678', false],
    ['PT501964843', true],
    ['ATU12345678', true],
    ['NL123456789B01', true],
    ['IE1234567T', true],
    ['EL123456789', true],
    ['GR123456789', false],
    ['US123456789', false],
    ['123456789', false],
  ])('%s → %s', (value, ok) => {
    expect(checkVatId(value).ok).toBe(ok);
  });

  it('reports a wrong Spanish control letter inside an ES VAT id as a letter problem', () => {
    expect(checkVatId('ES12345678A')).toEqual({ ok: false, reason: 'letra' });
  });
});

describe('identity by type (customers, suppliers)', () => {
  casos('%s %s → %s', identityProblem, [
    ['nif', '12345678Z', null],
    ['nif', '12345678A', MSG.taxIdLetter],
    [null, 'X1234567A', MSG.taxIdLetter],
    ['nif', 'HOLA', MSG.format],
    ['nifiva', 'FR40303265045', null],
    ['nifiva', 'ESB85626241', MSG.taxIdLetter],
    ['nifiva', '40303265045', MSG_DATOS.vatIdCountry],
    ['nifiva', 'FR123', MSG.format],
    ['pasaporte', 'PAA123456', null],
    ['extranjero', 'AB', MSG.format],
    ['otro', 'Z-99', null],
  ]);
});

describe('barcodes (GTIN)', () => {
  casos('%s acceptable → %s', isAcceptableBarcode, [
    ['4006381333931', true],
    ['8412345678905', true],
    ['8412345678904', false],
    ['96385074', true],
    ['96385075', false],
    ['ABC-123', true],
    ['12345', true],
  ]);
  it('refuses non-GTIN lengths as GTIN', () => expect(isValidGtin('12345')).toBe(false));
});

describe('social security number (NAF)', () => {
  casos('%s → %s', isValidNaf, [
    ['281234567840', true],
    ['28 12345678 40', true],
    ['281234567841', false],
    ['080012345694', true],
    ['08001234569', false],
  ]);
});

describe('uploaded file types by magic bytes', () => {
  const bytes = (...b: number[]) => new Uint8Array(b);
  casos('%#: %s', detectFileType, [
    [bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), 'jpg'],
    [bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), 'png'],
    [new TextEncoder().encode('%PDF-1.7\n'), 'pdf'],
    [new TextEncoder().encode('GIF89a'), null],
    [new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg">'), null],
    [new TextEncoder().encode('MZ\x90\x00'), null],
    [bytes(0x89, 0x50, 0x4e, 0x47), null],
    [bytes(), null],
  ]);
});

describe('rich text of e-mail templates', () => {
  casos('%s', sanitizeRichText, [
    ['<p>Hola <b>{Nombre}</b></p>', '<p>Hola <b>{Nombre}</b></p>'],
    ['<p onclick="x()">a</p>', '<p>a</p>'],
    ['<script>alert(1)</script><p>b</p>', '<p>b</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    [
      '<a href="https://faro.es" target="_self">x</a>',
      '<a href="https://faro.es" target="_blank" rel="noopener noreferrer">x</a>',
    ],
    ['<img src="data:image/png;base64,AAAA">', '<img>'],
    ['<p style="text-align: center">c</p>', '<p style="text-align: center">c</p>'],
    ['<p style="background:url(x)">c</p>', '<p>c</p>'],
    ['<iframe src="https://x"></iframe>fin', 'fin'],
    ['1 < 2 & 3', '1 &lt; 2 &amp; 3'],
    ['<blink>x</blink>', 'x'],
    ['<!-- nota --><p>d</p>', '<p>d</p>'],
  ]);
});
