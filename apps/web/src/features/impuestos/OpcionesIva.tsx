import { Card, Checkbox, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { ligarTexto } from '../../ui/form/erroresCampo.ts';
import type { Opciones, OpcionesEditadas } from './modelosModel.ts';

/** 303's options: the provisional pro-rata and, for the last quarter, exoneration from 390 and the activity. */
export function OpcionesIva({
  actuales,
  editadas,
  bloqueadas,
  errores,
  cambiar,
}: {
  actuales: Opciones;
  editadas: OpcionesEditadas | null;
  bloqueadas: boolean;
  errores: Record<string, string>;
  cambiar: (o: OpcionesEditadas) => void;
}) {
  const v: OpcionesEditadas = editadas ?? { ...actuales, Prorrata: String(actuales.Prorrata ?? 100) };
  const set = (x: Partial<OpcionesEditadas>) => cambiar({ ...v, ...x });
  const texto = ligarTexto(v, set, errores);
  return (
    <Card withBorder radius="md" padding="sm">
      <Title order={2} fz="h4" mb={4}>
        Opciones de IVA de la empresa
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        Se guardan con el borrador y se aplican a los siguientes modelos 303 hasta que las cambies.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
        <TextInput
          label="Prorrata provisional (%)"
          description="Porcentaje del IVA soportado que se deduce (100 sin prorrata)"
          inputMode="numeric"
          disabled={bloqueadas}
          {...texto('Prorrata')}
        />
        <Checkbox
          mt={{ base: 0, md: 'xl' }}
          label="Exonerada del modelo 390 (resumen anual en el último periodo)"
          disabled={bloqueadas}
          checked={Boolean(v.Exonerado390)}
          onChange={(e) => set({ Exonerado390: e.currentTarget.checked })}
        />
        <TextInput
          label="Clave de actividad"
          description="Por ejemplo, A01"
          maxLength={3}
          disabled={bloqueadas || !v.Exonerado390}
          {...texto('ClaveActividad')}
        />
        <TextInput
          label="Epígrafe del IAE"
          description="Hasta 4 cifras"
          inputMode="numeric"
          maxLength={4}
          disabled={bloqueadas || !v.Exonerado390}
          {...texto('EpigrafeIAE')}
        />
      </SimpleGrid>
    </Card>
  );
}
