/** The spec's validation messages (section 5), word for word. The only place these texts are written. */
export const MSG = {
  required: (label: string) => `${label} es obligatorio`,
  minLength: (label: string, n: number) => `${label} debe contener mínimo ${n} caracteres`,
  maxLength: (label: string, n: number) => `${label} debe contener máximo ${n} caracteres`,
  format: 'El formato es incorrecto',
  min: (n: number | string) => `Debe ser mayor o igual a ${n}`,
  max: (n: number | string) => `Debe ser menor o igual a ${n}`,
  iban: 'La cuenta bancaria no es correcta',
  taxIdLetter: 'La letra del DNI/NIE/NIF no es correcta',
  formInvalid: 'Revisa los errores del formulario',
  noChanges: 'No hay cambios para guardar',
  fileType: 'Tipo de fichero no admitido. Sólo se permiten imágenes (jpg, png) y ficheros en formato pdf',
  fileTooBig: (limitKb: number) =>
    `El fichero es demasiado grande. El tamaño no debe de ser superior a ${formatMb(limitKb)}MB`,
  fileMissing: 'No existe el fichero',
  passwordMismatch: 'La Nueva contraseña y la repetición de la contraseña no coinciden',
  passwordUpdated: 'La contraseña se ha actualizado correctamente',
  needsEnrolment: 'Previamente debes de dar de alta una matrícula',
  notFound: 'No existe el dato solicitado',
  forbidden: 'No tienes permisos para realizar la acción solicitada',
  noConnection: 'No hay conexión con el servidor. Vuelve a intentarlo en unos minutos',
  internal:
    'Ha ocurrido un error interno. Vuelve a intentarlo pasados unos minutos. Si el error persiste ponte en contacto con el servicio técnico',
  clockRegistered: (what: 'Entrada' | 'Pausa' | 'Salida') => `El fichaje de ${what} se ha registrado correctamente`,
  /** A request without the data it must carry (no body, or a save that names none of the record's fields). */
  bodyMissing: 'Faltan los datos de la petición',
  /** The same Idempotency-Key sent again with another request (another path, company or body). */
  idempotencyMismatch: 'Esta clave de idempotencia ya se usó con otra petición',
  /** The toast after a successful save (entity forms, sales documents, templates, settings). */
  saved: 'Los datos se han guardado correctamente',
  /**
   * The 'Aviso Legal' modal's text (spec: the contract sent by e-mail must be read and signed), also the server's
   * 403 to a member of a company that has not signed it yet.
   */
  termsPending:
    'Para poder utilizar la aplicación debes leer y firmar el contrato que te hemos enviado por correo electrónico',
} as const;

function formatMb(limitKb: number): string {
  const mb = limitKb / 1024;
  return Number.isInteger(mb)
    ? String(mb)
    : mb
        .toFixed(2)
        .replace(/\.?0+$/, '')
        .replace('.', ',');
}
