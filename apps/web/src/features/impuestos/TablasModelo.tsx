import {
  CASILLAS_MANUALES,
  CASILLAS_NO_IMPORTE,
  formatDate,
  type ModeloTributario,
  SECCIONES_MODELO,
} from '@faro/domain';
import { Badge, Card, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { TdImporte } from '../../ui/fields/Importe.tsx';
import { derecha, TablaSimple } from '../../ui/TablaSimple.tsx';
import { DescargarJustificante } from './JustificantePdf.tsx';
import { type Calculo, type Registro, valor } from './modelosModel.ts';

/**
 * The return's boxes as the official form lays them out, a card per section: the boxes the books do not hold are
 * inputs, every other amount a button that opens the invoices behind it.
 */
export function CasillasModelo({
  modelo,
  calculo,
  ajustes,
  ajustar,
  verTraza,
}: {
  modelo: ModeloTributario;
  calculo: Calculo;
  ajustes: Record<string, string> | undefined;
  ajustar: (casilla: string, valor: string) => void;
  verTraza: (casilla: string) => void;
}) {
  // 303's annual summary (page 04) only comes in the last period.
  return SECCIONES_MODELO[modelo]
    .filter((s) => calculo.Casillas[s.Casillas[0]?.[0] ?? ''] !== undefined)
    .map((s) => (
      <Card key={s.Titulo} withBorder radius="md" padding="sm">
        <Title order={2} fz="h4" mb="xs">
          {s.Titulo}
        </Title>
        <TablaSimple
          minWidth={340}
          th={{ scope: 'col' }}
          striped
          verticalSpacing={4}
          aria-label={s.Titulo}
          columnas={[{ titulo: 'Casilla', w: 70 }, 'Concepto', derecha('Importe')]}
        >
          {s.Casillas.map(([k, etiqueta]) => {
            const editable = CASILLAS_MANUALES[modelo].includes(k) && !calculo.Presentada;
            const v = calculo.Casillas[k];
            return (
              <Table.Tr key={k}>
                <Table.Td>
                  <Badge variant="light" color="gray" radius="sm">
                    [{k}]
                  </Badge>
                </Table.Td>
                <Table.Td>{etiqueta}</Table.Td>
                <Table.Td ta="right">
                  {editable ? (
                    <TextInput
                      aria-label={`Casilla ${k}: ${etiqueta}`}
                      size="xs"
                      inputMode="decimal"
                      styles={{ input: { textAlign: 'right' } }}
                      value={ajustes?.[k] ?? ''}
                      placeholder={v}
                      onChange={(e) => ajustar(k, e.currentTarget.value)}
                    />
                  ) : CASILLAS_NO_IMPORTE[modelo].includes(k) && !k.match(/^(01|04|07|10)$/) ? (
                    valor(modelo, k, v)
                  ) : (
                    <UnstyledButton
                      onClick={() => verTraza(k)}
                      aria-label={`Casilla ${k}: ${valor(modelo, k, v)}. Ver las facturas`}
                      style={{ textDecoration: 'underline', fontVariantNumeric: 'tabular-nums' }}
                    >
                      {valor(modelo, k, v)}
                    </UnstyledButton>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </TablaSimple>
      </Card>
    ));
}

/** 190 / 180 / 347: the declared people, with their key, amount and (as the model needs) cash or withholding. */
export function Declarados({ modelo, declarados }: { modelo: ModeloTributario; declarados: Calculo['Declarados'] }) {
  const conRetencion = modelo === '190' || modelo === '180';
  return (
    <Card withBorder radius="md" padding="sm">
      <Title order={2} fz="h4" mb="xs">
        Declarados
      </Title>
      <TablaSimple
        minWidth={340}
        th={{ scope: 'col' }}
        striped
        aria-label="Declarados"
        columnas={[
          'NIF',
          'Nombre',
          'Clave',
          derecha('Importe'),
          ...(modelo === '347' ? [derecha('En metálico')] : []),
          ...(conRetencion ? [derecha('Retención')] : []),
        ]}
      >
        {declarados.map((d) => (
          <Table.Tr key={`${d.NIF}-${d.Clave}-${d.Importe}`}>
            <Table.Td>{d.NIF}</Table.Td>
            <Table.Td>{d.Nombre}</Table.Td>
            <Table.Td>
              {d.Clave}
              {d.Subclave ?? ''}
            </Table.Td>
            <TdImporte value={d.Importe} />
            {modelo === '347' && <TdImporte value={d.Metalico ?? '0'} />}
            {conRetencion && <TdImporte value={d.Retencion ?? '0'} />}
          </Table.Tr>
        ))}
      </TablaSimple>
    </Card>
  );
}

/** The returns saved in the year, with their filing date, receipt and result. */
export function ModelosGuardados({ anyo, registros }: { anyo: string; registros: Registro[] | undefined }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Title order={2} fz="h4" mb="xs">
        Modelos guardados en {anyo}
      </Title>
      {registros && registros.length === 0 && <Text size="sm">Ninguno todavía.</Text>}
      {registros && registros.length > 0 && (
        <TablaSimple
          minWidth={340}
          th={{ scope: 'col' }}
          striped
          aria-label="Modelos guardados"
          columnas={['Modelo', 'Periodo', 'Estado', 'Presentación', derecha('Resultado')]}
        >
          {registros.map((r) => (
            <Table.Tr key={r.Id}>
              <Table.Td>{r.Modelo}</Table.Td>
              <Table.Td>{r.Periodo}</Table.Td>
              <Table.Td>
                {r.Estado === 'presentada' ? 'Presentada' : 'Borrador'}
                {r.Tipo !== 'normal' ? ` (${r.Tipo})` : ''}
              </Table.Td>
              <Table.Td>
                {r.FechaPresentacion ? `${formatDate(r.FechaPresentacion)} · ${r.Justificante ?? ''}` : ''}
                {r.JustificantePdf && <DescargarJustificante id={r.Id} etiqueta={`${r.Modelo} ${r.Periodo}`} />}
              </Table.Td>
              <TdImporte value={r.Resultado} />
            </Table.Tr>
          ))}
        </TablaSimple>
      )}
    </Card>
  );
}
