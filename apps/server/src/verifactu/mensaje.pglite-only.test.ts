import { describe, expect, it } from 'vitest';
import { CABECERA, cadenaSimple, cadenaVariada, NIF_EMPRESA } from '../../test/verifactu/fixtures.ts';
import {
  leerEjemploOficial,
  validarEnvioSoap,
  validarRespuestaSoap,
  validarSuministroLR,
} from '../../test/verifactu/xsd.ts';
import { cadenaHuella, type RegistroAlta, verificarCadena } from './dominio.ts';
import { contenidoBody, hijo, hijos, textoDe } from './xml/lector.ts';
import { documentoRegFactu, mensajeRegFactu, xmlRegistro } from './xml/mensaje.ts';

/** XSD validation of generated messages (libxml2/WASM; several hundred ms each, so PGlite project only). */

describe('the validator setup, proved on the official AEAT examples', () => {
  const ejemplos = ['example-alta.xml', 'example-anulacion.xml', 'example-subsanacion.xml'];

  it.each(ejemplos)('%s: only its 4-character placeholder NIFs break NIFType (length 9)', async (f) => {
    const errores = await validarEnvioSoap(leerEjemploOficial(f));
    expect(errores.length).toBeGreaterThan(0);
    for (const e of errores)
      expect(e).toMatch(
        /\[facet 'length'\] The value has a length of '4'; this differs from the allowed length of '9'/,
      );
  });

  it.each(ejemplos)('%s: valid once the placeholders are 9-character NIFs', async (f) => {
    const xml = leerEjemploOficial(f)
      .replaceAll('AAAA', '89890001K')
      .replaceAll('BBBB', '89890002E')
      .replaceAll('NNNN', 'B00000034');
    expect(await validarEnvioSoap(xml)).toEqual([]);
  });

  it('rejects a broken body inside the envelope (the lax Body content is really validated)', async () => {
    const xml = leerEjemploOficial('example-alta.xml')
      .replaceAll('AAAA', '89890001K')
      .replaceAll('BBBB', '89890002E')
      .replaceAll('NNNN', 'B00000034');
    const errores = await validarEnvioSoap(
      xml.replace('<sum1:TipoFactura>F1</sum1:TipoFactura>', '<sum1:TipoFactura>F9</sum1:TipoFactura>'),
    );
    expect(errores.join('\n')).toMatch(/TipoFactura/);
    const desordenado = xml.replace(
      /(<sum1:TipoFactura>F1<\/sum1:TipoFactura>)(\s*)(<sum1:DescripcionOperacion>Descripc<\/sum1:DescripcionOperacion>)/,
      '$3$2$1',
    );
    expect(desordenado).not.toBe(xml);
    expect((await validarEnvioSoap(desordenado)).length).toBeGreaterThan(0);
  });
});

describe('generated RegFactuSistemaFacturacion messages', () => {
  const cadena = cadenaVariada();

  it('every kind of record in one message validates against SuministroLR.xsd (envelope and bare)', async () => {
    expect(verificarCadena(cadena).valida).toBe(true);
    expect(await validarEnvioSoap(mensajeRegFactu(CABECERA, cadena))).toEqual([]);
    expect(await validarSuministroLR(documentoRegFactu(CABECERA, cadena))).toEqual([]);
  });

  it('each record alone, and with each optional Cabecera block', async () => {
    for (const r of cadena) expect(await validarEnvioSoap(mensajeRegFactu(CABECERA, [r]))).toEqual([]);
    const cabeceras = [
      { ...CABECERA, RemisionVoluntaria: { Incidencia: 'S' as const } },
      { ...CABECERA, RemisionVoluntaria: { FechaFinVeriFactu: '31-12-2026', Incidencia: 'N' as const } },
      { ...CABECERA, Representante: { NombreRazon: 'Asesoría SL', NIF: 'B11111111' } },
    ];
    for (const c of cabeceras) expect(await validarEnvioSoap(mensajeRegFactu(c, cadena.slice(0, 2)))).toEqual([]);
  });

  it('1,000 records validate; 1,001 or 0 are refused before sending', async () => {
    const mil = cadenaSimple(1000);
    expect(await validarEnvioSoap(mensajeRegFactu(CABECERA, mil))).toEqual([]);
    expect(() => mensajeRegFactu(CABECERA, [...mil, ...cadenaSimple(1, 1001, mil.at(-1))])).toThrow(/1000/);
    expect(() => mensajeRegFactu(CABECERA, [])).toThrow();
  });

  it('refuses records of another obligado (1108)', () => {
    expect(() => mensajeRegFactu({ ObligadoEmision: { NombreRazon: 'Otra', NIF: 'B99999999' } }, cadena)).toThrow(
      /1108/,
    );
  });

  it('escapes XML and sends exactly the strings that were hashed', () => {
    const xml = mensajeRegFactu(CABECERA, cadena);
    expect(xml).toContain('<sum1:NombreRazon>Empresa de Prueba &amp; Cía &lt;SL&gt;</sum1:NombreRazon>');
    expect(xml).toContain('<sum1:RefExterna>Pedido &lt;7&gt; &amp; &quot;urgente&quot;</sum1:RefExterna>');
    const cuerpo = contenidoBody(xml);
    const registros = hijos(cuerpo, 'RegistroFactura').map((rf) => rf.hijos[0]!);
    expect(registros).toHaveLength(cadena.length);
    registros.forEach((nodo, i) => {
      const r = cadena[i]!;
      const sufijo = r.TipoOperacion === 'Alta' ? '' : 'Anulada';
      const enXml = (campo: string) => textoDe(nodo, 'IDFactura', `${campo}${sufijo}`);
      const id = r.IDFactura as unknown as Record<string, string>;
      expect(enXml('IDEmisorFactura')).toBe(id[`IDEmisorFactura${sufijo}`]);
      expect(enXml('NumSerieFactura')).toBe(id[`NumSerieFactura${sufijo}`]);
      expect(textoDe(nodo, 'FechaHoraHusoGenRegistro')).toBe(r.FechaHoraHusoGenRegistro);
      expect(textoDe(nodo, 'Huella')).toBe(r.Huella);
      if (r.TipoOperacion === 'Alta') {
        expect(textoDe(nodo, 'CuotaTotal')).toBe(r.CuotaTotal);
        expect(textoDe(nodo, 'ImporteTotal')).toBe(r.ImporteTotal);
        expect(cadenaHuella(r)).toContain(
          `&CuotaTotal=${textoDe(nodo, 'CuotaTotal')}&ImporteTotal=${textoDe(nodo, 'ImporteTotal')}&`,
        );
      }
      const anterior = hijo(hijo(nodo, 'Encadenamiento'), 'RegistroAnterior');
      if (i > 0) expect(textoDe(anterior, 'Huella')).toBe(cadena[i - 1]!.Huella);
    });
    expect(xml).toContain(
      `<sum1:NumSerieFactura>${(cadena[1] as RegistroAlta).IDFactura.NumSerieFactura.replace('&', '&amp;')}</sum1:NumSerieFactura>`,
    );
  });

  it('a record alone for the viewer carries its namespace', () => {
    const xml = xmlRegistro(cadena[0]!);
    expect(xml.startsWith('<sum1:RegistroAlta xmlns:sum1="https://www2.agenciatributaria.gob.es/')).toBe(true);
    expect(contenidoBody(mensajeRegFactu(CABECERA, [cadena[0]!])).local).toBe('RegFactuSistemaFacturacion');
    expect(textoDe(contenidoBody(mensajeRegFactu(CABECERA, [cadena[0]!])), 'Cabecera', 'ObligadoEmision', 'NIF')).toBe(
      NIF_EMPRESA,
    );
  });
});

describe('the response schema is loadable', () => {
  it('an AEAT-shaped answer validates against RespuestaSuministro.xsd', async () => {
    const xml = `<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body><tikR:RespuestaRegFactuSistemaFacturacion xmlns:tik="https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd" xmlns:tikR="https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd"><tikR:Cabecera><tik:ObligadoEmision><tik:NombreRazon>X</tik:NombreRazon><tik:NIF>89890001K</tik:NIF></tik:ObligadoEmision></tikR:Cabecera><tikR:TiempoEsperaEnvio>60</tikR:TiempoEsperaEnvio><tikR:EstadoEnvio>Incorrecto</tikR:EstadoEnvio></tikR:RespuestaRegFactuSistemaFacturacion></env:Body></env:Envelope>`;
    expect(await validarRespuestaSoap(xml)).toEqual([]);
    expect((await validarRespuestaSoap(xml.replace('>Incorrecto<', '>Rechazado<'))).length).toBeGreaterThan(0);
  });
});
