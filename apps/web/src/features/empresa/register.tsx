import { registerExtensions } from '../../ui/extensions.ts';
import { ExportacionCompleta } from './ExportacionCompleta.tsx';
import { LogoUpload } from './LogoUpload.tsx';

registerExtensions({
  // The logo is uploaded apart, in the logo panel under the form.
  inputs: { 'empresa.Logo': () => null },
  panels: {
    empresa: ({ readOnly }) => (
      <>
        <LogoUpload readOnly={readOnly} />
        <ExportacionCompleta />
      </>
    ),
  },
});
