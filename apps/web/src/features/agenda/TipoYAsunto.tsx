import { TIPOS_ACTIVIDAD } from '@faro/domain';
import { Select, TextInput } from '@mantine/core';

/** The type and subject of an activity (an agenda event is one): the same two fields in the agenda and the CRM. */
export function TipoYAsunto({
  tipo,
  onTipo,
  asunto,
  onAsunto,
  error,
  autoFocus,
}: {
  tipo: string;
  onTipo: (tipo: string) => void;
  asunto: string;
  onAsunto: (asunto: string) => void;
  error?: string | null;
  autoFocus?: boolean;
}) {
  return (
    <>
      <Select
        label="Tipo"
        allowDeselect={false}
        value={tipo}
        onChange={(v) => v && onTipo(v)}
        data={TIPOS_ACTIVIDAD.map((t) => ({ ...t }))}
      />
      <TextInput
        label="Asunto"
        required
        autoFocus={autoFocus}
        value={asunto}
        error={error}
        maxLength={200}
        onChange={(e) => onAsunto(e.currentTarget.value)}
      />
    </>
  );
}
