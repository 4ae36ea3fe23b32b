import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

/**
 * XSD validation of VeriFactu messages with libxml2 compiled to WebAssembly (npm `xmllint-wasm`, no native build,
 * no network). The official schemas are read from ../shared/schemas/verifactu beside the repository
 * (FARO_VERIFACTU_SCHEMAS overrides). SuministroInformacion.xsd imports xmldsig from a w3.org URL: the import is
 * pointed at the local copy in memory (the file on disk is untouched), so nothing is ever fetched.
 */

export const DIRECTORIO_ESQUEMAS =
  process.env.FARO_VERIFACTU_SCHEMAS ??
  fileURLToPath(new URL('../../../../../shared/schemas/verifactu/', import.meta.url));

const leer = (f: string) => readFileSync(`${DIRECTORIO_ESQUEMAS}/${f}`, 'utf8');

export function leerEjemploOficial(nombre: string): string {
  return leer(nombre);
}

const NS_LR =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd';
const NS_RESPUESTA =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd';

/** A wrapper schema so a whole SOAP envelope validates: the envelope's schema plus the message's. */
const envoltorio = (ns: string, fichero: string) => `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:faro:verifactu:envoltorio">
  <xs:import namespace="http://schemas.xmlsoap.org/soap/envelope/" schemaLocation="soap-envelope.xsd"/>
  <xs:import namespace="${ns}" schemaLocation="${fichero}"/>
</xs:schema>`;

let precarga: { fileName: string; contents: string }[] | null = null;
function esquemas() {
  precarga ??= [
    { fileName: 'soap-envelope.xsd', contents: leer('soap-envelope.xsd') },
    { fileName: 'SuministroLR.xsd', contents: leer('SuministroLR.xsd') },
    { fileName: 'RespuestaSuministro.xsd', contents: leer('RespuestaSuministro.xsd') },
    {
      fileName: 'SuministroInformacion.xsd',
      contents: leer('SuministroInformacion.xsd').replace(
        'schemaLocation="http://www.w3.org/TR/xmldsig-core/xmldsig-core-schema.xsd"',
        'schemaLocation="xmldsig-core-schema.xsd"',
      ),
    },
    { fileName: 'xmldsig-core-schema.xsd', contents: leer('xmldsig-core-schema.xsd') },
  ];
  return precarga;
}

async function validar(xml: string, principal: string): Promise<string[]> {
  const resultado = await validateXML({
    xml: [{ fileName: 'mensaje.xml', contents: xml }],
    schema: [{ fileName: 'principal.xsd', contents: principal }],
    preload: esquemas(),
    maxMemoryPages: 1024,
  });
  return resultado.valid ? [] : resultado.errors.map((e) => e.message);
}

/**
 * Validates a SOAP envelope carrying RegFactuSistemaFacturacion against SuministroLR.xsd (+ SuministroInformacion,
 * xmldsig, soap-envelope). The Body content is checked because its element is declared (lax wildcard).
 */
export function validarEnvioSoap(xml: string): Promise<string[]> {
  return validar(xml, envoltorio(NS_LR, 'SuministroLR.xsd'));
}

/** Validates a bare RegFactuSistemaFacturacion (or record) document against SuministroLR.xsd, strictly. */
export function validarSuministroLR(xml: string): Promise<string[]> {
  return validar(xml, leer('SuministroLR.xsd'));
}

/** Validates an AEAT answer (SOAP envelope) against RespuestaSuministro.xsd. */
export function validarRespuestaSoap(xml: string): Promise<string[]> {
  return validar(xml, envoltorio(NS_RESPUESTA, 'RespuestaSuministro.xsd'));
}
