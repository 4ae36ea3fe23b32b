import { ENTITIES } from '@faro/domain';
import { ChildRecords } from '../../ui/edit/ChildRecords.tsx';
import { registerExtensions } from '../../ui/extensions.ts';
import { StockPanel } from './StockPanel.tsx';

registerExtensions({
  panels: {
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
  },
});
