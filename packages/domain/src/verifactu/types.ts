import type {
  CalificacionOperacion,
  ClaveRegimen,
  GeneradoPor,
  IDType,
  ImpuestoVF,
  OperacionExenta,
  RechazoPrevioAlta,
  SiNo,
  TerceroODestinatario,
  TipoFactura,
  TipoRectificativa,
} from './codes.ts';

/**
 * VeriFactu records as the AEAT defines them (SuministroInformacion.xsd V1.0, compliance-es.md §1.4).
 *
 * Two layers:
 * - `Datos*` — what the sales cycle hands over: business values (amounts as decimal strings or numbers, dates as
 *   yyyy-mm-dd).
 * - `RegistroAlta` / `RegistroAnulacion` — the generated record: every value already in its AEAT text form
 *   ('123.40', '01-01-2024', '2024-01-01T19:20:30+01:00'), field names exactly as the XML elements. The huella,
 *   the XML builder and the chain check all read these same strings, so the hashed text and the sent text can
 *   never differ. Store the record as it is (JSON) and never rebuild it from the invoice.
 */

/** A decimal amount: '1234.5', '1234.50', 1234.5. Never binary-float arithmetic on it: it is parsed exactly. */
export type Importe = string | number;

export interface IDOtro {
  /** ISO 3166-1 alpha-2; mandatory unless IDType is 02 (NIF-IVA). */
  CodigoPais?: string;
  IDType: IDType;
  ID: string;
}

/** A person or company identified by a Spanish NIF or by IDOtro (exactly one of them). */
export interface PersonaFisicaJuridica {
  NombreRazon: string;
  NIF?: string;
  IDOtro?: IDOtro;
}

/** Configuration of the invoicing system (SistemaInformatico): the producer's data and this installation. */
export interface SistemaInformatico {
  /** Producer's name. */
  NombreRazon: string;
  /** Producer's NIF (or IDOtro for a foreign producer). */
  NIF?: string;
  IDOtro?: IDOtro;
  /** Up to 30 characters. */
  NombreSistemaInformatico: string;
  /** Two characters, each an uppercase letter (not Ñ) or a digit. */
  IdSistemaInformatico: string;
  Version: string;
  /** Installation number, unique per producer and system (up to 100 characters). */
  NumeroInstalacion: string;
  TipoUsoPosibleSoloVerifactu: SiNo;
  TipoUsoPosibleMultiOT: SiNo;
  /** S when this installation currently invoices for more than one obligado tributario. */
  IndicadorMultiplesOT: SiNo;
}

/** IDFactura in AEAT form (FechaExpedicionFactura dd-mm-yyyy). */
export interface IDFactura {
  IDEmisorFactura: string;
  NumSerieFactura: string;
  FechaExpedicionFactura: string;
}

export interface IDFacturaAnulada {
  IDEmisorFacturaAnulada: string;
  NumSerieFacturaAnulada: string;
  FechaExpedicionFacturaAnulada: string;
}

/** The previous record of the chain as it appears in Encadenamiento/RegistroAnterior. */
export interface RegistroAnterior extends IDFactura {
  Huella: string;
}

export type Encadenamiento = { PrimerRegistro: 'S' } | { RegistroAnterior: RegistroAnterior };

export interface DetalleDesglose {
  /** Default 01 (IVA) when absent. */
  Impuesto?: ImpuestoVF;
  ClaveRegimen?: ClaveRegimen;
  /** Exactly one of CalificacionOperacion / OperacionExenta. */
  CalificacionOperacion?: CalificacionOperacion;
  OperacionExenta?: OperacionExenta;
  TipoImpositivo?: string;
  BaseImponibleOimporteNoSujeto: string;
  BaseImponibleACoste?: string;
  CuotaRepercutida?: string;
  TipoRecargoEquivalencia?: string;
  CuotaRecargoEquivalencia?: string;
}

export interface ImporteRectificacion {
  BaseRectificada: string;
  CuotaRectificada: string;
  CuotaRecargoRectificado?: string;
}

/** The invoice's marks, the same in the input (`DatosAlta`) and in the record (`RegistroAlta`). */
export interface MarcasFactura {
  /** yyyy-mm-dd, only when it differs from the expedition date. */
  FechaOperacion?: string;
  DescripcionOperacion: string;
  FacturaSimplificadaArt7273?: SiNo;
  FacturaSinIdentifDestinatarioArt61d?: SiNo;
  /** In the input, computed (S when |ImporteTotal| ≥ 100,000,000.00) when absent. */
  Macrodato?: SiNo;
  EmitidaPorTerceroODestinatario?: TerceroODestinatario;
  Tercero?: PersonaFisicaJuridica;
  Destinatarios?: PersonaFisicaJuridica[];
  Cupon?: SiNo;
}

/** A generated registro de alta: AEAT text values, XML element names and order. */
export interface RegistroAlta extends MarcasFactura {
  TipoOperacion: 'Alta';
  IDVersion: '1.0';
  IDFactura: IDFactura;
  RefExterna?: string;
  NombreRazonEmisor: string;
  Subsanacion?: SiNo;
  RechazoPrevio?: RechazoPrevioAlta;
  TipoFactura: TipoFactura;
  TipoRectificativa?: TipoRectificativa;
  FacturasRectificadas?: IDFactura[];
  FacturasSustituidas?: IDFactura[];
  ImporteRectificacion?: ImporteRectificacion;
  // Here, in the XML: the invoice's marks (`MarcasFactura`, FechaOperacion … Cupon).
  Desglose: DetalleDesglose[];
  CuotaTotal: string;
  ImporteTotal: string;
  Encadenamiento: Encadenamiento;
  SistemaInformatico: SistemaInformatico;
  FechaHoraHusoGenRegistro: string;
  NumRegistroAcuerdoFacturacion?: string;
  IdAcuerdoSistemaInformatico?: string;
  TipoHuella: '01';
  Huella: string;
}

/** A generated registro de anulación. */
export interface RegistroAnulacion {
  TipoOperacion: 'Anulacion';
  IDVersion: '1.0';
  IDFactura: IDFacturaAnulada;
  RefExterna?: string;
  /** S: the AEAT has no alta for this invoice (e.g. it was never sent). */
  SinRegistroPrevio?: SiNo;
  /** S: the anulación follows an AEAT rejection of a previous anulación. */
  RechazoPrevio?: SiNo;
  GeneradoPor?: GeneradoPor;
  Generador?: PersonaFisicaJuridica;
  Encadenamiento: Encadenamiento;
  SistemaInformatico: SistemaInformatico;
  FechaHoraHusoGenRegistro: string;
  TipoHuella: '01';
  Huella: string;
}

export type RegistroFacturacion = RegistroAlta | RegistroAnulacion;

// ------------------------------------------------------------------------------------------------------------------
// Inputs from the invoicing side (business values; the generator turns them into AEAT text)

/** An invoice reference with an ISO date (yyyy-mm-dd); the issuer defaults to the record's issuer. */
export interface ReferenciaFactura {
  IDEmisorFactura?: string;
  NumSerieFactura: string;
  /** yyyy-mm-dd */
  FechaExpedicionFactura: string;
}

export interface DatosDesglose {
  Impuesto?: ImpuestoVF;
  ClaveRegimen?: ClaveRegimen;
  CalificacionOperacion?: CalificacionOperacion;
  OperacionExenta?: OperacionExenta;
  /** Rate in percent: 21, '10', '5.2'. */
  TipoImpositivo?: Importe;
  BaseImponibleOimporteNoSujeto: Importe;
  BaseImponibleACoste?: Importe;
  CuotaRepercutida?: Importe;
  TipoRecargoEquivalencia?: Importe;
  CuotaRecargoEquivalencia?: Importe;
}

export interface DatosAlta extends MarcasFactura {
  /** Issuer's NIF (the company). */
  IDEmisorFactura: string;
  NumSerieFactura: string;
  /** yyyy-mm-dd */
  FechaExpedicionFactura: string;
  NombreRazonEmisor: string;
  RefExterna?: string;
  /** Correction of an earlier alta of the same invoice (S). */
  Subsanacion?: SiNo;
  RechazoPrevio?: RechazoPrevioAlta;
  TipoFactura: TipoFactura;
  TipoRectificativa?: TipoRectificativa;
  FacturasRectificadas?: ReferenciaFactura[];
  FacturasSustituidas?: ReferenciaFactura[];
  ImporteRectificacion?: { BaseRectificada: Importe; CuotaRectificada: Importe; CuotaRecargoRectificado?: Importe };
  Desglose: DatosDesglose[];
  /** Σ(CuotaRepercutida + CuotaRecargoEquivalencia) when absent. */
  CuotaTotal?: Importe;
  /** Σ(Base + CuotaRepercutida + CuotaRecargoEquivalencia) when absent (IRPF withholding is never deducted). */
  ImporteTotal?: Importe;
  NumRegistroAcuerdoFacturacion?: string;
  IdAcuerdoSistemaInformatico?: string;
}

export interface DatosAnulacion {
  IDEmisorFacturaAnulada: string;
  NumSerieFacturaAnulada: string;
  /** yyyy-mm-dd */
  FechaExpedicionFacturaAnulada: string;
  RefExterna?: string;
  SinRegistroPrevio?: SiNo;
  RechazoPrevio?: SiNo;
  GeneradoPor?: GeneradoPor;
  Generador?: PersonaFisicaJuridica;
}

/** Spain's two civil time zones relevant to VeriFactu: mainland/Balearics/Ceuta/Melilla and the Canary Islands. */
export type ZonaHoraria = 'peninsula' | 'canarias';

/** What the generator needs besides the invoice: the chain position, the clock and the system configuration. */
export interface ContextoRegistro {
  SistemaInformatico: SistemaInformatico;
  /** The chain's last record (alta or anulación) of this company and installation; null for the first one. */
  anterior: RegistroFacturacion | null;
  /** The generation instant (UTC); defaults to now. */
  instante?: Date;
  /** Default 'peninsula'. */
  zona?: ZonaHoraria;
}
