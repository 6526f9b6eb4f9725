import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The contract and zod (the forms' and the API client's schemas) in a chunk of their
          // own, apart from the domain's small helpers that every page uses: pages without a
          // form do not load zod (issue 12).
          groups: [
            { name: 'domain', test: /[\\/]packages[\\/]domain[\\/]/, priority: 2 },
            { name: 'contract', test: /[\\/](zod|packages[\\/]contract)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
