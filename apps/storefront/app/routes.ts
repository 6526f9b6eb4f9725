import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  index('routes/root-redirect.tsx'),
  route(':lang', 'routes/locale.tsx', [
    route('pages/coming-soon', 'routes/coming-soon.tsx'),
    route('consent', 'routes/consent.tsx'),
    route('account/logout', 'routes/logout.tsx'),
    layout('routes/empty-layout.tsx', [
      route('checkout/success_frame', 'routes/payment-frame.tsx', { id: 'payment-success-frame' }),
      route('checkout/cancel_frame', 'routes/payment-frame.tsx', { id: 'payment-cancel-frame' }),
      // Outside the shop's guard: staff log in here while the shop is closed.
      route('account/login', 'routes/login.tsx'),
    ]),
    layout('routes/shop-layout.tsx', [
      index('routes/home.tsx'),
      route('products', 'routes/products.tsx'),
      route('products/:id', 'routes/product.tsx'),
      route('checkout/cart', 'routes/cart.tsx'),
      route('checkout/checkout', 'routes/checkout.tsx'),
      route('checkout/order-success', 'routes/order-success.tsx'),
      route('pages/:slug', 'routes/page.tsx'),
      route('vendors', 'routes/vendors.tsx'),
      route('vendors/:vendorId', 'routes/vendor.tsx', { id: 'vendor' }),
      route('vendors/:vendorId/products', 'routes/vendor.tsx', { id: 'vendor-products' }),
      route('vendors/:vendorId/blogs', 'routes/vendor.tsx', { id: 'vendor-blogs' }),
      route('vendors/:vendorId/pages', 'routes/vendor.tsx', { id: 'vendor-pages' }),
      route('vendors/:vendorId/products/:slug', 'routes/vendor-item.tsx', { id: 'vendor-product' }),
      route('vendors/:vendorId/blogs/:slug', 'routes/vendor-item.tsx', { id: 'vendor-blog' }),
      route('vendors/:vendorId/pages/:slug', 'routes/vendor-item.tsx', { id: 'vendor-page' }),
      route('blogs', 'routes/blogs.tsx'),
      route('blogs/:id', 'routes/blog.tsx'),
      route('bundles', 'routes/bundles.tsx'),
      route('bundles/:id', 'routes/bundle.tsx'),
      route('attributes', 'routes/attributes.tsx', { id: 'attributes' }),
      route('values', 'routes/attributes.tsx', { id: 'values' }),
      route('attributes/:id', 'routes/attribute.tsx', { id: 'attribute' }),
      route('values/:id', 'routes/attribute.tsx', { id: 'value' }),
      route('*', 'routes/not-found.tsx'),
    ]),
  ]),
] satisfies RouteConfig;
