import { CAMPOS_LLEVADO, type DestinoConversion, formatAmount, superaPendiente } from '@faro/domain';
import { Group, Modal, Radio, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { BotonesDialogo } from '../../ui/BotonesDialogo.tsx';
import { Cabecera, derecha } from '../../ui/TablaSimple.tsx';
import { aDecimal, type DocumentoVenta, type LineaDoc, numeroEditable } from './documentosModel.ts';
import { useLado } from './lado.ts';

/** A line to carry in a conversion: the origin line and the quantity (the server refuses more than pending). */
export interface LineaConvertir {
  Id: number;
  Cantidad: string;
}

/** The pending quantity of a line towards a destination (`edit/{id}` gives it; the whole line when absent). */
export function pendienteHacia(l: LineaDoc, tipoDestino: string): string {
  const campo = CAMPOS_LLEVADO[tipoDestino as DestinoConversion]?.pendiente;
  return (campo && l[campo]) || l.Cantidad;
}

/** True when `pedida` is not a quantity or does not fit in `pendiente` (other sign or more than it). */
export function cantidadNoValida(pedida: string, pendiente: string): boolean {
  const v = aDecimal(pedida);
  if (!/^[+-]?\d{1,12}([.]\d{1,3})?$/.test(v)) return true;
  return superaPendiente(v, pendiente);
}

/**
 * Partial conversion: the destination, and each line with its pending quantity towards it and the quantity to
 * carry (the pending one by default; 0 leaves the line out).
 */
export function ConvertirParcial({
  doc,
  destinos,
  ocupado,
  onCerrar,
  onConvertir,
}: {
  doc: DocumentoVenta;
  destinos: string[];
  ocupado: boolean;
  onCerrar: () => void;
  onConvertir: (destino: string, lineas: LineaConvertir[]) => void;
}) {
  const lado = useLado();
  const tipoDe = (r: string) => lado.recursos[r]?.tipo ?? r;
  const lineas = (doc.Lineas ?? []).filter((l) => l.Id !== undefined);
  const [destino, setDestino] = useState<string>(destinos[0] ?? '');
  const inicial = (d: string) =>
    Object.fromEntries(lineas.map((l) => [l.Id as number, numeroEditable(pendienteHacia(l, tipoDe(d)))]));
  const [cantidades, setCantidades] = useState<Record<number, string>>(() => inicial(destino));
  const errores = Object.fromEntries(
    lineas.map((l) => {
      const pendiente = pendienteHacia(l, tipoDe(destino));
      const pedida = cantidades[l.Id as number] ?? '';
      return [l.Id as number, cantidadNoValida(pedida, pendiente) ? `Máximo ${numeroEditable(pendiente)}` : null];
    }),
  );
  const elegidas = lineas.filter((l) => Number(aDecimal(cantidades[l.Id as number] ?? '0')) !== 0);
  const hayErrores = Object.values(errores).some(Boolean);
  return (
    <Modal opened onClose={onCerrar} title="Convertir: líneas y cantidades" centered size="xl">
      <Stack>
        <Radio.Group
          label="Convertir en"
          value={destino}
          onChange={(v) => {
            setDestino(v);
            setCantidades(inicial(v));
          }}
        >
          <Group mt={6}>
            {destinos.map((d) => (
              <Radio key={d} value={d} label={lado.recursos[d]?.singular ?? d} />
            ))}
          </Group>
        </Radio.Group>
        <Table data-testid="lineas-parcial" verticalSpacing={4}>
          <Cabecera columnas={['Línea', derecha('Cantidad'), derecha('Pendiente'), derecha('A convertir')]} />
          <Table.Tbody>
            {lineas.map((l) => {
              const id = l.Id as number;
              return (
                <Table.Tr key={id}>
                  <Table.Td>
                    {l.Descripcion} · {formatAmount(l.Precio)}
                  </Table.Td>
                  <Table.Td ta="right">{numeroEditable(l.Cantidad)}</Table.Td>
                  <Table.Td ta="right" data-testid={`pendiente-${id}`}>
                    {numeroEditable(pendienteHacia(l, tipoDe(destino)))}
                  </Table.Td>
                  <Table.Td w={140}>
                    <TextInput
                      size="xs"
                      aria-label={`Cantidad a convertir de ${l.Descripcion}`}
                      value={cantidades[id] ?? ''}
                      error={errores[id]}
                      inputMode="decimal"
                      styles={{ input: { textAlign: 'right' } }}
                      onChange={(e) => {
                        const v = e.currentTarget.value;
                        setCantidades((c) => ({ ...c, [id]: v }));
                      }}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed">
          Pon 0 para dejar una línea fuera; lo que quede pendiente se podrá convertir más adelante.
        </Text>
        <BotonesDialogo
          onCancelar={onCerrar}
          loading={ocupado}
          disabled={elegidas.length === 0 || hayErrores}
          onClick={() =>
            onConvertir(
              destino,
              elegidas.map((l) => ({ Id: l.Id as number, Cantidad: aDecimal(cantidades[l.Id as number]!) })),
            )
          }
        >
          Convertir {elegidas.length} {elegidas.length === 1 ? 'línea' : 'líneas'}
        </BotonesDialogo>
      </Stack>
    </Modal>
  );
}
