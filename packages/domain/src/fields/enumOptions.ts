/** One option of `enumOptions(labels)`: its value keeps the literal type, so `(typeof X)[number]['value']` is the union. */
export interface EnumOptionOf<T extends Record<string, string>> {
  readonly value: keyof T & string;
  readonly label: T[keyof T & string];
}

/** A key JavaScript orders before the others (an array index such as '10'): refused, it would reorder the list. */
const INDEX = /^(0|[1-9]\d*)$/;

/**
 * The options of an enum field (`{ value, label }`, in the order written) from a map of value to Spanish label:
 * `enumOptions({ caja: 'Caja', banco: 'Cuenta corriente' })`. Values that look like array indexes ('10') would come
 * out first, so they are refused ('01' is fine); such a list keeps its `{ value, label }` array.
 */
export function enumOptions<const T extends Record<string, string>>(labels: T): readonly EnumOptionOf<T>[] {
  return (Object.keys(labels) as (keyof T & string)[]).map((value) => {
    if (INDEX.test(value)) throw new Error(`enumOptions: el valor ${value} cambiaría el orden de la lista`);
    return { value, label: labels[value] };
  });
}

/** Options whose value is their position (the spec's numeric states: 0 Pendiente, 1 …), from the labels in order. */
export function opcionesPorIndice<const L extends readonly string[]>(
  ...labels: L
): readonly { readonly value: number; readonly label: L[number] }[] {
  return labels.map((label, value) => ({ value, label }));
}
