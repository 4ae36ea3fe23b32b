import { Anchor, Checkbox, Group, NumberInput, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonProtegido } from '../../ui/BotonProtegido.tsx';
import { TdImporte } from '../../ui/fields/Importe.tsx';
import { ligarTexto, useErroresCampo } from '../../ui/form/erroresCampo.ts';
import { SeccionTarjeta } from '../../ui/SeccionTarjeta.tsx';
import { TablaSimple } from '../../ui/TablaSimple.tsx';
import { BASE, type Tratamiento, useOdon, useRefrescar } from './odontologiaApi.ts';

/** The treatments catalogue: service products, exempt E1 (health care) unless marked aesthetic (21 %). */
export function Tratamientos() {
  const refrescar = useRefrescar();
  const lista = useOdon<{ Items: Tratamiento[] }>('tratamientos/list');
  const [f, setF] = useState({ Descripcion: '', PrecioVenta: 0 as number | string, Estetico: false });
  const { errores, intentar } = useErroresCampo();
  const texto = ligarTexto(f, setF, errores);
  const crear = () =>
    intentar(async () => {
      await api.post(`${BASE}/tratamientos/save`, f);
      notifySuccess('Tratamiento añadido al catálogo');
      setF({ Descripcion: '', PrecioVenta: 0, Estetico: false });
      await refrescar();
    });
  return (
    <Stack>
      <Title order={1} size="h2">
        Tratamientos
      </Title>
      <Text c="dimmed">
        Los tratamientos sanitarios están exentos de IVA (art. 20.1.3º LIVA, causa E1); los estéticos tributan al 21 %.
        Se editan también como productos del catálogo.
      </Text>
      <TablaSimple columnas={['Código', 'Tratamiento', 'Precio', 'IVA']}>
        {(lista.data?.Items ?? []).map((t) => (
          <Table.Tr key={t.Id}>
            <Table.Td>
              <Anchor component={Link} to={`/productos/editar/${t.Id}`}>
                {t.Codigo}
              </Anchor>
            </Table.Td>
            <Table.Td>{t.Descripcion}</Table.Td>
            <TdImporte value={t.PrecioVenta} />
            <Table.Td>{t.Exencion ? `Exento (${t.Exencion})` : `${Number(t.PorcentajeIva ?? 0)} %`}</Table.Td>
          </Table.Tr>
        ))}
      </TablaSimple>
      <SeccionTarjeta id="nuevo-trat" titulo="Nuevo tratamiento">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Descripción" required {...texto('Descripcion')} />
          <NumberInput
            label="Precio"
            min={0}
            decimalScale={2}
            value={f.PrecioVenta}
            onChange={(v) => setF({ ...f, PrecioVenta: v })}
            error={errores.PrecioVenta}
          />
          <Checkbox
            label="Estético (IVA 21 %)"
            checked={f.Estetico}
            onChange={(e) => setF({ ...f, Estetico: e.currentTarget.checked })}
            mt="lg"
          />
        </SimpleGrid>
        <Group mt="sm">
          <BotonProtegido permiso="CataProdServ" accion="crear" onClick={crear}>
            Añadir tratamiento
          </BotonProtegido>
        </Group>
      </SeccionTarjeta>
    </Stack>
  );
}
