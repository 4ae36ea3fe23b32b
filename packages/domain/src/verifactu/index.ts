/** VeriFactu core (compliance-es.md §1): records, huella, formats, validation, QR and AEAT error explanations. */
export * from './codes.ts';
export * from './errores.ts';
export * from './format.ts';
export * from './huella.ts';
export * from './preparar.ts';
export * from './qr.ts';
export * from './qrcode.ts';
export * from './registro.ts';
export * from './sha256.ts';
export * from './types.ts';
export * from './validacion.ts';
