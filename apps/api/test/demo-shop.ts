/** The shop pages the demo shop must have: the spec's fixed pages and the ones the storefront links. */
export const DEMO_PAGE_SLUGS = [
  'about',
  'contact',
  'faq',
  'imprint',
  'privacy-policy',
  'typography',
  'register_new_organization',
  'vendors',
  'coming-soon',
];
