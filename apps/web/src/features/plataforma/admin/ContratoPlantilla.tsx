import { type FieldDef, MARCADORES_CONTRATO } from '@faro/domain';
import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../platform/api/client.ts';
import { ligarTexto, useErroresCampo } from '../../../ui/form/erroresCampo.ts';
import { LazyTemplateBodyInput } from '../../comunicaciones/LazyTemplateBodyInput.tsx';
import { fechaHora, Pagina, Tabla } from '../comun.tsx';
import { ADM, usePublicar } from './adminApi.ts';

interface Plantilla {
  Titulo: string;
  Cuerpo: string;
  Version: number;
}
const CUERPO_DEF = {
  kind: 'richText',
  label: 'Texto del contrato',
  required: true,
  help: `Marcadores: ${MARCADORES_CONTRATO.map((m) => `{{${m}}}`).join(' ')}`,
} as unknown as FieldDef;

/** admcontrato/editar: the contract template (rich text with placeholders); every save is a new version. */
export function ContratoPlantilla() {
  const q = useQuery({
    queryKey: ['plataforma', 'admcontrato'],
    queryFn: () =>
      api.get<{
        Actual: Plantilla;
        Versiones: { Id: number; Version: number; Titulo: string; Autor: string; Creado: string }[];
      }>(`${ADM}/admcontrato/edit`),
  });
  if (!q.data) return <Text c="dimmed">Cargando datos...</Text>;
  return <PlantillaForm key={q.data.Actual.Version} datos={q.data} />;
}

function PlantillaForm({
  datos,
}: {
  datos: {
    Actual: Plantilla;
    Versiones: { Id: number; Version: number; Titulo: string; Autor: string; Creado: string }[];
  };
}) {
  const publicar = usePublicar();
  const [v, setV] = useState({ Titulo: datos.Actual.Titulo, Cuerpo: datos.Actual.Cuerpo });
  const { errores: err, intentar } = useErroresCampo();
  const texto = ligarTexto(v, setV, err);
  return (
    <Pagina titulo="Contrato">
      <Card withBorder>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Versión vigente: {datos.Actual.Version || 'texto por defecto'}. Guardar crea una versión nueva; los
            contratos ya generados conservan la suya.
          </Text>
          <TextInput label="Título" withAsterisk {...texto('Titulo')} />
          <LazyTemplateBodyInput
            name="Cuerpo"
            def={CUERPO_DEF}
            value={v.Cuerpo}
            onChange={(c) => setV((x) => ({ ...x, Cuerpo: String(c ?? '') }))}
            onBlur={() => {}}
            error={err.Cuerpo}
            readOnly={false}
          />
          <Group>
            <Button
              onClick={() =>
                intentar(() => publicar('admcontrato', v, 'Se ha guardado una versión nueva del contrato'))
              }
            >
              Guardar versión nueva
            </Button>
          </Group>
        </Stack>
      </Card>
      <Tabla
        etiqueta="Versiones del contrato"
        filas={datos.Versiones}
        clave={(x) => x.Id}
        vacio="Todavía no hay versiones guardadas"
        columnas={[
          { titulo: 'Versión', celda: (x) => x.Version, numerica: true },
          { titulo: 'Título', celda: (x) => x.Titulo },
          { titulo: 'Autor', celda: (x) => x.Autor },
          { titulo: 'Fecha', celda: (x) => fechaHora(x.Creado) },
        ]}
      />
    </Pagina>
  );
}
