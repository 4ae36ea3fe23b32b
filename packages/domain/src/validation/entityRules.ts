import type { EntityRule, FieldIssue } from '../entities/defineEntity.ts';
import { provinciaDeCodigoPostal } from '../reference/provincias.ts';
import { isAcceptableBarcode } from './ean.ts';
import { isValidIban } from './iban.ts';
import { MSG_DATOS } from './masterMessages.ts';
import { MSG } from './messages.ts';
import { isValidNaf } from './socialSecurity.ts';
import { checkTaxId } from './taxId.ts';
import { checkVatId } from './vatId.ts';

/** Reusable rules across fields. They accept raw form values too (strings not yet trimmed, '' for empty). */
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : v == null ? '' : String(v));
const issue = (Campo: string, Mensaje: string): FieldIssue[] => [{ Campo, Mensaje }];

/** The message for an identifier of a given type, or null when it is right. */
export function identityProblem(tipo: string | null | undefined, value: string): string | null {
  const t = tipo || 'nif';
  if (t === 'nif') {
    const r = checkTaxId(value);
    return r.ok ? null : r.reason === 'letra' ? MSG.taxIdLetter : MSG.format;
  }
  if (t === 'nifiva') {
    const r = checkVatId(value);
    if (r.ok) return null;
    if (r.reason === 'letra') return MSG.taxIdLetter;
    return /^[A-Z]{2}/i.test(value.replace(/\s/g, '')) ? MSG.format : MSG_DATOS.vatIdCountry;
  }
  return value.replace(/\s/g, '').length >= 3 ? null : MSG.format;
}

/** The tax id checked by the kind of identification in `typeField` (Spanish by default). */
export const taxIdByType =
  (field: string, typeField: string): EntityRule =>
  (values) => {
    const value = text(values[field]);
    if (!value) return [];
    const problem = identityProblem(text(values[typeField]), value);
    return problem ? issue(field, problem) : [];
  };

/** Country as ISO alpha-2; a Spanish postal code of 5 digits whose first two are the province's INE code. */
export const spanishAddress =
  (postalCode: string, province: string, country: string): EntityRule =>
  (values) => {
    const pais = text(values[country]).toUpperCase() || 'ES';
    if (!/^[A-Z]{2}$/.test(pais)) return issue(country, MSG_DATOS.countryCode);
    const cp = text(values[postalCode]);
    if (pais !== 'ES' || !cp) return [];
    const fromCp = provinciaDeCodigoPostal(cp);
    if (!fromCp) return issue(postalCode, MSG_DATOS.postalCodeSpain);
    const prov = text(values[province]);
    return prov && prov !== fromCp ? issue(postalCode, MSG_DATOS.postalCodeProvince) : [];
  };

export const barcode =
  (field: string): EntityRule =>
  (values) => {
    const v = text(values[field]);
    return v && !isAcceptableBarcode(v) ? issue(field, MSG_DATOS.barcode) : [];
  };

export const socialSecurityNumber =
  (field: string): EntityRule =>
  (values) => {
    const v = text(values[field]);
    return v && !isValidNaf(v) ? issue(field, MSG_DATOS.naf) : [];
  };

/** IBAN required (and valid) when `when(values)` holds: bank accounts of the treasury. */
export const ibanRequiredWhen =
  (field: string, when: (values: Record<string, unknown>) => boolean): EntityRule =>
  (values) => {
    if (!when(values)) return [];
    const v = text(values[field]);
    if (!v) return issue(field, MSG_DATOS.ibanRequired);
    return isValidIban(v) ? [] : issue(field, MSG.iban);
  };

export const dateRange =
  (from: string, to: string): EntityRule =>
  (values) => {
    const a = text(values[from]);
    const b = text(values[to]);
    return a && b && b < a ? issue(to, MSG_DATOS.dateRange) : [];
  };
