import { VisuallyHidden } from '@mantine/core';

/** The figures of a chart as a table, for screen readers (the chart itself is a picture with a keyboard tooltip). */
export function TablaAlternativa({
  titulo,
  columnas,
  filas,
}: {
  titulo: string;
  columnas: string[];
  filas: { clave: string; celdas: string[] }[];
}) {
  return (
    <VisuallyHidden>
      <table>
        <caption>{titulo}</caption>
        <thead>
          <tr>
            {columnas.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {filas.map(({ clave, celdas: [cabecera, ...resto] }) => (
            <tr key={clave}>
              <th scope="row">{cabecera}</th>
              {resto.map((v, i) => (
                <td key={columnas[i + 1]}>{v}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}
