import { Suspense } from 'react';
import type { EditPanelProps } from '../../ui/extensions.ts';
import { registerExtensions } from '../../ui/extensions.ts';
import { lazyNamed } from '../../ui/lazyNamed.ts';

// The timeline is its own chunk: the entity screens do not carry the CRM screens for users without it.
const ContactoCrm = lazyNamed(() => import('./ContactoCrm.tsx'), 'ContactoCrm');

const timeline =
  (tipo: 'c' | 'p') =>
  ({ id, readOnly }: EditPanelProps) => (
    <Suspense fallback={null}>
      <ContactoCrm tipo={tipo} id={id} readOnly={readOnly} />
    </Suspense>
  );

/** Under a customer's and a potential customer's form: their opportunities and activities (the CRM timeline). */
registerExtensions({ panels: { 'clientes:crm': timeline('c'), 'clientespot:crm': timeline('p') } });
