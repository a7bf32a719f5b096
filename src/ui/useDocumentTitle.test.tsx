// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, render } from "@testing-library/react";
import { StrictMode } from "react";
import { useDocumentTitle } from "./useDocumentTitle";

function Titled({ title }: { title: string | undefined }) {
  useDocumentTitle(title);
  return null;
}

// The root layout's route title, then a page inside it that names itself (as NotFound does).
function Layout({ route, inner }: { route: string | undefined; inner?: string }) {
  return (
    <>
      <Titled title={route} />
      <main>{inner !== undefined && <Titled title={inner} />}</main>
    </>
  );
}

beforeEach(() => {
  document.title = "Election Lab";
});
afterEach(cleanup);

describe("useDocumentTitle", () => {
  it("sets the page's title and follows its changes", () => {
    const { rerender } = render(<Titled title="Quiz · Election Lab" />);
    expect(document.title).toBe("Quiz · Election Lab");
    rerender(<Titled title="Glossary · Election Lab" />);
    expect(document.title).toBe("Glossary · Election Lab");
  });

  it("puts the page's own title back when nothing asks for one", () => {
    const { rerender, unmount } = render(<Titled title="Quiz · Election Lab" />);
    rerender(<Titled title={undefined} />);
    expect(document.title).toBe("Election Lab");
    rerender(<Titled title="Sandbox · Election Lab" />);
    expect(document.title).toBe("Sandbox · Election Lab");
    unmount();
    expect(document.title).toBe("Election Lab");
  });

  it("shows a page's title over the layout's, even when the layout's changes after", () => {
    const { rerender } = render(<Layout route="Election Lab" inner="Page not found · Election Lab" />);
    expect(document.title).toBe("Page not found · Election Lab");
    rerender(<Layout route="Lesson · Election Lab" inner="Page not found · Election Lab" />);
    expect(document.title).toBe("Page not found · Election Lab");
    rerender(<Layout route="Lesson · Election Lab" />);
    expect(document.title).toBe("Lesson · Election Lab");
  });

  it("survives StrictMode's mount, unmount and mount again", () => {
    const { unmount } = render(
      <StrictMode>
        <Layout route="Election Lab" inner="Page not found · Election Lab" />
      </StrictMode>,
    );
    expect(document.title).toBe("Page not found · Election Lab");
    unmount();
    expect(document.title).toBe("Election Lab");
  });
});
