/**
 * AEAT VeriFactu error codes explained in plain Spanish, each pointing at the record field to fix (source: the
 * AEAT's errores.properties as cited in compliance-es.md §1.6; explanations are ours). Ranges:
 * 4xxx reject the whole submission; 1xxx reject the record; 3xxx are duplicates / missing records; 2xxx mean the
 * record was accepted with errors that must be corrected with a subsanación.
 */

export type EfectoErrorAeat = 'envio' | 'registro' | 'aceptado';

export interface ErrorAeat {
  Codigo: number;
  /** What happened and what to do, in Spanish. */
  Explicacion: string;
  /** The record field (XML path below RegistroAlta / RegistroAnulacion / Cabecera) to fix, '' when none. */
  Campo: string;
  Efecto: EfectoErrorAeat;
}

type Entrada = [codigo: number, campo: string, explicacion: string];

// One row per code keeps the table readable as the AEAT's list; the effect follows from the code's range.
// biome-ignore format: one row per AEAT code
const TABLA: Entrada[] = [
  // 4xxx: the whole submission is rejected.
  [4102, '', 'El mensaje no cumple el esquema de la AEAT: falta un campo obligatorio. Es un fallo del programa.'],
  [4103, '', 'La AEAT no pudo leer el XML enviado. Es un fallo del programa; se reintentará.'],
  [4104, 'Cabecera/ObligadoEmision/NIF', 'El NIF de la empresa que figura en la cabecera no está identificado.'],
  [4105, 'Cabecera/Representante/NIF', 'El NIF del representante no está identificado.'],
  [4106, '', 'Alguna fecha del envío no tiene el formato dd-mm-aaaa.'],
  [4107, 'Cabecera/ObligadoEmision/NIF', 'El NIF de la empresa no está en el censo de la AEAT. Revise el NIF en la ficha de la empresa.'],
  [4108, '', 'La AEAT no pudo leer el certificado. Revise el certificado electrónico subido.'],
  [4109, 'Cabecera/ObligadoEmision/NIF', 'El NIF de la cabecera tiene un formato incorrecto.'],
  [4112, '', 'El titular del certificado no es la empresa, ni su apoderado, colaborador social o sucesor. Suba el certificado de la empresa o apodere al titular.'],
  [4113, '', 'El envío supera el número de registros permitido en un bloque.'],
  [4114, '', 'El envío supera el máximo de 1.000 registros.'],
  [4115, 'Cabecera/ObligadoEmision/NIF', 'El NIF de la empresa en la cabecera es incorrecto.'],
  [4116, 'Cabecera/ObligadoEmision/NIF', 'El NIF de la empresa en la cabecera tiene un formato incorrecto.'],
  [4117, 'Cabecera/Representante/NIF', 'El NIF del representante tiene un formato incorrecto.'],
  [4119, '', 'El envío contiene caracteres que no están codificados en UTF-8.'],
  [4120, 'Cabecera/RemisionVoluntaria/FechaFinVeriFactu', 'La fecha de fin de VERI*FACTU debe ser el 31-12 del año actual o del anterior.'],
  [4121, 'Cabecera/RemisionVoluntaria/Incidencia', 'El indicador de incidencia debe ser S o N.'],
  [4127, 'Cabecera/RemisionVoluntaria', 'La remisión voluntaria solo puede indicarse en sistemas VERI*FACTU.'],
  [4134, '', 'El servicio de la AEAT no está activo en este momento; se reintentará más tarde.'],
  [4138, '', 'La petición llegó vacía o con una codificación incorrecta.'],
  [4139, '', 'El servicio no está habilitado en producción. Revise el entorno configurado.'],
  [4141, '', 'La AEAT ha suspendido temporalmente el acceso a VERI*FACTU de este presentador; contacte con verifactu@correo.aeat.es.'],
  // 1xxx: the record is rejected; 3xxx: duplicates and missing records.
  [1100, '', 'Algún campo tiene un valor o un tipo incorrecto.'],
  [1101, 'IDOtro/CodigoPais', 'El código de país de la identificación extranjera no es válido.'],
  [1102, 'IDOtro/IDType', 'El tipo de identificación extranjera no es válido.'],
  [1103, 'IDOtro/ID', 'El número de identificación extranjera no es válido.'],
  [1104, 'IDFactura/NumSerieFactura', 'El número de serie y factura no es válido.'],
  [1105, 'IDFactura/FechaExpedicionFactura', 'La fecha de expedición no es válida.'],
  [1106, 'TipoFactura', 'El tipo de factura no está entre los permitidos (F1, F2, F3, R1–R5).'],
  [1107, 'TipoRectificativa', 'El tipo de rectificativa debe ser S (sustitución) o I (diferencias).'],
  [1108, 'IDFactura/IDEmisorFactura', 'El NIF del emisor de la factura debe ser el mismo que el de la empresa de la cabecera.'],
  [1109, 'IDFactura/IDEmisorFactura', 'El NIF no está identificado en el censo de la AEAT.'],
  [1110, 'IDFactura/IDEmisorFactura', 'El NIF no está identificado en el censo de la AEAT.'],
  [1111, 'IDOtro/CodigoPais', 'Indique el país de la identificación extranjera (obligatorio salvo NIF-IVA).'],
  [1112, 'IDFactura/FechaExpedicionFactura', 'La fecha de expedición es posterior a hoy.'],
  [1114, 'TipoRectificativa', 'Una factura rectificativa (R1–R5) debe indicar si es por sustitución o por diferencias.'],
  [1115, 'TipoRectificativa', 'Solo las facturas rectificativas llevan tipo de rectificativa.'],
  [1116, 'FacturasSustituidas', 'Las facturas sustituidas solo se indican en facturas F3.'],
  [1117, 'FacturasRectificadas', 'Las facturas rectificadas solo se indican en facturas rectificativas.'],
  [1118, 'ImporteRectificacion', 'Una rectificativa por sustitución debe indicar la base y la cuota rectificadas.'],
  [1119, 'ImporteRectificacion', 'El importe de rectificación solo se indica en rectificativas por sustitución.'],
  [1120, 'IDFactura/IDEmisorFactura', 'El NIF del emisor tiene un tipo incorrecto.'],
  [1121, 'IDOtro/ID', 'La identificación no está en el censo de la AEAT.'],
  [1122, 'IDOtro/CodigoPais', 'El país no coincide con los dos primeros caracteres del NIF-IVA.'],
  [1123, 'NIF', 'El NIF tiene un formato incorrecto.'],
  [1124, 'Desglose/DetalleDesglose/TipoImpositivo', 'El tipo impositivo no está entre los permitidos por la AEAT para esa fecha.'],
  [1125, 'FechaOperacion', 'La fecha de operación es posterior a la permitida.'],
  [1126, 'IDOtro/CodigoPais', 'Con país ES solo se admite identificación por pasaporte (03) o no censado (07).'],
  [1127, 'Desglose/DetalleDesglose/TipoRecargoEquivalencia', 'El tipo de recargo de equivalencia no está entre los permitidos.'],
  [1130, 'IDFactura/NumSerieFactura', 'El número de serie contiene caracteres no permitidos (solo ASCII imprimible).'],
  [1133, 'IDFactura/FechaExpedicionFactura', 'La fecha de expedición tiene más de veinte años.'],
  [1134, 'FechaOperacion', 'La fecha de operación tiene más de veinte años.'],
  [1138, 'Macrodato', 'Macrodato=S solo se indica si el importe total es igual o superior a 100.000.000 €.'],
  [1139, 'Macrodato', 'Con un importe total igual o superior a 100.000.000 € debe indicarse Macrodato=S.'],
  [1140, 'Desglose/DetalleDesglose/CuotaRepercutida', 'La cuota y la base a coste deben tener el mismo signo.'],
  [1142, 'Desglose/DetalleDesglose/CuotaRepercutida', 'La cuota no corresponde a la base por el tipo impositivo.'],
  [1143, 'Desglose/DetalleDesglose/CuotaRepercutida', 'La cuota y la base imponible deben tener el mismo signo.'],
  [1146, 'FechaOperacion', 'La fecha de expedición solo puede ser anterior a la de operación con las claves de régimen 14 o 15.'],
  [1147, 'FechaOperacion', 'Con la clave de régimen 14 la fecha de operación es obligatoria y posterior a la de expedición.'],
  [1148, 'TipoFactura', 'Con la clave de régimen 14 el tipo de factura debe ser F1, R1, R2, R3 o R4.'],
  [1150, 'Desglose', 'Una factura simplificada (F2) no puede superar 3.000 € de base más cuota.'],
  [1152, 'IDFactura/FechaExpedicionFactura', 'La AEAT no admite facturas con fecha de expedición anterior al 28-10-2024.'],
  [1153, 'RechazoPrevio', 'RechazoPrevio=X solo se admite junto con Subsanacion=S.'],
  [1155, 'Tercero', 'Se indica un tercero sin indicar que la factura la emite un tercero.'],
  [1156, 'Destinatarios/IDDestinatario/IDOtro/IDType', 'El tipo de factura no admite un destinatario identificado con NIF-IVA.'],
  [1157, 'Cupon', 'Cupón=S solo se admite en facturas R1 o R5.'],
  [1158, 'EmitidaPorTerceroODestinatario', 'Se indica que la emite un tercero o el destinatario pero falta el bloque correspondiente.'],
  [1160, 'Desglose/DetalleDesglose/TipoRecargoEquivalencia', 'Con IVA al 5 % el recargo solo puede ser 0,5 o 0,62.'],
  [1161, 'RechazoPrevio', 'RechazoPrevio=S requiere Subsanacion=S.'],
  [1162, 'Desglose/DetalleDesglose/TipoRecargoEquivalencia', 'Con IVA al 21 % el recargo solo puede ser 5,2 o 1,75.'],
  [1163, 'Desglose/DetalleDesglose/TipoRecargoEquivalencia', 'Con IVA al 10 % el recargo solo puede ser 1,4.'],
  [1164, 'Desglose/DetalleDesglose/TipoRecargoEquivalencia', 'Con IVA al 4 % el recargo solo puede ser 0,5.'],
  [1165, 'Desglose/DetalleDesglose/TipoRecargoEquivalencia', 'Con IVA al 0 % el recargo 0 solo se admite entre el 1-1-2023 y el 30-9-2024.'],
  [1166, 'Desglose/DetalleDesglose/TipoRecargoEquivalencia', 'Con IVA al 2 % el recargo solo puede ser 0,26.'],
  [1167, 'Desglose/DetalleDesglose/TipoRecargoEquivalencia', 'Con IVA al 5 % el recargo 0,5 solo se admite en el segundo semestre de 2022.'],
  [1168, 'Desglose/DetalleDesglose/TipoRecargoEquivalencia', 'Con IVA al 5 % el recargo 0,62 solo se admite entre el 1-1-2023 y el 30-9-2024.'],
  [1169, 'Desglose/DetalleDesglose/TipoRecargoEquivalencia', 'Con IVA al 7,5 % el recargo solo puede ser 1.'],
  [1170, 'Desglose/DetalleDesglose/TipoRecargoEquivalencia', 'Con IVA al 0 % desde el 1-10-2024 el recargo solo puede ser 0,26.'],
  [1171, 'Subsanacion', 'Subsanación o rechazo previo con un valor no permitido.'],
  [1174, 'Encadenamiento/RegistroAnterior/FechaExpedicionFactura', 'La fecha del registro anterior de la cadena es incorrecta.'],
  [1175, 'Encadenamiento/RegistroAnterior/NumSerieFactura', 'El número de factura del registro anterior de la cadena es incorrecto.'],
  [1176, 'SistemaInformatico/NIF', 'El NIF del productor del sistema informático es incorrecto (configuración).'],
  [1177, 'SistemaInformatico/IdSistemaInformatico', 'El identificador del sistema informático debe ser de 2 caracteres: letras mayúsculas (sin Ñ) o dígitos.'],
  [1179, 'SistemaInformatico', 'El bloque del sistema informático es incorrecto (configuración).'],
  [1180, 'Encadenamiento', 'El encadenamiento con el registro anterior es incorrecto.'],
  [1181, 'Desglose/DetalleDesglose/CalificacionOperacion', 'La calificación de la operación no es válida.'],
  [1182, 'Desglose/DetalleDesglose/OperacionExenta', 'La causa de exención no es válida.'],
  [1183, 'FacturaSimplificadaArt7273', 'La marca de simplificada art. 7.2/7.3 solo se admite en F1, F3, R1, R2, R3 o R4.'],
  [1185, 'FacturaSinIdentifDestinatarioArt61d', 'La marca de factura sin destinatario (art. 6.1.d) solo se admite en F2 o R5.'],
  [1186, 'Tercero', 'Si la factura la emite un tercero hay que identificarlo.'],
  [1187, 'Tercero', 'El tercero solo se indica cuando la factura la emite un tercero.'],
  [1188, 'Tercero/NIF', 'El NIF del tercero debe ser distinto del de la empresa.'],
  [1189, 'Destinatarios', 'Las facturas F1, F3 y R1–R4 deben identificar al destinatario (cliente con NIF o identificación extranjera).'],
  [1190, 'Destinatarios', 'Las facturas simplificadas (F2, R5) no identifican al destinatario.'],
  [1191, 'Destinatarios', 'En una R3 el destinatario solo puede identificarse con NIF o como no censado (07).'],
  [1192, 'Destinatarios', 'En una R2 el destinatario solo puede identificarse con NIF, NIF-IVA (02) o como no censado (07).'],
  [1193, 'Destinatarios/IDDestinatario/NIF', 'El NIF del cliente debe existir y ser distinto del de la empresa.'],
  [1194, 'Desglose/DetalleDesglose/TipoImpositivo', 'El tipo del 5 % solo se admite para operaciones entre el 1-7-2022 y el 30-9-2024.'],
  [1195, 'Desglose/DetalleDesglose/CalificacionOperacion', 'Cada línea del desglose necesita calificación de la operación o causa de exención.'],
  [1196, 'Desglose/DetalleDesglose/OperacionExenta', 'Una línea del desglose no puede tener a la vez calificación y exención.'],
  [1197, 'TipoFactura', 'La inversión del sujeto pasivo (S2) solo se admite en F1, F3 y R1–R4.'],
  [1198, 'Desglose/DetalleDesglose/TipoImpositivo', 'Con inversión del sujeto pasivo (S2) el tipo y la cuota deben ser 0.'],
  [1199, 'Desglose/DetalleDesglose/OperacionExenta', 'Con régimen general (01) no se admiten las exenciones E2 ni E3.'],
  [1200, 'Desglose/DetalleDesglose/CalificacionOperacion', 'Con la clave REBU (03) la calificación solo puede ser S1.'],
  [1201, 'Desglose/DetalleDesglose/CalificacionOperacion', 'Con la clave de oro de inversión (04) la operación debe ser S2 o exenta.'],
  [1202, 'Desglose/DetalleDesglose/BaseImponibleACoste', 'Con la clave 06 la factura no puede ser F2, F3 ni R5 y la base a coste es obligatoria.'],
  [1203, 'Desglose/DetalleDesglose/ClaveRegimen', 'Con criterio de caja (07) no se admiten E2–E5 ni S2, N1, N2.'],
  [1205, 'Desglose/DetalleDesglose/ClaveRegimen', 'Con la clave 10 la operación debe ser N1, la factura F1 y el cliente con NIF.'],
  [1206, 'Desglose/DetalleDesglose/TipoImpositivo', 'Con la clave 11 (arrendamiento de local) el tipo debe ser 21 %.'],
  [1207, 'Desglose/DetalleDesglose/CuotaRepercutida', 'Solo las operaciones sujetas y no exentas (S1) llevan cuota distinta de 0.'],
  [1208, 'Desglose/DetalleDesglose/TipoImpositivo', 'Una operación S1 necesita tipo impositivo y cuota.'],
  [1210, 'ImporteTotal', 'El importe total no corresponde a la suma de bases, cuotas y recargos.'],
  [1216, 'CuotaTotal', 'La cuota total no corresponde a la suma de cuotas y recargos.'],
  [1218, 'Desglose/DetalleDesglose/Impuesto', 'El impuesto debe ser 01 (IVA), 02 (IPSI), 03 (IGIC) o 05 (otros).'],
  [1223, 'SistemaInformatico', 'El sistema informático debe identificarse con NIF o con IDOtro, no con ambos.'],
  [1224, 'GeneradoPor', 'GeneradoPor y Generador deben indicarse juntos.'],
  [1237, 'Desglose/DetalleDesglose/TipoImpositivo', 'En operaciones no sujetas (N1, N2) de IVA no se indican tipo, cuota ni recargo.'],
  [1238, 'Desglose/DetalleDesglose/TipoImpositivo', 'En operaciones exentas no se indican tipo, cuota ni recargo.'],
  [1244, 'FechaHoraHusoGenRegistro', 'La fecha y hora de generación no tiene el formato aaaa-mm-ddThh:mm:ss+hh:mm.'],
  [1245, 'Desglose/DetalleDesglose/ClaveRegimen', 'La clave de régimen es obligatoria para IVA, IPSI e IGIC.'],
  [1246, 'Desglose/DetalleDesglose/ClaveRegimen', 'La clave de régimen no es válida.'],
  [1252, 'Desglose/DetalleDesglose/CalificacionOperacion', 'Con la clave 08 la operación debe ser N2 (no sujeta por localización).'],
  [1257, 'Desglose/DetalleDesglose/BaseImponibleACoste', 'La base a coste solo se admite con la clave 06 o con IPSI u otros impuestos.'],
  [1260, 'Desglose/DetalleDesglose/ClaveRegimen', 'La clave de régimen solo se indica para IVA, IPSI o IGIC.'],
  [1262, 'Huella', 'La huella no tiene 64 caracteres.'],
  [1269, 'Encadenamiento/RegistroAnterior', 'El bloque del registro anterior no está bien informado.'],
  [1281, 'Desglose/DetalleDesglose/TipoRecargoEquivalencia', 'El recargo de equivalencia solo se admite en operaciones S1.'],
  [1284, 'Desglose/DetalleDesglose/CuotaRecargoEquivalencia', 'El tipo y la cuota de recargo de equivalencia deben indicarse juntos.'],
  [1286, 'Desglose/DetalleDesglose/OperacionExenta', 'Con la clave de exportación (02) la operación debe ser exenta.'],
  [1287, 'IDFactura/NumSerieFactura', 'El campo contiene caracteres no admitidos (< > " \' =).'],
  [1289, 'Destinatarios', 'Con la exención E5 el destinatario debe identificarse con IDOtro.'],
  [1292, 'Huella', 'La huella no es alfanumérica.'],
  [1293, 'Desglose/DetalleDesglose/CalificacionOperacion', 'Con la clave 20 la operación debe ser N2.'],
  [3000, 'IDFactura', 'La AEAT ya tiene un registro de esta factura. Si es un reenvío, no hay nada que hacer; si es una corrección, envíe una subsanación.'],
  [3001, 'IDFactura', 'La factura ya estaba anulada en la AEAT.'],
  [3002, 'IDFactura', 'La AEAT no tiene un alta de esta factura: para anularla indique SinRegistroPrevio=S; para subsanarla, RechazoPrevio=X.'],
  [3003, 'IDFactura', 'El presentador no tiene permiso para modificar este registro.'],
  // 2xxx: accepted with errors that a subsanación must correct.
  [2000, 'Huella', 'La huella enviada no corresponde a los datos del registro. Compruebe la cadena y envíe una subsanación.'],
  [2001, 'Destinatarios/IDDestinatario/NIF', 'El NIF del cliente no está en el censo de la AEAT. Corrija el NIF en la ficha del cliente y subsane.'],
  [2002, 'Encadenamiento/RegistroAnterior/Huella', 'La huella del registro anterior no tiene la longitud correcta.'],
  [2003, 'Encadenamiento/RegistroAnterior/Huella', 'La huella del registro anterior no tiene el formato correcto.'],
  [2004, 'FechaHoraHusoGenRegistro', 'La fecha y hora de generación se aleja demasiado de la hora de la AEAT. Revise el reloj del servidor.'],
  [2005, 'ImporteTotal', 'El importe total no cuadra con el desglose (más de 10 € de diferencia).'],
  [2006, 'CuotaTotal', 'La cuota total no cuadra con el desglose (más de 10 € de diferencia).'],
  [2007, 'Encadenamiento/PrimerRegistro', 'Se marcó como primer registro pero la AEAT ya tiene registros de esta empresa con este sistema.'],
  [2008, 'Encadenamiento/RegistroAnterior/Huella', 'La huella del registro anterior es igual a la del propio registro.'],
  [2009, 'Desglose/DetalleDesglose/ClaveRegimen', 'Con IPSI (02) la clave de régimen es obligatoria.'],
];

export const ERRORES_AEAT: ReadonlyMap<number, ErrorAeat> = new Map(
  TABLA.map(([Codigo, Campo, Explicacion]) => [Codigo, { Codigo, Campo, Explicacion, Efecto: efectoDe(Codigo) }]),
);

/** The effect of a code by its range (used for codes not in the table). */
export function efectoDe(codigo: number): EfectoErrorAeat {
  if (codigo >= 4000 && codigo < 5000) return 'envio';
  if (codigo >= 2000 && codigo < 3000) return 'aceptado';
  return 'registro';
}

/** The explanation of an AEAT code; unknown codes get a generic one (with the AEAT's own text when given). */
export function explicarErrorAeat(codigo: number, descripcionAeat?: string): ErrorAeat {
  const known = ERRORES_AEAT.get(codigo);
  if (known) return known;
  const efecto = efectoDe(codigo);
  const base =
    efecto === 'envio'
      ? 'La AEAT rechazó el envío completo.'
      : efecto === 'aceptado'
        ? 'La AEAT aceptó el registro con errores que hay que subsanar.'
        : 'La AEAT rechazó el registro.';
  return {
    Codigo: codigo,
    Campo: '',
    Efecto: efecto,
    Explicacion: descripcionAeat ? `${base} ${descripcionAeat}` : base,
  };
}
