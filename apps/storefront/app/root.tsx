import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import './app.css';

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<{ locale?: string }>('routes/locale-layout');
  return (
    <html lang={data?.locale ?? 'en'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#ffffff" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && error.status === 404
      ? 'This page could not be found'
      : 'Something went wrong.';
  return (
    <main className="mx-auto max-w-xl p-8 text-center">
      <h1 className="text-5xl font-bold">{status}</h1>
      <p className="mt-4">{message}</p>
      <a className="mt-6 inline-block text-primary underline" href="/">
        Back to homepage
      </a>
    </main>
  );
}
