/** Spanish provinces by their INE code, which is also the first two digits of their postal codes. */
export const PROVINCIAS = [
  { value: '01', label: 'Araba/Álava' },
  { value: '02', label: 'Albacete' },
  { value: '03', label: 'Alicante/Alacant' },
  { value: '04', label: 'Almería' },
  { value: '05', label: 'Ávila' },
  { value: '06', label: 'Badajoz' },
  { value: '07', label: 'Illes Balears' },
  { value: '08', label: 'Barcelona' },
  { value: '09', label: 'Burgos' },
  { value: '10', label: 'Cáceres' },
  { value: '11', label: 'Cádiz' },
  { value: '12', label: 'Castellón/Castelló' },
  { value: '13', label: 'Ciudad Real' },
  { value: '14', label: 'Córdoba' },
  { value: '15', label: 'A Coruña' },
  { value: '16', label: 'Cuenca' },
  { value: '17', label: 'Girona' },
  { value: '18', label: 'Granada' },
  { value: '19', label: 'Guadalajara' },
  { value: '20', label: 'Gipuzkoa' },
  { value: '21', label: 'Huelva' },
  { value: '22', label: 'Huesca' },
  { value: '23', label: 'Jaén' },
  { value: '24', label: 'León' },
  { value: '25', label: 'Lleida' },
  { value: '26', label: 'La Rioja' },
  { value: '27', label: 'Lugo' },
  { value: '28', label: 'Madrid' },
  { value: '29', label: 'Málaga' },
  { value: '30', label: 'Murcia' },
  { value: '31', label: 'Navarra' },
  { value: '32', label: 'Ourense' },
  { value: '33', label: 'Asturias' },
  { value: '34', label: 'Palencia' },
  { value: '35', label: 'Las Palmas' },
  { value: '36', label: 'Pontevedra' },
  { value: '37', label: 'Salamanca' },
  { value: '38', label: 'Santa Cruz de Tenerife' },
  { value: '39', label: 'Cantabria' },
  { value: '40', label: 'Segovia' },
  { value: '41', label: 'Sevilla' },
  { value: '42', label: 'Soria' },
  { value: '43', label: 'Tarragona' },
  { value: '44', label: 'Teruel' },
  { value: '45', label: 'Toledo' },
  { value: '46', label: 'Valencia/València' },
  { value: '47', label: 'Valladolid' },
  { value: '48', label: 'Bizkaia' },
  { value: '49', label: 'Zamora' },
  { value: '50', label: 'Zaragoza' },
  { value: '51', label: 'Ceuta' },
  { value: '52', label: 'Melilla' },
] as const;

export type CodigoProvincia = (typeof PROVINCIAS)[number]['value'];

/** The province of a Spanish postal code ('28013' → '28'), or null when it is not one. */
export function provinciaDeCodigoPostal(cp: string | null | undefined): CodigoProvincia | null {
  const m = /^(\d{2})\d{3}$/.exec((cp ?? '').trim());
  if (!m) return null;
  const code = m[1] as string;
  return PROVINCIAS.some((p) => p.value === code) ? (code as CodigoProvincia) : null;
}
