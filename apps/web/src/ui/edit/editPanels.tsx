import { ENTITIES } from '@faro/domain';
import type { ComponentType } from 'react';
import { StockPanel } from '../../features/catalogo/StockPanel.tsx';
import { LogoUpload } from '../../features/empresa/LogoUpload.tsx';
import { ChildRecords } from './ChildRecords.tsx';

export interface EditPanelProps {
  /** The record being edited (panels show only once it exists). */
  id: number;
  readOnly: boolean;
  /** The user's level on the entity's permission. */
  level: number;
}

/** Bespoke panels under the generic form of some entities, by entity name. */
export const EDIT_PANELS: Record<string, ComponentType<EditPanelProps>> = {
  tarifas: ({ id, readOnly }) => (
    <ChildRecords
      child={ENTITIES.tarifaslineas}
      parentField="IdTarifa"
      parentId={id}
      title="Líneas de la tarifa: descuento o precio fijo por producto o familia"
      readOnly={readOnly}
    />
  ),
  almacenes: ({ id, readOnly }) => <StockPanel almacenId={id} readOnly={readOnly} />,
  empresa: ({ readOnly }) => <LogoUpload readOnly={readOnly} />,
};
