// @vitest-environment happy-dom
// The legend's transport line says, in words, whether a cut loses a message or only delays it.
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { TransportNote } from "./TransportNote.tsx";

afterEach(cleanup);

describe("TransportNote", () => {
  it("Raft runs on datagrams: a cut loses the RPC", () => {
    render(<TransportNote protocol="raft" />);
    expect(screen.getByText(/Datagrams: an RPC caught by a cut/)).toBeTruthy();
  });
  it("etcd runs on a connection: a cut only delays bytes", () => {
    render(<TransportNote protocol="etcd" />);
    const line = screen.getByText(/only delays bytes/);
    expect(line.closest("p")?.textContent).toMatch(/^Transport\. One gRPC connection per client/);
  });
});
