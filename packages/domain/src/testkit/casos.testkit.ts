import { expect, it } from 'vitest';

/**
 * A test per row of `filas`: `f` of the row's leading values is its last value (`toBe`). `nombre` prints the row's
 * values as `it.each` does (`%s`, `%j`, `%#`).
 */
export function casos<A extends unknown[], S>(
  nombre: string,
  f: (...entrada: A) => S,
  filas: readonly (readonly [...A, S])[],
): void {
  it.each(filas.map((fila) => [...fila]))(nombre, (...fila: unknown[]) => {
    expect(f(...(fila.slice(0, -1) as A))).toBe(fila.at(-1));
  });
}

/** A test per value of `valores`: `f` of it is `esperado` (`nombre` prints the value as `it.each` does). */
export function todos<E, S>(nombre: string, f: (entrada: E) => S, esperado: S, valores: readonly E[]): void {
  it.each(valores.map((v) => [v]))(nombre, (v) => {
    expect(f(v)).toBe(esperado);
  });
}

/** As `casos` for answers compared by value (`toEqual`): objects, arrays. */
export function casosIguales<E>(
  nombre: string,
  f: (entrada: E) => unknown,
  filas: readonly (readonly [E, unknown])[],
): void {
  it.each(filas.map(([entrada, esperado]) => [entrada, esperado]))(nombre, (entrada, esperado) => {
    expect(f(entrada as E)).toEqual(esperado);
  });
}
