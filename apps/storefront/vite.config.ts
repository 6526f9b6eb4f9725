import { basename } from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const CONTRACT = /[\\/]packages[\\/]contract[\\/]src[\\/]/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The domain's small helpers that every page uses in a chunk of their own; zod, and each
          // module of the contract (the forms' schemas) in a chunk of its own: pages without a form
          // do not load zod (issue 12), and a page with one loads and runs only the contract's
          // modules its forms use (issue 25, decision 0072: the cart ran all of them, ~170 KB).
          groups: [
            { name: 'domain', test: /[\\/]packages[\\/]domain[\\/]/, priority: 3 },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 2 },
            {
              name: (id) => (CONTRACT.test(id) ? `contract-${basename(id, '.ts')}` : null),
              test: CONTRACT,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          // In the browser the contract's modules only define schemas: one whose exports no page
          // uses is left out (its registry entries serve the server's API documents).
          treeshake: { moduleSideEffects: (id) => !CONTRACT.test(id) },
        },
      },
    },
  },
});
