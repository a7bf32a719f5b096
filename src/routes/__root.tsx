import { Outlet, createRootRoute } from "@tanstack/react-router";
import { PageTitle } from "../ui/PageTitle";
import { SiteHeader } from "../ui/SiteHeader";
import { Notices } from "../app/Notices";
import { NotFound } from "../ui/NotFound";

export const Route = createRootRoute({
  head: () => ({ meta: [{ title: "Election Lab" }] }),
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  return (
    <>
      <PageTitle />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <Notices />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>Election Lab: learn leader election by breaking a live cluster.</p>
      </footer>
    </>
  );
}
