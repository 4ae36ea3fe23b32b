/**
 * Messages of the master data that the spec does not word (its own ones are in `messages.ts`). One place, so the
 * server, the web and the tests say the same thing.
 */
export const MSG_DATOS = {
  postalCodeProvince: 'El código postal no corresponde a la provincia',
  postalCodeSpain: 'El código postal español tiene 5 dígitos y empieza por el código de una provincia (01 a 52)',
  countryCode: 'El país se indica con su código ISO de dos letras (ES, FR, PT…)',
  vatIdCountry: 'El NIF-IVA empieza por el código del país (FR, DE, PT…) seguido del número',
  barcode: 'El dígito de control del código de barras no es correcto',
  naf: 'El número de la Seguridad Social no es correcto',
  ibanRequired: 'Las cuentas bancarias necesitan el IBAN',
  duplicateTaxId: (what: string, nif: string, others: string) => `Ya existe otro ${what} con el NIF ${nif}: ${others}`,
  oneDefault: 'Sólo puede haber una dirección de envío por defecto',
  noStockControl: 'El producto no controla stock',
  negativeStock: (producto: string, almacen: string, queda: string) =>
    `No hay stock suficiente de ${producto} en ${almacen}: quedaría ${queda}`,
  sameWarehouse: 'El almacén de origen y el de destino deben ser distintos',
  warehouseInactive: 'El almacén está de baja',
  dateRange: 'La fecha final no puede ser anterior a la inicial',
  lineTarget: 'Indica el producto o la familia (sólo uno de los dos)',
  seriesDefault: 'Ya hay otra serie por defecto para ese tipo de documento',
  seriesCode: 'Ya existe una serie con ese código para ese tipo de documento',
  singleton: (what: string) => `${what} ya existe: modifícala en lugar de crear otra`,
  notDeletable: (what: string) => `${what} no se puede eliminar`,
  alreadyConverted: 'Este cliente potencial ya se convirtió en cliente',
  importNoRows: 'El fichero no tiene filas de datos',
  importTooManyRows: (max: number) => `El fichero tiene más de ${max} filas: divídelo en varios`,
  importUnreadable: 'No se puede leer el fichero: usa CSV (separado por ; o ,) o XLSX',
  importUnknownColumn: (col: string) => `La columna ${col} no existe en el fichero`,
  importUnknownField: (field: string) => `El campo ${field} no se puede importar`,
  importFieldTwice: (field: string) => `El campo ${field} está asignado a dos columnas`,
  importRequiredUnmapped: (label: string) => `Falta asignar una columna a ${label}`,
  importRejected: (n: number) => `Hay ${n} filas rechazadas: corrígelas en el fichero y vuelve a importarlo`,
  importRepeated: (label: string, row: number) => `${label} repetido en el fichero (fila ${row})`,
  importNotFound: (label: string, value: string) => `${label}: no existe «${value}»`,
  referenceMissing: 'El dato seleccionado no existe',
  importExpired: 'La importación ya no está disponible: vuelve a subir el fichero',
} as const;
