/**
 * The clash check every calendar shares (academy timetable, driving-school classes): `nueva` against the other
 * bookings, itself excluded by Id, and for each one that overlaps it the resources they both hold.
 */
export function choquesDe<T extends { Id?: number | null }, C>(
  nueva: T,
  otras: readonly T[],
  solapan: (a: T, b: T) => boolean,
  recursosComunes: (otra: T) => C[],
): C[] {
  return otras.filter((o) => !(nueva.Id != null && o.Id === nueva.Id) && solapan(nueva, o)).flatMap(recursosComunes);
}

/** The clash of one resource (`Campo`) both bookings hold: empty when `nueva` has none or they differ. */
export function mismoRecurso<T extends { Id?: number | null }, K extends keyof T & string, Tipo extends string>(
  nueva: T,
  otra: T,
  tipo: Tipo,
  Campo: K,
): { tipo: Tipo; Campo: K; Id: T['Id'] }[] {
  return nueva[Campo] && nueva[Campo] === otra[Campo] ? [{ tipo, Campo, Id: otra.Id }] : [];
}
