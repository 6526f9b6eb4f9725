import { describeFilterPanel } from '../../test/filter-panel.ts';

// The filter panel's answers against their definition (apps/api/test/filter-panel.ts), from the
// catalogue index (decision 0085).
describeFilterPanel({ indexed: true });
