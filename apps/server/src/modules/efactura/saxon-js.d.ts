/** The part of SaxonJS 2 (no published types) the EN 16931 validator uses. */
declare module 'saxon-js' {
  interface Transformacion {
    stylesheetInternal: unknown;
    sourceText: string;
    destination: 'serialized';
  }
  const SaxonJS: {
    transform(opciones: Transformacion, modo: 'async'): Promise<{ principalResult: string }>;
  };
  export default SaxonJS;
}
